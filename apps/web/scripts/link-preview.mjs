// Link previews for crawlers that run no JavaScript (Discord, Slack, messengers): the page of a deck
// shared by link (`/deck/shared/<token>`, `/fr/deck/shared/<token>`) is served as the app's shell
// with the deck's name, what it is and its commander's picture in the title and `og:` tags. The deck
// comes from the API's public `GET /deck/shared/:token`; a private, replaced or unknown link, a slow
// or failing API all fall back to the plain shell (the page itself then says what is wrong).
// Used by `scripts/serve.mjs` and by the Vite dev and preview servers (vite.config.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createClient } from '@companion/sdk';
import { createIntl, createIntlCache } from 'react-intl';

const SHARED = /^\/(?:(fr)\/)?deck\/shared\/([A-Za-z0-9_-]{22})\/?$/;
const TIMEOUT_MS = 1500;
const FORMATS_TTL_MS = 10 * 60_000;
const I18N = join(import.meta.dirname, '..', 'src', 'i18n', 'features');

const escapeHtml = (s) =>
  String(s).replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c],
  );

const cache = createIntlCache();
const intls = new Map();
function intl(locale) {
  let made = intls.get(locale);
  if (!made) {
    const messages = JSON.parse(readFileSync(join(I18N, `cards.${locale}.json`), 'utf8'));
    made = createIntl({ locale, messages }, cache);
    intls.set(locale, made);
  }
  return made;
}

/**
 * The API the web servers ask, from the same public settings the browser build reads (src/env.ts:
 * VITE_API_URL, VITE_API_KEY, VITE_API_SECRET; the same development defaults).
 */
export function previewApi(env) {
  const value = (key, fallback) => (env[key] ?? '').trim() || fallback;
  return {
    url: value('VITE_API_URL', 'http://127.0.0.1:8787'),
    key: value('VITE_API_KEY', 'companion-dev'),
    secret: value('VITE_API_SECRET', 'companion-dev-secret'),
  };
}

/** The title, description and picture a crawler shows for a shared deck, in the link's language. */
export function deckPreview(deck, formatName, lang) {
  const locale = lang === 'fr' ? 'fr-FR' : 'en-US';
  const description = intl(locale).formatMessage(
    { id: 'web.cards.shared.metaDescription' },
    { format: formatName ?? deck.formatId, count: deck.cardCount },
  );
  const image = deck.commanders?.find((c) => c.image)?.image ?? null;
  return { title: `${deck.name} · Companion`, description, image, locale };
}

/** The shell with the preview's tags in its head (every value escaped), replacing its own title. */
export function withPreview(shell, preview, url) {
  const og = preview.locale === 'fr-FR' ? 'fr_FR' : 'en_US';
  const tags = [
    `<title>${escapeHtml(preview.title)}</title>`,
    `<meta name="description" content="${escapeHtml(preview.description)}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="Companion" />`,
    `<meta property="og:title" content="${escapeHtml(preview.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(preview.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    `<meta property="og:locale" content="${og}" />`,
    ...(preview.image
      ? [
          `<meta property="og:image" content="${escapeHtml(preview.image)}" />`,
          `<meta name="twitter:card" content="summary_large_image" />`,
        ]
      : [`<meta name="twitter:card" content="summary" />`]),
  ].join('\n    ');
  const head = shell.replace(/<title>[^<]*<\/title>\s*/, '');
  return head.replace('</head>', `    ${tags}\n  </head>`);
}

/**
 * A Connect-style middleware: `(req, res, next)`. `api`: the API's address and the web app's public
 * API key and secret (the same the browser signs with); `shell()`: the HTML served for app routes;
 * `origin`: the public address of the web app (for `og:url`), else the request's host.
 */
export function linkPreview({ api, shell, origin }) {
  const client = createClient({
    baseUrl: api.url,
    apiKey: api.key,
    secret: api.secret,
    timeout: TIMEOUT_MS,
    retry: 0,
  });
  let formats = { at: 0, names: new Map() };
  const formatName = async (id) => {
    if (Date.now() - formats.at > FORMATS_TTL_MS) {
      try {
        const body = await client.system.formats();
        formats = { at: Date.now(), names: new Map(body.formats.map((f) => [f.id, f.name])) };
      } catch {
        // The format's id stands in for its name.
      }
    }
    return formats.names.get(id) ?? null;
  };
  return async (req, res, next) => {
    const path = (req.url ?? '').split('?')[0] ?? '';
    const match = req.method === 'GET' || req.method === 'HEAD' ? SHARED.exec(path) : null;
    if (!match) return next();
    const [, lang, token] = match;
    let deck;
    try {
      ({ deck } = await client.decks.shared({ params: { token } }));
    } catch {
      return next();
    }
    const base = origin?.replace(/\/$/, '') || `http://${req.headers.host ?? '127.0.0.1'}`;
    const html = withPreview(
      await shell(),
      deckPreview(deck, await formatName(deck.formatId), lang),
      `${base}${path}`,
    );
    res.statusCode = 200;
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.setHeader('cache-control', 'no-cache');
    res.end(req.method === 'HEAD' ? undefined : html);
  };
}
