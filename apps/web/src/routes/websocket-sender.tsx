import { Button } from '@companion/ui';
import { useState } from 'react';
import { PageHeading } from '../components/page-heading';
import { useT } from '../i18n/use-t';
import { useLiveChannel } from '../lib/live';
import { DeckPanel } from '../live/deck-panel';
import { LifePanel } from '../live/life-panel';
import type { Send } from '../live/send';
import { SpotlightPanel } from '../live/spotlight-panel';
import { StatusBadge } from '../live/status-badge';
import { TextPanel } from '../live/text-panel';
import { TimerPanel } from '../live/timer-panel';

/** `/websocket/sender`: a phone-friendly control panel for the overlay, one panel per part of it. */
export function Component() {
  const t = useT();
  const { client, status, error } = useLiveChannel('sender');
  const [failure, setFailure] = useState<string | null>(null);
  const send: Send = (message) => {
    if (!client) return;
    setFailure(null);
    client.send(message).catch((e: unknown) => setFailure(e instanceof Error ? e.message : String(e)));
  };
  const shown = failure ?? (status === 'closed' ? error?.message : null);
  return (
    <div className="web-live">
      <PageHeading
        title={t('web.page.websocketSender.title')}
        description={t('web.page.websocketSender.description')}
        actions={<StatusBadge status={status} />}
      />
      {shown ? (
        <p className="web-form__error" role="alert">
          {shown}
        </p>
      ) : null}
      <LifePanel send={send} />
      <SpotlightPanel send={send} />
      <DeckPanel send={send} />
      <TimerPanel send={send} />
      <TextPanel send={send} />
      <Button type="button" variant="danger" onClick={() => send({ type: 'clear', target: 'all' })}>
        {t('web.live.clearAll')}
      </Button>
    </div>
  );
}
