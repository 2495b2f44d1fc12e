/**
 * The production server's own origin (`pnpm serve`): the built web app at `/`, the overlay at
 * `/obs/`, the API under `/api/`. One build serves every deployment: the web app's public settings
 * (API address, Firebase web settings, sign-in client ids, overlay address) are written into each
 * page when the server starts, as a JSON data block the app reads before anything else
 * (apps/web/src/env.ts), and the pages' Content Security Policy is built from the same settings.
 *
 * Static files: only the files of the two builds are served (a table made at start, so no path can
 * leave them), by @fastify/static: their brotli or gzip twin (scripts/compress.mjs) when the browser
 * accepts it; hashed files under `assets/` cached for a year as immutable, everything else
 * revalidated by ETag; the
 * prerendered pages by their path (`/faq` → `faq.html`); any other path of the web app gets its SPA
 * shell (`200.html`), any other path of the overlay its page. A missing script or stylesheet is a 404,
 * never a page.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { ErrorCode } from '@companion/sdk/contract';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { contentSecurityPolicy } from '../../../../scripts/csp.mjs';
import type { Env, SiteEnv } from '../env.js';

/** Where the API answers on the production origin. */
export const API_PREFIX = '/api';
/** Internal prefix every other path is routed under (never reachable from outside as such). */
const SITE_PREFIX = '/_site';
/** The overlay's base path (apps/overlay's vite `base`). */
const OVERLAY_PREFIX = '/obs';
/** The element the pages read their public settings from (apps/web/src/env.ts, apps/overlay/src/main.tsx). */
export const CONFIG_ELEMENT_ID = 'companion-config';

/**
 * Fastify's `rewriteUrl` on the production origin: `/api/x` → `/x` (the contract's routes),
 * everything else → the site's route. So a page path never reaches an API route of the same name
 * (`/deck/shared/:token` is both).
 */
export function siteRewrite(url: string): string {
  if (url === API_PREFIX || url.startsWith(`${API_PREFIX}/`) || url.startsWith(`${API_PREFIX}?`)) {
    const rest = url.slice(API_PREFIX.length);
    return rest.startsWith('/') ? rest : `/${rest}`;
  }
  return `${SITE_PREFIX}${url.startsWith('/') ? url : `/${url}`}`;
}

/** Extensions of the files the builds hold besides pages: a missing one is a 404, never a page. */
const FILE_EXTENSIONS = new Set(
  'js mjs css json map webmanifest svg png jpg jpeg webp ico gif woff2 woff ttf eot txt xml'.split(' '),
);
const extension = (path: string) => {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
};

interface Asset {
  /** The file's path under its root (what `reply.sendFile` takes). */
  file: string;
  immutable: boolean;
}
interface Page {
  body: Buffer;
  br: Buffer;
  gz: Buffer;
  etag: string;
}
interface Root {
  dist: string;
  assets: Map<string, Asset>;
  pages: Map<string, Page>;
  /** Served for a path of this root that names no file. */
  fallback: Page | undefined;
  headers: Record<string, string>;
}

const jsonForHtml = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
const META_CSP = /<meta http-equiv="Content-Security-Policy" content="[^"]*"\s*\/?>/;

/** A built page with this deployment's settings and policy in its head. */
export function withRuntimeConfig(html: string, config: Record<string, string>, policy: string): string {
  const meta = `<meta http-equiv="Content-Security-Policy" content="${attribute(policy)}" />`;
  const withPolicy = META_CSP.test(html)
    ? html.replace(META_CSP, meta)
    : html.replace(/<meta charset="[^"]*"\s*\/?>/i, (charset) => `${charset}\n    ${meta}`);
  const data = `<script type="application/json" id="${CONFIG_ELEMENT_ID}">${jsonForHtml(config)}</script>`;
  return withPolicy.replace('</head>', `  ${data}\n  </head>`);
}

function page(html: string): Page {
  const body = Buffer.from(html);
  return {
    body,
    // Made at start for every page: a middle quality (23 ms for the 26 pages, against 365 ms at the
    // highest) keeps the start quick; the pages are a few KB each.
    br: brotliCompressSync(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    }),
    gz: gzipSync(body, { level: 6 }),
    etag: `"${body.length.toString(36)}-${hash(html)}"`,
  };
}
/** FNV-1a, for ETags of the pages made at start. */
function hash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(36);
}

