export type { ErrorPageProps, ErrorPageVariant } from './error-page';
export { ErrorPage } from './error-page';
