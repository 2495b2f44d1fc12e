export type { PageLayoutProps } from './page-layout';
export { PageLayout } from './page-layout';
