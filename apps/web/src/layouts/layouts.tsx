import { PageLayout } from '@companion/ui';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { usePageKey } from '../page-context';
import { Footer } from './footer';
import { Header } from './header';

const LANDING = new Set(['home', 'kikoo']);
const NARROW = new Set([
  'login',
  'logout',
  'forgot',
  'verifyEmail',
  'authCallback',
  'authVerify',
  'mobileAuthCallback',
  'mobileAuthVerify',
  'settings',
  'profile',
]);

/** Public and account pages: header, one main landmark, footer. */
export function DefaultLayout({ children }: { children?: ReactNode }) {
  const page = usePageKey();
  const landing = page !== undefined && LANDING.has(page);
  return (
    <PageLayout
      className={landing ? 'web-page web-page--landing' : 'web-page'}
      header={<Header variant="public" />}
      footer={<Footer />}
      width={page && NARROW.has(page) ? 'narrow' : 'default'}
    >
      {children ?? <Outlet />}
    </PageLayout>
  );
}

/** The signed-in app: header with the app navigation, main area with the current page. */
export function MainLayout() {
  const page = usePageKey();
  return (
    <PageLayout
      className="web-page web-page--app"
      header={<Header variant="app" />}
      footer={<Footer />}
      width={page && NARROW.has(page) ? 'narrow' : 'wide'}
    >
      <Outlet />
    </PageLayout>
  );
}

/** The streaming overlay: no chrome, transparent background for OBS. */
export function ObsLayout() {
  return (
    <main id="cui-main" className="web-obs">
      <Outlet />
    </main>
  );
}
