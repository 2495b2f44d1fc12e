// The React app: router, messages, hydration of prerendered pages. `main.tsx` starts it.
import { type ErrorInfo, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppTree } from './app-tree';
import { loadMessages } from './i18n/messages';
import { isChunkLoadError } from './lib/chunk-reload';
import { languageStore, localeOfPath, localizePath, routeLocale } from './lib/locale';
import { prerenderedHere } from './lib/prerendered';
import { preloadRoute } from './shell';

/** Errors a route's error boundary caught: logged, except a page chunk that failed (it reloads). */
function onCaughtError(error: unknown, info: ErrorInfo): void {
  if (!isChunkLoadError(error)) console.error(error, info.componentStack);
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
  // The first page's modules load before React renders, so its first render is the page (and, on a
  // prerendered page, the same tree as the HTML), not a fallback.
  try {
    await preloadRoute(window.location.pathname);
  } catch (error) {
    // A page chunk did not load: render client-side, the route's error boundary takes over.
    console.error(error);
    prerendered = false;
  }
  let ready = () => {};
  const committed = new Promise<void>((resolve) => {
    ready = () => {
      document.documentElement.setAttribute('data-app', 'ready');
      resolve();
    };
  });
  const app = (
    <StrictMode>
      <BrowserRouter>
        <AppTree onReady={() => ready()} />
      </BrowserRouter>
    </StrictMode>
  );
  const options = { onCaughtError };
  beforeRender();
  if (prerendered) hydrateRoot(container, app, options);
  else {
    container.textContent = '';
    document.documentElement.removeAttribute('data-spa');
    createRoot(container, options).render(app);
  }
  await committed;
}
