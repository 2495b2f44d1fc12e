import { ErrorPage } from '@companion/ui';
import { useLocation } from 'react-router';
import { useLocalePath } from '../lib/use-locale';

/** Unknown routes: the 404 page, "Page Not Found: {path}". */
export function NotFoundPage({ path }: { path?: string }) {
  const location = useLocation();
  const lp = useLocalePath();
  return <ErrorPage status={404} path={path ?? location.pathname} homeHref={lp('/')} />;
}
