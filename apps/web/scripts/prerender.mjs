// Renders the public pages (home, /index.kikoo, FAQ, privacy, terms, login) in English and French to
// static HTML with their title, description and hreflang tags; the client hydrates them.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { LANGUAGES } from '@companion/sdk';
import { inlineCode } from '../../../scripts/csp.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const ssr = join(root, 'dist-ssr');
const origin = (process.env.COMPANION_PUBLIC_URL ?? '').replace(/\/$/, '');

const { render, prerenderPages } = await import(pathToFileURL(join(ssr, 'entry-server.js')).href);
const template = readFileSync(join(dist, 'index.html'), 'utf8');

// The stylesheets of the page's chunk and its static imports go into the head: the page renders
// styled from the HTML alone (the app, and its scripts, start on the first interaction; see
// src/main.tsx), and nothing moves when it takes over.
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
const routeFiles = Object.fromEntries(
  [
    ...readFileSync(join(root, 'src/routes.tsx'), 'utf8').matchAll(
      /(\w+): \(\) => import\('\.\/(routes\/[\w-]+)'\)/g,
    ),
  ].map((m) => [m[1], `src/${m[2]}.tsx`]),
);
const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
const closure = (key, seen = new Set()) => {
  if (!manifest[key] || seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key].imports ?? []) closure(dep, seen);
  return seen;
};
const inEntry = closure(entryKey);
// The login page (guard `guest`) renders inside the companion routes: their styles come too.
const PAGE_EXTRA = { login: ['src/app/companion.tsx'] };
function pageLinks(pageKey) {
  const src = routeFiles[pageKey];
  if (!src || !manifest[src]) throw new Error(`prerender: no chunk for page ${pageKey}`);
  const keys = [src, ...(PAGE_EXTRA[pageKey] ?? [])]
    .flatMap((key) => [...closure(key)])
    .filter((k) => !inEntry.has(k));
  const css = [...new Set(keys.flatMap((k) => manifest[k].css ?? []))];
  return css.map((file) => `<link rel="stylesheet" crossorigin href="/${file}" />`).join('\n    ');
}

/** Preload hints for pages the app renders: their chunks load in parallel with the entry. */
function appLinks(srcs) {
  const keys = new Set();
  for (const src of srcs) {
    if (!manifest[src]) throw new Error(`prerender: no chunk for ${src}`);
    for (const key of closure(src)) if (!inEntry.has(key)) keys.add(key);
  }
  const css = [...new Set([...keys].flatMap((k) => manifest[k].css ?? []))];
  return [
    ...css.map((file) => `<link rel="stylesheet" crossorigin href="/${file}" />`),
    ...[...keys].map((k) => `<link rel="modulepreload" crossorigin href="/${manifest[k].file}" />`),
  ].join('\n    ');
}
const spaShell = (srcs) => template.replace('<!--head-->', appLinks(srcs)).replace('<!--app-->', '');

// The SPA fallback for every other route: no page content, the app's own chunks preloaded.
const shell = (srcs) => {
  const html = spaShell(srcs);
  const inline = inlineCode(html);
  if (inline.length > 0) throw new Error(`prerender: the app's shell has inline code:\n${inline.join('\n')}`);
  return html;
};
writeFileSync(join(dist, '200.html'), shell(['src/app.tsx']));
// Entry pages of the app get a shell of their own with their page's chunks preloaded too
// (`/dashboard` is served from `dashboard.html` like the prerendered pages; `/login` is prerendered).
// The dashboard's queries start at once: the API client (src/app/api-client.ts) comes with it.
const DASHBOARD = ['src/app.tsx', 'src/app/companion.tsx', 'src/app/api-client.ts', routeFiles.dashboard];
for (const [path, srcs] of [['dashboard', DASHBOARD]]) {
  writeFileSync(join(dist, `${path}.html`), shell(srcs));
  mkdirSync(join(dist, 'fr'), { recursive: true });
  writeFileSync(join(dist, 'fr', `${path}.html`), shell(srcs));
}

let count = 0;
for (const locale of LANGUAGES) {
  for (const page of prerenderPages) {
    const bare = page.path === '' ? '/' : `/${page.path}`;
    const pathname = locale === 'en' ? bare : bare === '/' ? '/fr' : `/fr${bare}`;
    const { html, head } = await render(pathname, locale, page.key, origin);
    const out = template
      // The page's path (and, for the login page, guest only), read by public/theme.js: served as
      // the fallback for other paths too, the prerendered page stays hidden there until the app
      // renders; a visitor with a stored session gets the app (and its redirect) instead.
      .replace(
        '<html lang="en">',
        `<html lang="${locale}" data-prerendered="${pathname}"${page.guard === 'guest' ? ' data-guest-only' : ''}>`,
      )
      .replace('<!--head-->', `${head}\n    ${pageLinks(page.key)}`)
      .replace(
        '<div id="root"><!--app--></div>',
        `<div id="root" data-prerendered="${pathname}">${html}</div>`,
      );
    // No inline code: the Content Security Policy (script-src 'self') would block it.
    const inline = inlineCode(out);
    if (inline.length > 0) throw new Error(`prerender: ${pathname} has inline code:\n${inline.join('\n')}`);
    const file = pathname === '/' ? join(dist, 'index.html') : join(dist, pathname.slice(1), 'index.html');
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, out);
    // `/faq` (no trailing slash) is served from `faq.html` by static servers such as `vite preview`.
    if (pathname !== '/') writeFileSync(join(dist, `${pathname.slice(1)}.html`), out);
    count++;
  }
}
rmSync(ssr, { recursive: true, force: true });
console.log(`prerendered ${count} pages`);
