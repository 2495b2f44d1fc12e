import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { Outlet, type RouteObject, ScrollRestoration, useLocation, useMatches } from 'react-router';
import { applyHead, headTags } from './lib/head';
import { useLocale } from './lib/use-locale';
import { routes } from './routes';

function pageOf(matches: ReturnType<typeof useMatches>): string | undefined {
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle as { page?: string } | undefined;
    if (handle?.page) return handle.page;
  }
  return undefined;
}

/**
 * Keeps `<title>`, the description and hreflang links in step with the route (`<html lang>` is the
 * language store's, set with the language).
 */
function HeadManager() {
  const intl = useIntl();
  const locale = useLocale();
  const location = useLocation();
  const page = pageOf(useMatches());
  useEffect(() => {
    applyHead(
      headTags({
        page,
        pathname: location.pathname,
        locale,
        messages: intl.messages as Record<string, string>,
        origin: window.location.origin,
      }),
    );
  }, [page, location.pathname, locale, intl.messages]);
  return null;
}

export function Shell() {
  return (
    <>
      <HeadManager />
      <ScrollRestoration />
      <Outlet />
    </>
  );
}

/**
 * Shown while the router starts on a page whose route still runs a loader (the param checks): the
 * page's modules are loaded before the router is created (app.tsx), so that is one microtask.
 */
function Starting() {
  return null;
}

/** The whole route tree: the shell around both locales. */
export const appRoutes: RouteObject[] = [{ element: <Shell />, HydrateFallback: Starting, children: routes }];
