export type { NotificationBellProps } from './notification-bell';
export { NotificationBell } from './notification-bell';
