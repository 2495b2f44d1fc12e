import './card-image.css';
import { clsx } from 'clsx';
import { useState } from 'react';
import { useUiIntl } from '../../i18n/use-ui-intl';
import { ManaCost } from '../mana-cost/mana-cost';

/** The subset of Scryfall's `image_uris` this component reads. */
export interface ScryfallImageUris {
  small?: string;
  normal?: string;
  large?: string;
  png?: string;
  border_crop?: string;
  art_crop?: string;
}

export interface ScryfallCardFace {
  name: string;
  mana_cost?: string;
  type_line?: string;
  image_uris?: ScryfallImageUris;
}

/** The subset of a Scryfall card object this component reads. */
export interface ScryfallCardLike extends ScryfallCardFace {
  id?: string;
  lang?: string;
  printed_name?: string;
  card_faces?: ScryfallCardFace[];
}

export type CardImageSize = 'small' | 'normal' | 'large' | 'png' | 'border_crop';

/** Pixel sizes Scryfall serves, used for width/height so the layout never shifts. */
export const cardImageDimensions: Record<CardImageSize, { width: number; height: number }> = {
  small: { width: 146, height: 204 },
  normal: { width: 488, height: 680 },
  large: { width: 672, height: 936 },
  png: { width: 745, height: 1040 },
  border_crop: { width: 480, height: 680 },
};

export interface CardImageProps {
  card: ScryfallCardLike;
  size?: CardImageSize;
  /** Face to show first (0 = front). */
  initialFace?: number;
  /** Load eagerly (above the fold); otherwise lazy. */
  priority?: boolean;
  /** Display width in CSS (default: fill the container). */
  width?: number | string;
  className?: string;
  onFaceChange?: (face: number) => void;
}

/** Faces that have their own images (transform, modal DFC, meld backs); single-image cards give one face. */
function imageFaces(card: ScryfallCardLike): ScryfallCardFace[] {
  const faces = card.card_faces ?? [];
  if (!card.image_uris && faces.length > 1 && faces.every((f) => f.image_uris)) return faces;
  return [
    {
      name: card.printed_name ?? card.name,
      mana_cost: card.mana_cost ?? faces[0]?.mana_cost,
      type_line: card.type_line ?? faces[0]?.type_line,
      image_uris: card.image_uris ?? faces[0]?.image_uris,
    },
  ];
}

const flipIcon = (
  <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
    <path
      fill="currentColor"
      d="M8 2.5a5.5 5.5 0 0 1 5.22 3.75H11.5a.75.75 0 0 0 0 1.5h3.25A.75.75 0 0 0 15.5 7V3.75a.75.75 0 0 0-1.5 0v1.1A7 7 0 0 0 1.06 7.1a.75.75 0 1 0 1.49.2A5.5 5.5 0 0 1 8 2.5Zm6.4 5.7a.75.75 0 0 0-.84.65A5.5 5.5 0 0 1 2.78 9.75H4.5a.75.75 0 0 0 0-1.5H1.25A.75.75 0 0 0 .5 9v3.25a.75.75 0 0 0 1.5 0v-1.1a7 7 0 0 0 12.94-2.25.75.75 0 0 0-.54-.7Z"
    />
  </svg>
);

/**
 * Pictures that failed to load in a row, across every card image. After `GIVE_UP_AFTER` of them
 * (offline, or the picture server unreachable) new card images show their fallback at once instead
 * of requesting a picture that fails too: a grid of thousands of cards then mounts each tile once,
 * without a request, an error event and a second render per tile. A picture that loads, the browser
 * coming back online, or `RETRY_AFTER` since the last failure ends it.
 */
const GIVE_UP_AFTER = 6;
const RETRY_AFTER = 60_000;
const failures = { inARow: 0, last: 0 };
if (typeof window !== 'undefined') window.addEventListener('online', () => (failures.inARow = 0));
const picturesUnavailable = () =>
  failures.inARow >= GIVE_UP_AFTER && Date.now() - failures.last < RETRY_AFTER;
