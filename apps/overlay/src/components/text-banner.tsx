import type { OverlayState } from '../state';
import { usePresence } from '../use-presence';

/** The streamer's custom text, as a lower third. */
export function TextBanner({ text }: { text: OverlayState['text'] }) {
  const { shown, leaving } = usePresence(text);
  if (!shown) return null;
  return (
    <p
      key={shown.key}
      className="ov-text ov-panel ov-panel-enter"
      data-state={leaving ? 'leaving' : 'shown'}
      data-testid="text"
    >
      {shown.text}
    </p>
  );
}
