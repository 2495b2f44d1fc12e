import { type Locale, localizePath, stripLocale } from './locale';

/** A message compiled at build time (react-intl's parsed form; see vite.config.ts). */
type CompiledMessage = readonly { type: number; value?: unknown }[];

/** The text of a message without arguments, compiled or not. */
function plain(message: string | CompiledMessage | undefined): string | undefined {
  if (message === undefined || typeof message === 'string') return message;
  return message.map((part) => (part.type === 0 ? String(part.value) : '')).join('');
}

export interface HeadTags {
  title: string;
  description: string;
  alternates: { hreflang: 'en' | 'fr' | 'x-default'; href: string }[];
  canonical: string;
}

/**
 * Title, description and alternate-language links of a page (shared by the client and the
 * prerender script). `messages` is the merged catalogue of the current language.
 */
export function headTags(options: {
  page: string | undefined;
  pathname: string;
  locale: Locale;
  messages: Record<string, string>;
  origin: string;
}): HeadTags {
  const { page, pathname, locale, origin } = options;
  const messages = options.messages as Record<string, string | CompiledMessage>;
  const text = (id: string): string | undefined => plain(messages[id]);
  const brand = 'Companion';
  const pageTitle = page ? text(`web.page.${page}.title`) : undefined;
  const title =
    page === 'home' || !pageTitle ? (text('web.meta.homeTitle') ?? brand) : `${pageTitle} · ${brand}`;
  const description =
    (page ? text(`web.page.${page}.metaDescription`) : undefined) ?? text('web.meta.description') ?? '';
  const bare = stripLocale(pathname);
  const url = (p: string) => `${origin}${p}`;
  return {
    title,
    description,
    canonical: url(localizePath(bare, locale)),
    alternates: [
      { hreflang: 'en', href: url(bare) },
      { hreflang: 'fr', href: url(localizePath(bare, 'fr')) },
      { hreflang: 'x-default', href: url(bare) },
    ],
  };
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);

/** The same tags as HTML, for prerendered pages. */
export function headHtml(tags: HeadTags, locale: Locale): string {
  const og = locale === 'fr' ? 'fr_FR' : 'en_US';
  return [
    `<title>${escapeHtml(tags.title)}</title>`,
    `<meta name="description" content="${escapeHtml(tags.description)}" />`,
    `<meta property="og:title" content="${escapeHtml(tags.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(tags.description)}" />`,
    `<meta property="og:locale" content="${og}" />`,
    `<meta property="og:locale:alternate" content="${og === 'fr_FR' ? 'en_US' : 'fr_FR'}" />`,
    `<link rel="canonical" href="${escapeHtml(tags.canonical)}" />`,
    ...tags.alternates.map(
      (a) => `<link rel="alternate" hreflang="${a.hreflang}" href="${escapeHtml(a.href)}" />`,
    ),
  ].join('\n    ');
}

/** Applies the tags to the live document (client navigation). */
export function applyHead(tags: HeadTags): void {
  document.title = tags.title;
  upsert('meta[name="description"]', 'meta', { name: 'description' }).setAttribute(
    'content',
    tags.description,
  );
  upsert('meta[property="og:title"]', 'meta', { property: 'og:title' }).setAttribute('content', tags.title);
  upsert('meta[property="og:description"]', 'meta', { property: 'og:description' }).setAttribute(
    'content',
    tags.description,
  );
  upsert('link[rel="canonical"]', 'link', { rel: 'canonical' }).setAttribute('href', tags.canonical);
  for (const alt of tags.alternates) {
    upsert(`link[rel="alternate"][hreflang="${alt.hreflang}"]`, 'link', {
      rel: 'alternate',
      hreflang: alt.hreflang,
    }).setAttribute('href', alt.href);
  }
}

function upsert(selector: string, tag: string, attrs: Record<string, string>): Element {
  let el = document.head.querySelector(selector);
  if (!el) {
    el = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
    document.head.appendChild(el);
  }
  return el;
}
