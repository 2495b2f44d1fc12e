import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { useIntl } from 'react-intl';
import { matchRoutes, Outlet, type RouteObject, useLocation, useNavigationType } from 'react-router';
import { applyHead, headTags } from './lib/head';
import { useLocale } from './lib/use-locale';
import { PageContext, type PageInfo, usePageKey } from './page-context';
import { PAGES, paramsValid } from './pages';
import { type RouteHandle, routes } from './routes';

const PAGE_DEFS = new Map(PAGES.map((p) => [p.key, p]));

/** The page of `pathname`: the deepest matching route's page key, and whether its params pass. */
function pageInfo(pathname: string): PageInfo {
  const matches = matchRoutes(appRoutes, pathname) ?? [];
  for (let i = matches.length - 1; i >= 0; i--) {
    const match = matches[i];
    const page = (match?.route.handle as RouteHandle | undefined)?.page;
    if (!match || !page) continue;
    const def = PAGE_DEFS.get(page);
    return def && !paramsValid(def, match.params)
      ? { page: 'notFound', notFound: true }
      : { page, notFound: false };
  }
  return { page: undefined, notFound: false };
}

/** Loads the modules (and catalogues) of the routes that render `pathname`, all at once. */
export async function preloadRoute(pathname: string): Promise<void> {
  const matches = matchRoutes(appRoutes, pathname) ?? [];
  await Promise.all(matches.map(({ route }) => (route.handle as RouteHandle | undefined)?.preload?.()));
}

/**
 * Keeps `<title>`, the description and hreflang links in step with the route (`<html lang>` is the
 * language store's, set with the language).
 */
function HeadManager() {
  const intl = useIntl();
  const locale = useLocale();
  const location = useLocation();
  const page = usePageKey();
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

/** Scroll positions of the pages visited in this tab, by history entry. */
const scrollPositions = new Map<string, number>();

/**
 * Scrolling across navigations: a new page starts at the top (or at its `#hash` target), back and
 * forward return where the visitor was. The first page keeps the browser's own restoration (the app
 * may start after the visitor scrolled a prerendered page), and so does a reload.
 */
function ScrollManager() {
  const location = useLocation();
  const type = useNavigationType();
  // The history entry the scroll position belongs to: switched before the new page scrolls.
  const entry = useRef(location.key);
  // The entry last scrolled for (null before the first page): each navigation is handled once.
  const handled = useRef<string | null>(null);
  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const onScroll = () => scrollPositions.set(entry.current, window.scrollY);
    const onPageHide = () => {
      window.history.scrollRestoration = 'auto';
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', onPageHide);
    };
  }, []);
  useLayoutEffect(() => {
    entry.current = location.key;
    if (handled.current === location.key) return;
    const first = handled.current === null;
    handled.current = location.key;
    if (first) return;
    if (type === 'POP') {
      window.scrollTo(0, scrollPositions.get(location.key) ?? 0);
      return;
    }
    const target = location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [location.key, location.hash, type]);
  return null;
}

export function Shell() {
  const { pathname } = useLocation();
  const info = useMemo(() => pageInfo(pathname), [pathname]);
  return (
    <PageContext value={info}>
      <HeadManager />
      <ScrollManager />
      <Outlet />
    </PageContext>
  );
}

/** The whole route tree: the shell around both locales. */
export const appRoutes: RouteObject[] = [{ element: <Shell />, children: routes }];
