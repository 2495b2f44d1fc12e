// The React app: router, messages, hydration of prerendered pages. `main.tsx` starts it.
import { StrictMode, useEffect, useSyncExternalStore } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { IntlProvider } from 'react-intl';
import { createBrowserRouter, matchRoutes, type RouteObject, RouterProvider } from 'react-router';
import { cachedMessages, loadMessages, subscribeMessages } from './i18n/messages';
import {
  INTL_LOCALE,
  type Locale,
  languageStore,
  localeOfPath,
  localizePath,
  routeLocale,
} from './lib/locale';
import { prerenderedHere } from './lib/prerendered';
import { loadRouteRules, ruleFor } from './lib/route-rules';
import { appRoutes } from './shell';

type Router = ReturnType<typeof createBrowserRouter>;

function App({
  router,
  locale: initialLocale,
  onReady,
}: {
  router: Router;
  locale: Locale;
  onReady: () => void;
}) {
  // The language shown is the language store's: the route's, set once its catalogue has loaded (which
  // stores it and sets <html lang>). Its messages grow as routes load their feature catalogues.
  const locale = useSyncExternalStore(
    languageStore.subscribe,
    () => languageStore.getState().language,
    () => initialLocale,
  );
  const snapshot = () => cachedMessages(locale) ?? cachedMessages('en')!;
  // The same snapshot for hydration: without it React gives up hydrating and renders from scratch.
  const messages = useSyncExternalStore(subscribeMessages, snapshot, snapshot);
  useEffect(() => onReady(), [onReady]);
  useEffect(
    () =>
      router.subscribe((state) => {
        const next = localeOfPath(state.location.pathname);
        const apply = () => languageStore.setLanguage(next);
        if (cachedMessages(next)) apply();
        else void loadMessages(next).then(apply, apply);
      }),
    [router],
  );
  return (
    <IntlProvider locale={INTL_LOCALE[locale]} defaultLocale="en-US" messages={messages}>
      <RouterProvider router={router} />
    </IntlProvider>
  );
}

/** Resolves the lazy modules of the routes matching `pathname` (all of them, in parallel). */
async function preloadMatches(routes: RouteObject[], pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}

function followRule(router: Router, pathname: string): void {
  const rule = ruleFor(pathname);
  if (!rule) return;
  if (rule.external) window.location.assign(rule.redirect);
  else void router.navigate(rule.redirect, { replace: true });
}

/**
 * Starts the app: renders the route, or hydrates the prerendered page. Resolves once the first
 * render has committed (the page answers clicks from then on). `beforeRender` runs just before React
 * takes the page: from then on React records and replays events itself (main.tsx stops recording
 * early clicks there, not earlier, so a click while messages and the page chunk load is not lost).
 */
export async function start(beforeRender: () => void = () => {}): Promise<void> {
  // Locale detection at load: route prefix, saved choice, browser, English (the language store applies
  // and stores it); then the localised path.
  const { pathname, search, hash } = window.location;
  languageStore.init(routeLocale(pathname));
  const locale = languageStore.getState().language;
  if (localeOfPath(pathname) !== locale) {
    window.history.replaceState(
      window.history.state,
      '',
      localizePath(`${pathname}${search}${hash}`, locale),
    );
  }
  await loadMessages(locale);
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing');
  // `data-spa`: the prerendered HTML is not this visit's page (see scripts/prerender.mjs).
  let prerendered = prerenderedHere(container) && !document.documentElement.hasAttribute('data-spa');
  // The first page's modules load before the router starts, so its first render is the page (and,
  // on a prerendered page, the same tree as the HTML), not a fallback.
  try {
    await preloadMatches(appRoutes, window.location.pathname);
  } catch (error) {
    // A page chunk did not load: render client-side, the route's error element takes over.
    console.error(error);
    prerendered = false;
  }
  const router = createBrowserRouter(appRoutes);
  let ready = () => {};
  const committed = new Promise<void>((resolve) => {
    ready = () => {
      document.documentElement.setAttribute('data-app', 'ready');
      resolve();
    };
  });
  const app = (
    <StrictMode>
      <App router={router} locale={locale} onReady={() => ready()} />
    </StrictMode>
  );
  beforeRender();
  if (prerendered) hydrateRoot(container, app);
  else {
    container.textContent = '';
    document.documentElement.removeAttribute('data-spa');
    createRoot(container).render(app);
  }

  // Route rules from the build manifest: checked now and on every navigation.
  void loadRouteRules(__BUILD_ID__).then(() => followRule(router, router.state.location.pathname));
  router.subscribe((state) => {
    if (state.navigation.state === 'idle') followRule(router, state.location.pathname);
  });
  await committed;
}
