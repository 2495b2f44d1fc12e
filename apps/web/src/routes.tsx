import { type ComponentType, type PendingReactPromise, Suspense, use, useContext, useEffect } from 'react';
import { Outlet, type RouteObject, useLocation } from 'react-router';
import { env } from './env';
import { loadMessages } from './i18n/messages';
import { DefaultLayout, MainLayout, ObsLayout } from './layouts/layouts';
import { LOCALES, type Locale } from './lib/locale';
import { PageContext, ReadyContext } from './page-context';
import { PAGES, type PageDef } from './pages';
import { NotFoundPage } from './routes/not-found';
import { RouteErrorBoundary } from './routes/route-error';

type PageModule = { Component: React.ComponentType };
type Lazy = () => Promise<PageModule>;

/** One module (one chunk) per page. Placeholder screens are small modules of their own too. */
const MODULES: Record<string, Lazy> = {
  home: () => import('./routes/home'),
  kikoo: () => import('./routes/kikoo'),
  faq: () => import('./routes/faq'),
  privacy: () => import('./routes/privacy'),
  terms: () => import('./routes/terms'),
  login: () => import('./routes/login'),
  logout: () => import('./routes/logout'),
  forgot: () => import('./routes/forgot-password'),
  verifyEmail: () => import('./routes/verify-email'),
  authCallback: () => import('./routes/auth-callback'),
  authVerify: () => import('./routes/auth-callback'),
  mobileAuthCallback: () => import('./routes/mobile-auth'),
  mobileAuthVerify: () => import('./routes/mobile-auth'),
  mobileEvent: () => import('./routes/mobile-event'),
  dashboard: () => import('./routes/dashboard'),
  collection: () => import('./routes/collection'),
  collectionList: () => import('./routes/collection-list'),
  collectionLists: () => import('./routes/collection-lists'),
  collectionSearch: () => import('./routes/collection-search'),
  cardSet: () => import('./routes/card-set'),
  decks: () => import('./routes/decks'),
  deckCreate: () => import('./routes/deck-create'),
  deckEdit: () => import('./routes/deck-edit'),
  deck: () => import('./routes/deck'),
  sharedDeck: () => import('./routes/shared-deck'),
  playgroups: () => import('./routes/playgroups'),
  playgroupCreate: () => import('./routes/playgroup-create'),
  playgroup: () => import('./routes/playgroup'),
  friends: () => import('./routes/friends'),
  friendsAdd: () => import('./routes/friends-add'),
  games: () => import('./routes/games'),
  game: () => import('./routes/game'),
  notes: () => import('./routes/notes'),
  set: () => import('./routes/set'),
  sets: () => import('./routes/sets'),
  user: () => import('./routes/user'),
  profile: () => import('./routes/profile'),
  settings: () => import('./routes/settings'),
  websocketReceiver: () => import('./routes/websocket-receiver'),
  websocketSender: () => import('./routes/websocket-sender'),
  obs: () => import('./routes/obs'),
  xss: () => import('./routes/xss'),
};

/** What a route carries besides its element: its page key, and how to load its module ahead of render. */
export interface RouteHandle {
  page?: string;
  preload?: () => Promise<unknown>;
}

/**
 * Loads a route's component: on its first render, or before it through `preload` (the app
 * preloads the first page's modules, so hydration renders the page at once, like the prerender).
 * Until then it suspends; a navigation (a transition) keeps the previous page on screen meanwhile.
 * A module that fails to load throws to the route's error boundary, which reloads the page (a
 * deploy replaced the chunk) or shows the error page; it is not requested again before that.
 */
function lazyComponent(load: () => Promise<ComponentType>) {
  // A thenable that says when it has settled (`status`, `value`), as React's `use` expects: once the
  // module is in, `use` returns it at once instead of suspending.
  let pending: PendingReactPromise<ComponentType> | undefined;
  const preload = (): PendingReactPromise<ComponentType> => {
    if (pending) return pending;
    const promise = load();
    const thenable = Object.assign(promise, { status: 'pending' as const });
    promise.then(
      (value) => Object.assign(promise, { status: 'fulfilled', value }),
      (reason: unknown) => Object.assign(promise, { status: 'rejected', reason }),
    );
    pending = thenable;
    return thenable;
  };
  return preload;
}

