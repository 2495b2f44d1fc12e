import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { AppTree } from './app-tree';
import { FEATURES, loadMessages } from './i18n/messages';
import { headHtml, headTags } from './lib/head';
import type { Locale } from './lib/locale';
import { PAGES } from './pages';
import { preloadRoute } from './shell';

/**
 * Renders a public page to HTML with its head tags (run by scripts/prerender.mjs after the build):
 * the tree the browser hydrates (app-tree.tsx), with every catalogue of the page's language loaded.
 */
export async function render(pathname: string, locale: Locale, pageKey: string, origin: string) {
  const [messages] = await Promise.all([loadMessages(locale, FEATURES), preloadRoute(pathname)]);
  const html = renderToString(
    <StrictMode>
      <StaticRouter location={pathname}>
        <AppTree />
      </StaticRouter>
    </StrictMode>,
  );
  const head = headHtml(headTags({ page: pageKey, pathname, locale, messages, origin }), locale);
  return { html, head };
}

export const prerenderPages = PAGES.filter((p) => p.prerender).map((p) => ({
  key: p.key,
  path: p.path,
  guard: p.guard,
}));