/** Forgets earlier failures (for tests). */
export function resetCardImageFailures() {
  failures.inARow = 0;
}

/**
 * A card picture from Scryfall: lazy, sized to avoid layout shift, with a styled text fallback
 * (name, mana cost, type line) when the image is missing or fails. Double-faced cards can flip.
 */
export function CardImage({
  card,
  size = 'normal',
  initialFace = 0,
  priority = false,
  width,
  className,
  onFaceChange,
}: CardImageProps) {
  const { t } = useUiIntl();
  const faces = imageFaces(card);
  const firstFace = Math.min(Math.max(initialFace, 0), faces.length - 1);
  const [faceIndex, setFaceIndex] = useState(firstFace);
  // Faces whose picture failed; the first one already, while pictures are unavailable.
  const initialFailures = (): Record<number, boolean> => (picturesUnavailable() ? { [firstFace]: true } : {});
  const [failed, setFailed] = useState(initialFailures);
  // Another card in the same place (a recycled grid cell): start again from its first face. Done
  // while rendering, not in an effect, so a tile mounts with one render instead of two.
  const identity = `${card.id ?? ''}|${card.name}`;
  const [shown, setShown] = useState(identity);
  if (shown !== identity) {
    setShown(identity);
    setFailed(initialFailures());
    setFaceIndex(firstFace);
  }
  const face = faces[faceIndex] ?? faces[0];
  const src = face?.image_uris?.[size] ?? face?.image_uris?.normal ?? face?.image_uris?.large;
  const dims = cardImageDimensions[size];
  const showFallback = !src || failed[faceIndex] === true;
  const canFlip = faces.length > 1;

  const flip = () => {
    const next = (faceIndex + 1) % faces.length;
    setFaceIndex(next);
    onFaceChange?.(next);
  };

  return (
    <div
      className={clsx('cui-card-image', className)}
      data-size={size}
      data-face={faceIndex}
      style={width !== undefined ? { width } : undefined}
    >
      {showFallback ? (
        <div className="cui-card-image__fallback" role="img" aria-label={face?.name ?? card.name}>
          <div className="cui-card-image__fallback-title" aria-hidden="true">
            <span className="cui-card-image__fallback-name">{face?.name ?? card.name}</span>
            <ManaCost cost={face?.mana_cost} size="sm" decorative />
          </div>
          <div className="cui-card-image__fallback-art" aria-hidden="true" />
          {face?.type_line ? (
            <div className="cui-card-image__fallback-type" aria-hidden="true">
              {face.type_line}
            </div>
          ) : null}
          <div className="cui-card-image__fallback-note" aria-hidden="true">
            {t('ui.cardImage.unavailable')}
          </div>
        </div>
      ) : (
        <img
          key={src}
          className="cui-card-image__img"
          src={src}
          alt={face?.name ?? card.name}
          width={dims.width}
          height={dims.height}
          loading={priority ? 'eager' : 'lazy'}
          decoding="async"
          {...(priority ? { fetchPriority: 'high' as const } : {})}
          // Fades in once its pixels arrive (a DOM attribute, no render): a lazy picture mounting or
          // failing (offline) starts no animation, so scrolling a grid creates no animated layers.
          onLoad={(e) => {
            failures.inARow = 0;
            e.currentTarget.dataset.loaded = '';
          }}
          onError={() => {
            failures.inARow++;
            failures.last = Date.now();
            setFailed((prev) => ({ ...prev, [faceIndex]: true }));
          }}
        />
      )}
      {canFlip ? (
        <button
          type="button"
          className="cui-card-image__flip"
          onClick={flip}
          aria-label={t('ui.cardImage.flip', { name: faces[(faceIndex + 1) % faces.length]?.name ?? '' })}
        >
          {flipIcon}
        </button>
      ) : null}
    </div>
  );
}
