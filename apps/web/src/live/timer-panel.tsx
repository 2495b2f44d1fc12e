import type { LiveTimerActionValue } from '@companion/sdk';
import { Button } from '@companion/ui';
import { useEffect, useState } from 'react';
import { useT } from '../i18n/use-t';
import type { Send } from './send';
import { applyTimer, clock, elapsedAt, STOPPED } from './timer';

/** A game clock: start, pause, reset; the overlay runs its own from what is sent. */
export function TimerPanel({ send }: { send: Send }) {
  const t = useT();
  const [timer, setTimer] = useState(STOPPED);
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    if (!timer.running) return;
    const id = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(id);
  }, [timer.running]);
  const act = (action: LiveTimerActionValue) => {
    const at = Date.now();
    const next = applyTimer(timer, action, at);
    setTimer(next);
    setNow(at);
    send({ type: 'timer', action, elapsedMs: next.elapsedMs });
  };
  return (
    <section className="web-card web-live__panel" aria-labelledby="live-timer">
      <h2 id="live-timer">{t('web.live.timer.title')}</h2>
      <div className="web-live__row">
        <output className="web-live__clock">{clock(elapsedAt(timer, now))}</output>
        {timer.running ? (
          <Button type="button" variant="secondary" onClick={() => act('pause')}>
            {t('web.live.timer.pause')}
          </Button>
        ) : (
          <Button type="button" variant="primary" onClick={() => act('start')}>
            {t('web.live.timer.start')}
          </Button>
        )}
        <Button type="button" variant="ghost" onClick={() => act('reset')}>
          {t('web.live.timer.reset')}
        </Button>
        <Button type="button" variant="ghost" onClick={() => send({ type: 'clear', target: 'timer' })}>
          {t('web.live.hide')}
        </Button>
      </div>
    </section>
  );
}
