import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { elapsed, formatClock, type OverlayState } from '../state';
import { usePresence } from '../use-presence';

type Timer = NonNullable<OverlayState['timer']>;

/** The game clock, top right; ticks while running, dimmed while paused. */
export function GameTimer({ timer }: { timer: Timer | null }) {
  const intl = useIntl();
  const { shown, leaving } = usePresence(timer);
  const [now, setNow] = useState(() => Date.now());
  const running = shown?.running === true;
  useEffect(() => {
    if (!running) return;
    setNow(Date.now());
    const id = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(id);
  }, [running]);
  if (!shown) return null;
  return (
    <section
      className="ov-timer ov-panel ov-panel-enter"
      data-state={leaving ? 'leaving' : 'shown'}
      data-running={running || undefined}
      data-testid="timer"
    >
      <p className="ov-eyebrow">
        {intl.formatMessage({ id: 'overlay.timer' })}
        {running ? null : ` · ${intl.formatMessage({ id: 'overlay.timer.paused' })}`}
      </p>
      <p className="ov-timer__clock">
        <time>{formatClock(elapsed(shown, Math.max(now, shown.since)))}</time>
      </p>
    </section>
  );
}