/** Renders the component `load` resolves to (suspends until it has). */
function LazyRoute({ load }: { load: () => PendingReactPromise<ComponentType> }) {
  const Component = use(load());
  return <Component />;
}

/** A route whose element is a lazy component. */
function lazyRoute(load: ReturnType<typeof lazyComponent>, handle: RouteHandle = {}) {
  return { element: <LazyRoute load={load} />, handle: { ...handle, preload: load } };
}

/** The companion module (Firebase, TanStack Query, the SDK client) only loads under these routes. */
const companionPart = (part: 'Root' | 'RequireAuth' | 'RequireGuest') =>
  lazyComponent(() => import('./app/companion').then((module) => module[part]));
const companion = {
  Root: companionPart('Root'),
  RequireAuth: companionPart('RequireAuth'),
  RequireGuest: companionPart('RequireGuest'),
};

/** A page's module and its feature catalogues (in the route's language) load together. */
function pageRoute(page: PageDef, locale: Locale): RouteObject {
  const lazy = MODULES[page.key];
  if (!lazy) throw new Error(`No module for page ${page.key}`);
  const load = lazyComponent(async () => {
    const [module] = await Promise.all([
      lazy(),
      page.messages ? loadMessages(locale, page.messages) : undefined,
    ]);
    return module.Component;
  });
  const route = lazyRoute(load, { page: page.key });
  return page.path === '' ? { ...route, index: true } : { ...route, path: page.path };
}

/**
 * Calls the app's `onReady` once the page has committed. Inside the pages' Suspense boundary: React
 * hydrates a boundary's content in a pass after the root's, and the page answers events (the clicks
 * and form submissions main.tsx replays) only once that pass has committed.
 */
function Committed() {
  const onReady = useContext(ReadyContext);
  useEffect(() => onReady?.(), [onReady]);
  return null;
}

/**
 * The locale's root: the 404 page for a route whose params fail their checks, else the route; a
 * page that throws (or whose chunk fails to load) shows the error page instead.
 */
function LocaleRoot() {
  const { notFound } = useContext(PageContext);
  const { pathname, search } = useLocation();
  return (
    <RouteErrorBoundary pathname={pathname}>
      <Suspense fallback={null}>
        <Committed />
        {notFound ? (
          <DefaultLayout>
            <NotFoundPage path={`${pathname}${search}`} />
          </DefaultLayout>
        ) : (
          <Outlet />
        )}
      </Suspense>
    </RouteErrorBoundary>
  );
}

const visible = PAGES.filter((p) => p.key !== 'xss' || env.VITE_E2E);

function localeRoutes(locale: Locale): RouteObject {
  const pick = (filter: (p: PageDef) => boolean) => visible.filter(filter).map((p) => pageRoute(p, locale));
  return {
    path: locale === 'en' ? '/' : '/fr',
    element: <LocaleRoot />,
    children: [
      {
        element: <DefaultLayout />,
        children: [
          ...pick((p) => (p.prerender === true && p.guard === 'none') || p.key === 'xss'),
          { path: '*', element: <NotFoundPage />, handle: { page: 'notFound' } satisfies RouteHandle },
        ],
      },
      {
        ...lazyRoute(companion.Root),
        children: [
          {
            element: <DefaultLayout />,
            children: [
              { ...lazyRoute(companion.RequireGuest), children: pick((p) => p.guard === 'guest') },
              ...pick((p) => p.layout === 'default' && p.guard === 'none' && !p.prerender && p.key !== 'xss'),
            ],
          },
          {
            element: <MainLayout />,
            children: [
              ...pick((p) => p.layout === 'main' && p.guard === 'none'),
              {
                ...lazyRoute(companion.RequireAuth),
                children: pick((p) => p.layout === 'main' && p.guard === 'auth'),
              },
            ],
          },
          { element: <ObsLayout />, children: pick((p) => p.layout === 'obs') },
        ],
      },
    ],
  };
}

export const routes: RouteObject[] = LOCALES.map(localeRoutes);
