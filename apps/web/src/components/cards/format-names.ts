import type { ImportFormatValue } from '@companion/sdk';

/**
 * The catalogue entry of each format's name as players know it (`MTGO (.dek)`, `ManaBox`, `Plain
 * text`): every format id the contract has, so a picker never shows an id. Brands read the same in
 * both languages; descriptions are translated.
 */
export const FORMAT_KEY: Readonly<Record<ImportFormatValue, string>> = {
  auto: 'web.cards.format.auto',
  companion: 'web.cards.format.companion',
  moxfield: 'web.cards.format.moxfield',
  manabox: 'web.cards.format.manabox',
  deckbox: 'web.cards.format.deckbox',
  archidekt: 'web.cards.format.archidekt',
  dragonshield: 'web.cards.format.dragonshield',
  tcgplayer: 'web.cards.format.tcgplayer',
  mtggoldfish: 'web.cards.format.mtggoldfish',
  topdecked: 'web.cards.format.topdecked',
  cardkingdom: 'web.cards.format.cardkingdom',
  'mtgo-csv': 'web.cards.format.mtgoCsv',
  arena: 'web.cards.format.arena',
  mtgo: 'web.cards.format.mtgo',
  plain: 'web.cards.format.plain',
  dek: 'web.cards.format.dek',
};

type Translate = (key: string) => string;

/** A format's name in the user's language. */
export const formatName = (t: Translate, format: ImportFormatValue): string => t(FORMAT_KEY[format]);

/** Select options for formats, named. */
export const formatOptions = <F extends ImportFormatValue>(t: Translate, formats: readonly F[]) =>
  formats.map((value) => ({ value, label: formatName(t, value) }));