function loadRoot(
  dist: string,
  prefix: string,
  inject: (html: string) => string,
  fallbackFile: string,
  headers: Record<string, string>,
): Root {
  if (!existsSync(join(dist, fallbackFile))) {
    throw new Error(`${join(dist, fallbackFile)} is missing: build the apps first (pnpm build)`);
  }
  const assets = new Map<string, Asset>();
  const pages = new Map<string, Page>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const file = join(dir, name);
      const stat = statSync(file);
      if (stat.isDirectory()) {
        if (name !== '.vite') walk(file);
        continue;
      }
      if (name.endsWith('.br') || name.endsWith('.gz')) continue;
      const path = `${prefix}/${relative(dist, file).split(sep).join('/')}`;
      if (name.endsWith('.html')) {
        pages.set(path, page(inject(readFileSync(file, 'utf8'))));
        continue;
      }
      assets.set(path, {
        file: relative(dist, file).split(sep).join('/'),
        immutable: path.startsWith(`${prefix}/assets/`),
      });
    }
  };
  walk(dist);
  return { dist, assets, pages, fallback: pages.get(`${prefix}/${fallbackFile}`), headers };
}

/** The encoding to send a page in: brotli, then gzip, when the browser accepts it. */
function encoding(request: FastifyRequest): 'br' | 'gzip' | undefined {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return undefined;
}

function sendPage(request: FastifyRequest, reply: FastifyReply, root: Root, found: Page) {
  reply.headers(root.headers).header('cache-control', 'no-cache').header('vary', 'accept-encoding');
  reply.header('etag', found.etag).type('text/html; charset=utf-8');
  if (request.headers['if-none-match'] === found.etag) return reply.code(304).send();
  const coding = encoding(request);
  if (coding) reply.header('content-encoding', coding);
  return reply.send(coding === 'br' ? found.br : coding === 'gzip' ? found.gz : found.body);
}

/** A file of a build, by @fastify/static: its brotli or gzip twin, ETag and Last-Modified, ranges. */
function sendAsset(reply: FastifyReply, root: Root, asset: Asset) {
  reply.headers(root.headers);
  return asset.immutable
    ? reply.sendFile(asset.file, root.dist, { maxAge: '365d', immutable: true })
    : reply.sendFile(asset.file, root.dist, { cacheControl: false }).header('cache-control', 'no-cache');
}

/** A path that names a file (a script, a stylesheet, a picture): never answered with a page. */
const namesAFile = (path: string) => {
  return FILE_EXTENSIONS.has(extension(path));
};

function lookup(root: Root, path: string): Page | Asset | undefined {
  const asset = root.assets.get(path);
  if (asset) return asset;
  const exact = root.pages.get(path);
  if (exact) return exact;
  if (path.endsWith('/')) return root.pages.get(`${path}index.html`);
  return root.pages.get(`${path}.html`) ?? root.pages.get(`${path}/index.html`);
}

/** Link previews of shared decks (apps/web/scripts/link-preview.mjs, beside the built app). */
type Previews = (
  req: { method: string; url: string; headers: Record<string, unknown> },
  res: { statusCode: number; setHeader(name: string, value: string): void; end(body?: string): void },
  next: () => void,
) => Promise<void>;

async function loadPreviews(
  app: FastifyInstance,
  env: Env,
  site: SiteEnv,
  shell: () => Promise<string>,
): Promise<Previews | undefined> {
  const module = join(site.webDist, '..', 'scripts', 'link-preview.mjs');
  if (!existsSync(module)) return undefined;
  const { linkPreview } = (await import(pathToFileURL(module).href)) as {
    linkPreview(options: {
      api: { url: string; key: string; secret: string };
      shell: () => Promise<string>;
      origin?: string;
    }): Previews;
  };
  let made: Previews | undefined;
  return (req, res, next) => {
    if (!made) {
      // Asks this very server, over loopback, as a browser would (signed with the web app's key).
      const address = app.server.address();
      const port = typeof address === 'object' && address ? address.port : env.port;
      made = linkPreview({
        api: {
          url: `http://127.0.0.1:${port}${API_PREFIX}`,
          key: site.web.VITE_API_KEY ?? '',
          secret: site.web.VITE_API_SECRET ?? '',
        },
        shell,
        origin: env.publicUrl,
      });
    }
    return made(req, res, next);
  };
}

