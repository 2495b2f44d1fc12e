import { ManaCost } from '@companion/ui';
import { useIntl } from 'react-intl';
import type { OverlayDeck } from '../state';
import { usePresence } from '../use-presence';

/** The deck being played: name, commanders, colour identity and bracket. */
export function DeckPanel({ deck }: { deck: OverlayDeck | null }) {
  const intl = useIntl();
  const { shown, leaving } = usePresence(deck);
  if (!shown) return null;
  const identity = shown.colorIdentity.length > 0 ? shown.colorIdentity.map((c) => `{${c}}`).join('') : '{C}';
  return (
    <section
      className="ov-deck ov-panel ov-panel-enter"
      data-state={leaving ? 'leaving' : 'shown'}
      data-testid="deck"
    >
      <p className="ov-eyebrow">{intl.formatMessage({ id: 'overlay.deck' })}</p>
      <p className="ov-deck__name">{shown.name}</p>
      {shown.commanders.length > 0 ? (
        <p className="ov-deck__commanders">{shown.commanders.map((c) => c.name).join(' · ')}</p>
      ) : null}
      <p className="ov-deck__meta">
        <ManaCost cost={identity} size="md" />
        {shown.bracket ? (
          <span className="ov-chip">
            {intl.formatMessage({ id: 'overlay.bracket' }, { bracket: shown.bracket })}
          </span>
        ) : null}
      </p>
    </section>
  );
}
