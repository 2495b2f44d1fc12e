export type { BreakdownBarsProps, BreakdownItem } from './breakdown-bars';
export { BreakdownBars } from './breakdown-bars';
