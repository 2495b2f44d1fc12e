import type { LiveStatus } from '@companion/sdk/live';
import { useEffect, useState } from 'react';
import { IntlProvider, useIntl } from 'react-intl';
import { DeckPanel } from './components/deck-panel';
import { GameTimer } from './components/game-timer';
import { LifeBar } from './components/life-bar';
import { Spotlight } from './components/spotlight';
import { TextBanner } from './components/text-banner';
import type { OverlayConfig } from './config';
import { messages } from './i18n/messages';
import { useLiveOverlay } from './use-live-overlay';

/** A notice for the streamer setting up the source (no token, or a replaced one). */
function Notice({ kind }: { kind: 'setup' | 'revoked' }) {
  const intl = useIntl();
  return (
    <section className="ov-notice ov-panel ov-panel-enter" role="alert" data-testid={`notice-${kind}`}>
      <h1 className="ov-notice__title">{intl.formatMessage({ id: `overlay.${kind}.title` })}</h1>
      <p>{intl.formatMessage({ id: `overlay.${kind}.body` })}</p>
    </section>
  );
}

/** Shown only when the connection has been down for a few seconds, so a quick reconnect goes unseen. */
function Status({ status }: { status: LiveStatus }) {
  const intl = useIntl();
  const [late, setLate] = useState(false);
  useEffect(() => {
    setLate(false);
    if (status === 'open' || status === 'closed') return;
    const timer = setTimeout(() => setLate(true), 3000);
    return () => clearTimeout(timer);
  }, [status]);
  if (!late) return null;
  return (
    <p className="ov-status" role="status" data-testid="status">
      {intl.formatMessage({
        id: status === 'connecting' ? 'overlay.status.connecting' : 'overlay.status.reconnecting',
      })}
    </p>
  );
}

function Stage({ config }: { config: OverlayConfig }) {
  const { state, status, refused } = useLiveOverlay(config.apiUrl, config.token);
  const intl = useIntl();
  useEffect(() => {
    document.title = intl.formatMessage({ id: 'overlay.title' });
  }, [intl]);
  if (!config.token) return <Notice kind="setup" />;
  if (refused) return <Notice kind="revoked" />;
  return (
    <main className="ov-stage" data-status={status}>
      <div className="ov-top">
        <DeckPanel deck={state.deck} />
        <GameTimer timer={state.timer} />
      </div>
      <Spotlight spotlight={state.spotlight} />
      <div className="ov-bottom">
        <TextBanner text={state.text} />
        <LifeBar players={state.players} />
      </div>
      <Status status={status} />
    </main>
  );
}

export function App({ config }: { config: OverlayConfig }) {
  return (
    <IntlProvider locale={config.locale} defaultLocale="en-US" messages={messages[config.locale]}>
      <Stage config={config} />
    </IntlProvider>
  );
}
