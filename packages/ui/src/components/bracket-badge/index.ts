export type { Bracket, BracketBadgeProps } from './bracket-badge';
export { BracketBadge, isBracket } from './bracket-badge';
