import { ErrorPage } from '@companion/ui';
import { useEffect, useState } from 'react';
import { isRouteErrorResponse, useLocation, useRouteError } from 'react-router';
import { DefaultLayout } from '../layouts/layouts';
import { isChunkLoadError, reloadOnce } from '../lib/chunk-reload';
import { useLocalePath } from '../lib/use-locale';

/**
 * Route `errorElement`: 404 for failed param validation, a reload for a page chunk that failed to
 * load (at most once per 10 s per path), the 500 page for everything else.
 */
export function RouteError() {
  const error = useRouteError();
  const location = useLocation();
  const lp = useLocalePath();
  const chunk = isChunkLoadError(error);
  const [reloading, setReloading] = useState(chunk);

  useEffect(() => {
    if (!chunk) return;
    if (!reloadOnce(location.pathname)) setReloading(false);
  }, [chunk, location.pathname]);

  useEffect(() => {
    if (!chunk && !(isRouteErrorResponse(error) && error.status === 404)) console.error(error);
  }, [error, chunk]);

  if (reloading) return null;
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <DefaultLayout>
        <ErrorPage status={404} path={`${location.pathname}${location.search}`} homeHref={lp('/')} />
      </DefaultLayout>
    );
  }
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message =
    error instanceof Error
      ? error.message
      : isRouteErrorResponse(error)
        ? String(error.statusText || error.data || '')
        : undefined;
  return (
    <DefaultLayout>
      <ErrorPage
        status={status}
        error={message ? { message } : null}
        homeHref={lp('/')}
        onRetry={() => window.location.reload()}
      />
    </DefaultLayout>
  );
}
