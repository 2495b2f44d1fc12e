import { CardImage, type ScryfallCardLike } from '@companion/ui';
import { useIntl } from 'react-intl';
import type { OverlayState } from '../state';
import { usePresence } from '../use-presence';

type Spot = NonNullable<OverlayState['spotlight']>;

function asScryfall(card: Spot['card']): ScryfallCardLike {
  const uris = card.imageUri ? { large: card.imageUri, normal: card.imageUri } : undefined;
  return {
    id: card.id,
    name: card.name,
    ...(card.manaCost ? { mana_cost: card.manaCost } : {}),
    ...(card.typeLine ? { type_line: card.typeLine } : {}),
    ...(uris ? { image_uris: uris } : {}),
  };
}

/** The spotlighted card, large on the right; its picture, or a drawn card when the picture fails. */
export function Spotlight({ spotlight }: { spotlight: Spot | null }) {
  const intl = useIntl();
  const { shown, leaving } = usePresence(spotlight);
  if (!shown) return null;
  return (
    <section
      key={shown.key}
      className="ov-spotlight ov-panel-enter"
      data-state={leaving ? 'leaving' : 'shown'}
      aria-label={intl.formatMessage({ id: 'overlay.spotlight' })}
      data-testid="spotlight"
    >
      <CardImage card={asScryfall(shown.card)} size="large" priority className="ov-spotlight__card" />
      <p className="ov-spotlight__name">{shown.card.name}</p>
    </section>
  );
}
