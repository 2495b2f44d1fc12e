export type { AppHeaderProps, AppHeaderUser, LinkRenderProps, LocaleOption, NavLink } from './app-header';
export { AppHeader, CompanionLogo } from './app-header';
