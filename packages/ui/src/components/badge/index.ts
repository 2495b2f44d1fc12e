export type { BadgeProps, BadgeTone } from './badge';
export { Badge, badgeTones } from './badge';
