import type { LiveStatus } from '@companion/sdk/live';
import { Badge } from '@companion/ui';
import { useT } from '../i18n/use-t';

const STATUS_TONE: Record<LiveStatus, 'success' | 'warning' | 'danger' | 'neutral'> = {
  open: 'success',
  connecting: 'neutral',
  reconnecting: 'warning',
  closed: 'danger',
};

const STATUS_LABEL: Record<LiveStatus, string> = {
  open: 'web.live.status.open',
  connecting: 'web.live.status.connecting',
  reconnecting: 'web.live.status.reconnecting',
  closed: 'web.live.status.closed',
};

/** The live channel's connection state (sender and receiver pages). */
export function StatusBadge({ status }: { status: LiveStatus }) {
  const t = useT();
  return (
    <Badge tone={STATUS_TONE[status]} data-testid="live-status" data-status={status}>
      {t(STATUS_LABEL[status])}
    </Badge>
  );
}
