export type { ManaCostProps } from './mana-cost';
export { ManaCost } from './mana-cost';
export type { ManaSymbolTextProps } from './mana-symbol-text';
export { ManaSymbolText } from './mana-symbol-text';
export type { ManaSymbol } from './mana-symbols';
export { parseSymbol, tokenizeSymbols } from './mana-symbols';
