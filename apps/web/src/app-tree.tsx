// The app inside its router: messages, route rules and the routes. The browser (app.tsx) and the
// prerender (entry-server.tsx) render this same tree, so hydration finds the markup (and the
// `useId`s) it expects.
import { type ReactNode, useEffect, useLayoutEffect, useState, useSyncExternalStore } from 'react';
import { IntlProvider } from 'react-intl';
import { useLocation, useNavigate, useRoutes } from 'react-router';
import { cachedMessages, loadMessages, subscribeMessages } from './i18n/messages';
import { INTL_LOCALE, languageStore } from './lib/locale';
import { loadRouteRules, ruleFor } from './lib/route-rules';
import { useLocale } from './lib/use-locale';
import { ReadyContext } from './page-context';
import { appRoutes } from './shell';

/**
 * Messages of the language shown: the language store's, which follows the route's once that
 * language's catalogue has loaded (a language switch keeps the previous one until then, or falls back
 * to English if it cannot load). Its messages grow as routes load their feature catalogues.
 */
function Localized({ children }: { children: ReactNode }) {
  const routeLocale = useLocale();
  const shown = useSyncExternalStore(
    languageStore.subscribe,
    () => languageStore.getState().language,
    () => routeLocale,
  );
  const ready = useSyncExternalStore(
    subscribeMessages,
    () => cachedMessages(routeLocale) !== undefined,
    () => cachedMessages(routeLocale) !== undefined,
  );
  // Before paint: the page of the new language never shows with the previous language's messages.
  useLayoutEffect(() => {
    if (languageStore.getState().language === routeLocale) return;
    if (ready) {
      languageStore.setLanguage(routeLocale);
      return;
    }
    let live = true;
    const apply = () => {
      if (live) languageStore.setLanguage(routeLocale);
    };
    loadMessages(routeLocale).then(apply, apply);
    return () => {
      live = false;
    };
  }, [ready, routeLocale]);
  const snapshot = () => cachedMessages(shown) ?? cachedMessages('en')!;
  const messages = useSyncExternalStore(subscribeMessages, snapshot, snapshot);
  return (
    <IntlProvider locale={INTL_LOCALE[shown]} defaultLocale="en-US" messages={messages}>
      {children}
    </IntlProvider>
  );
}

/** Route rules from the build manifest (redirects): followed at start and on every navigation. */
function RouteRules() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    void loadRouteRules(__BUILD_ID__).then(() => setLoaded(true));
  }, []);
  useEffect(() => {
    const rule = loaded ? ruleFor(pathname) : null;
    if (!rule) return;
    if (rule.external) window.location.assign(rule.redirect);
    else navigate(rule.redirect, { replace: true });
  }, [loaded, pathname, navigate]);
  return null;
}

function Routes() {
  return useRoutes(appRoutes);
}

/** `onReady` runs once the first page has committed (hydrated, on a prerendered page). */
export function AppTree({ onReady }: { onReady?: () => void }) {
  return (
    <ReadyContext value={onReady}>
      <Localized>
        <RouteRules />
        <Routes />
      </Localized>
    </ReadyContext>
  );
}
