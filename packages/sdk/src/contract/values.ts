/**
 * The contract's enumerations as plain value lists, in a module without zod (like `codes.ts`): the
 * schemas build their enums from these, and screens that offer the accepted values (a finish, a
 * condition, a list type, an import format) import them from `@companion/sdk` without the schemas.
 */
export const FINISHES = ['nonfoil', 'foil', 'etched'] as const;
export type FinishValue = (typeof FINISHES)[number];

export const CONDITIONS = ['M', 'NM', 'LP', 'MP', 'HP', 'DMG'] as const;
export type ConditionValue = (typeof CONDITIONS)[number];

export const LIST_TYPES = ['collection', 'wishlist', 'trade', 'custom'] as const;
export type ListTypeValue = (typeof LIST_TYPES)[number];

export const IMPORT_FORMATS = [
  'auto',
  'companion',
  'moxfield',
  'manabox',
  'deckbox',
  'archidekt',
  'dragonshield',
  'tcgplayer',
  'mtggoldfish',
  'topdecked',
  'cardkingdom',
  'mtgo-csv',
  'arena',
  'mtgo',
  'plain',
  'dek',
] as const;
export type ImportFormatValue = (typeof IMPORT_FORMATS)[number];