/** Registers the web app and the overlay (see the module comment). */
export async function registerSite(app: FastifyInstance, env: Env, site: SiteEnv): Promise<void> {
  const config = site.web;
  const emulatorHost = config.VITE_FIREBASE_AUTH_EMULATOR_HOST;
  const projectId = config.VITE_FIREBASE_PROJECT_ID ?? 'demo-companion';
  const webPolicy = contentSecurityPolicy({
    apiUrl: config.VITE_API_URL ?? env.apiUrl,
    firebase: {
      emulatorHost,
      authDomain: config.VITE_FIREBASE_AUTH_DOMAIN ?? `${projectId}.firebaseapp.com`,
      social: Boolean(config.VITE_GOOGLE_CLIENT_ID || config.VITE_APPLE_CLIENT_ID),
    },
  });
  const web = loadRoot(site.webDist, '', (html) => withRuntimeConfig(html, config, webPolicy), '200.html', {
    'content-security-policy': `${webPolicy}; frame-ancestors 'none'`,
    'referrer-policy': 'strict-origin-when-cross-origin',
    // Google and Apple sign-in open a popup that reports back to this window.
    'cross-origin-opener-policy': 'same-origin-allow-popups',
    // The friend-code scanner uses the camera.
    'permissions-policy': 'camera=(self), microphone=(), geolocation=(), payment=()',
  });
  const overlayPolicy = contentSecurityPolicy({ apiUrl: config.VITE_API_URL ?? env.apiUrl });
  const overlay = site.overlayDist
    ? loadRoot(
        site.overlayDist,
        OVERLAY_PREFIX,
        (html) => withRuntimeConfig(html, { apiUrl: config.VITE_API_URL ?? env.apiUrl }, overlayPolicy),
        'index.html',
        {
          // OBS shows it as a browser source: framing by other sites stays refused.
          'content-security-policy': `${overlayPolicy}; frame-ancestors 'none'`,
          // Its address carries the channel token.
          'referrer-policy': 'no-referrer',
        },
      )
    : undefined;
  // Only its reply.sendFile: the files served are those of the tables above.
  await app.register(fastifyStatic, { root: site.webDist, serve: false, preCompressed: true });
  const shell = web.fallback;
  const previews = shell
    ? await loadPreviews(app, env, site, async () => shell.body.toString('utf8'))
    : undefined;

  const notFound = (reply: FastifyReply, path: string) =>
    reply.code(404).send({ code: ErrorCode.NOT_FOUND, message: `No file at ${path}.` });

  app.get(`${SITE_PREFIX}/*`, async (request, reply) => {
    const raw = (request.url.slice(SITE_PREFIX.length) || '/').split('?')[0] ?? '/';
    let path: string;
    try {
      path = decodeURIComponent(raw);
    } catch {
      return reply.code(400).send({ code: ErrorCode.VALIDATION, message: 'The URL could not be read.' });
    }
    const root =
      overlay && (path === `${OVERLAY_PREFIX}/` || path.startsWith(`${OVERLAY_PREFIX}/`)) ? overlay : web;
    if (root === web && previews) {
      const answered = await new Promise<string | null>((resolve) => {
        void previews(
          { method: request.method, url: path, headers: request.headers },
          { statusCode: 200, setHeader() {}, end: (body) => resolve(body ?? '') },
          () => resolve(null),
        ).catch(() => resolve(null));
      });
      if (answered !== null) return sendPage(request, reply, web, page(answered));
    }
    const found = lookup(root, path);
    if (found && 'file' in found) return sendAsset(reply, root, found);
    if (found) return sendPage(request, reply, root, found);
    if (namesAFile(path) || !root.fallback) return notFound(reply, path);
    return sendPage(request, reply, root, root.fallback);
  });
}
