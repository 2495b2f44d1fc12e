import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { IntlProvider } from 'react-intl';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { frMessages } from './i18n/fr';
import { enMessages, type Messages } from './i18n/messages';
import { headHtml, headTags } from './lib/head';
import { INTL_LOCALE, type Locale } from './lib/locale';
import { PAGES } from './pages';
import { appRoutes } from './shell';

/** The prerender has every catalogue at hand: the shell's and every feature's. */
const features = import.meta.glob<Messages>('./i18n/features/*.json', { eager: true, import: 'default' });
const catalogue = (shell: Messages, locale: string): Messages =>
  Object.assign(
    { ...shell },
    ...Object.entries(features)
      .filter(([file]) => file.endsWith(`.${locale}.json`))
      .map(([, messages]) => messages),
  );
const MESSAGES: Record<Locale, Messages> = {
  en: catalogue(enMessages, 'en-US'),
  fr: catalogue(frMessages, 'fr-FR'),
};

/** Renders a public page to HTML with its head tags (run by scripts/prerender.mjs after the build). */
export async function render(pathname: string, locale: Locale, pageKey: string, origin: string) {
  const handler = createStaticHandler(appRoutes);
  const context = await handler.query(new Request(`http://prerender.local${pathname}`));
  if (context instanceof Response) throw new Error(`Prerender of ${pathname} redirected`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const messages = MESSAGES[locale];
  const html = renderToString(
    <StrictMode>
      <IntlProvider locale={INTL_LOCALE[locale]} defaultLocale="en-US" messages={messages}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </IntlProvider>
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
