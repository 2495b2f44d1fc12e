export type { MenuEntry, MenuProps } from './menu';
export { Menu } from './menu';
