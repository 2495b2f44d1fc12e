export type { Rarity, SetSymbolProps } from './set-symbol';
export { rarities, SetSymbol } from './set-symbol';
