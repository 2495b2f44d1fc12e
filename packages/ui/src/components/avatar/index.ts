export type { AvatarProps } from './avatar';
export { Avatar, initialsOf } from './avatar';
