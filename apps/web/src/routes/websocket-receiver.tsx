import type { LiveMessage } from '@companion/sdk/contract';
import type { LiveMessageFrame } from '@companion/sdk/live';
import { EmptyState } from '@companion/ui';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { PageHeading } from '../components/page-heading';
import { useT } from '../i18n/use-t';
import { useLiveChannel } from '../lib/live';
import { StatusBadge } from '../live/status-badge';

const KEEP = 50;

/** One line per message: what the overlay will show. */
function summary(message: LiveMessage, t: ReturnType<typeof useT>): string {
  switch (message.type) {
    case 'spotlight':
      return t('web.live.receiver.spotlight', { name: message.card.name });
    case 'life':
      return message.players.map((p) => `${p.name} ${p.life}`).join(' · ');
    case 'deck':
      return t('web.live.receiver.deck', { name: message.deck.name });
    case 'timer':
      return t('web.live.receiver.timer', {
        action: message.action,
        seconds: Math.round(message.elapsedMs / 1000),
      });
    case 'text':
      return message.text;
    case 'clear':
      return t('web.live.receiver.clear', { target: message.target });
  }
}

/** `/websocket/receiver`: shows what arrives on the channel, newest first (checks the setup). */
export function Component() {
  const t = useT();
  const intl = useIntl();
  const [frames, setFrames] = useState<LiveMessageFrame[]>([]);
  const { status, error } = useLiveChannel('receiver', (frame) =>
    setFrames((list) => [frame, ...list].slice(0, KEEP)),
  );
  return (
    <>
      <PageHeading
        title={t('web.page.websocketReceiver.title')}
        description={t('web.page.websocketReceiver.description')}
        actions={<StatusBadge status={status} />}
      />
      {status === 'closed' && error ? (
        <p className="web-form__error" role="alert">
          {error.message}
        </p>
      ) : null}
      {frames.length === 0 ? (
        <EmptyState
          title={t('web.live.receiver.empty')}
          description={t('web.live.receiver.emptyHint')}
          headingLevel={2}
        />
      ) : (
        <ol className="web-card web-live__log" aria-label={t('web.live.receiver.log')}>
          {frames.map((f) => (
            <li key={f.seq} data-testid="received" data-type={f.message.type}>
              <time dateTime={f.sentAt} className="web-muted">
                {intl.formatTime(new Date(f.sentAt), {
                  hour: '2-digit',
                  minute: '2-digit',
                  second: '2-digit',
                })}
              </time>
              <span className="web-live__type">{f.message.type}</span>
              <span className="web-live__summary">{summary(f.message, t)}</span>
            </li>
          ))}
        </ol>
      )}
    </>
  );
}
