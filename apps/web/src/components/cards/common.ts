import { useSettings } from '@companion/hooks';
import type { CurrencyValue, LIST_TYPES } from '@companion/sdk';
import type { ScryfallCardLike } from '@companion/ui';
import { useCallback } from 'react';
import { useIntl } from 'react-intl';

export type Currency = CurrencyValue;

/** The user's currency (settings), dollars until they are known. */
export function useCurrency(): Currency {
  return useSettings()?.currency ?? 'usd';
}

/** Formats a price in a currency; an em dash when unknown. */
export function useMoney() {
  const intl = useIntl();
  return useCallback(
    (value: number | null | undefined, currency: Currency) =>
      value === null || value === undefined
        ? '—'
        : intl.formatNumber(value, { style: 'currency', currency: currency.toUpperCase() }),
    [intl],
  );
}

/** URL part made from a name (`/deck/<id>/<slug>`). */
export const slug = (name: string) =>
  name
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'item';

/** The contract's enums (zod-free lists from the SDK): the screens offer exactly what the API accepts. */
export { CONDITIONS, FINISHES, LIST_TYPES } from '@companion/sdk';
export type ListType = (typeof LIST_TYPES)[number];
export const LIST_TYPE_KEY: Record<ListType, string> = {
  collection: 'web.cards.type.collection',
  wishlist: 'web.cards.type.wishlist',
  trade: 'web.cards.type.trade',
  custom: 'web.cards.type.custom',
};

export const FINISH_KEY: Record<string, string> = {
  nonfoil: 'web.cards.finish.nonfoil',
  foil: 'web.cards.finish.foil',
  etched: 'web.cards.finish.etched',
};

export const CONDITION_KEY: Record<string, string> = {
  M: 'web.cards.condition.M',
  NM: 'web.cards.condition.NM',
  LP: 'web.cards.condition.LP',
  MP: 'web.cards.condition.MP',
  HP: 'web.cards.condition.HP',
  DMG: 'web.cards.condition.DMG',
};

export const COLOR_KEY: Record<string, string> = {
  W: 'web.cards.color.W',
  U: 'web.cards.color.U',
  B: 'web.cards.color.B',
  R: 'web.cards.color.R',
  G: 'web.cards.color.G',
  C: 'web.cards.color.C',
  M: 'web.cards.color.M',
};
export const COLOR_HEX: Record<string, string> = {
  W: '#e8dfb8',
  U: '#3b78b5',
  B: '#5b4a5e',
  R: '#c4472b',
  G: '#3d7a45',
  C: '#9a948d',
  M: '#c9a44a',
};
export const RARITY_KEY: Record<string, string> = {
  common: 'web.cards.rarity.common',
  uncommon: 'web.cards.rarity.uncommon',
  rare: 'web.cards.rarity.rare',
  mythic: 'web.cards.rarity.mythic',
  special: 'web.cards.rarity.special',
  bonus: 'web.cards.rarity.bonus',
};
export const RARITY_HEX: Record<string, string> = {
  common: '#8b8580',
  uncommon: '#6b8fa8',
  rare: '#c9a44a',
  mythic: '#d8602b',
  special: '#8a5cc2',
  bonus: '#8a5cc2',
};

/** A printing as a file names it ("PLST #DDC-49"), or '' when it names none. */
export const printingLabel = (p: { setCode: string | null; collectorNumber: string | null }) =>
  [p.setCode?.toUpperCase(), p.collectorNumber && `#${p.collectorNumber}`].filter(Boolean).join(' ');

export { download } from '../../lib/download';

/** A value that follows `value` once it stopped changing for `ms`. */
export { useDebounced } from './use-debounced';

interface FaceLike {
  name: string;
  mana_cost?: string | null;
  type_line?: string | null;
  image_uris?: Record<string, string | undefined> | null;
}
type ImageFace = ScryfallCardLike['card_faces'] extends (infer F)[] | undefined ? F : never;

const face = (f: FaceLike): ImageFace => ({
  name: f.name,
  ...(f.mana_cost ? { mana_cost: f.mana_cost } : {}),
  ...(f.type_line ? { type_line: f.type_line } : {}),
  ...(f.image_uris ? { image_uris: f.image_uris as NonNullable<ImageFace['image_uris']> } : {}),
});

/** What the card picture reads from an API card (its nulls become absent fields). */
export function imageCard(
  card: FaceLike & { id?: string; printed_name?: string | null; card_faces?: FaceLike[] | null },
): ScryfallCardLike {
  return {
    ...face(card),
    ...(card.id ? { id: card.id } : {}),
    ...(card.printed_name ? { printed_name: card.printed_name } : {}),
    ...(card.card_faces?.length ? { card_faces: card.card_faces.map(face) } : {}),
  };
}
