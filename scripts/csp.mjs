import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

// The web app's and the overlay's Content Security Policy, built from the configured origins (no
// dependencies: imported by both apps' vite configs and their tests).
//
// No inline script anywhere ('self' only): the theme script is a file (apps/web/public/theme.js).
// Styles: React `style=` props are inline style attributes, and Radix (dialogs' scroll lock, the
// select's viewport) inserts `<style>` elements at run time without a nonce a static host could give;
// both are allowed by their own directives, stylesheets themselves come from 'self' only.

/** Hosts card pictures come from (Scryfall's image CDN, as in the catalogue's `image_uris`). */
export const CARD_IMAGE_HOSTS = ['https://cards.scryfall.io'];

/** Firebase Auth's REST endpoints (sign-in, token refresh). */
const FIREBASE_AUTH = ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com'];

const origin = (url) => new URL(url).origin;
const socketOrigin = (url) => {
  const u = new URL(url);
  return `${u.protocol === 'https:' ? 'wss:' : 'ws:'}//${u.host}`;
};

/**
 * The policy's directives, in order.
 * - `apiUrl`: the API (requests, the live socket, uploaded pictures).
 * - `firebase`: the web app's Auth setup (`emulatorHost` in development and tests; `authDomain`
 *   and `social` when Google/Apple sign-in is configured, whose popup helper is an iframe of the
 *   auth domain and a script of apis.google.com). The overlay has none.
 * - `header`: `frame-ancestors` only works as a response header (a `<meta>` one is ignored, with a
 *   console error), so it is added there only.
 */
export function cspDirectives({ apiUrl, firebase, header = false }) {
  const api = origin(apiUrl);
  const script = ["'self'"];
  const connect = ["'self'", api, socketOrigin(apiUrl)];
  const frame = ["'self'"];
  if (firebase) {
    connect.push(...FIREBASE_AUTH);
    if (firebase.emulatorHost) connect.push(`http://${firebase.emulatorHost}`);
    if (firebase.social) {
      script.push('https://apis.google.com');
      frame.push(`https://${firebase.authDomain}`);
      if (firebase.emulatorHost) frame.push(`http://${firebase.emulatorHost}`);
    }
  }
  const directives = [
    ['default-src', ["'self'"]],
    ['script-src', script],
    ['style-src', ["'self'"]],
    ['style-src-elem', ["'self'", "'unsafe-inline'"]],
    ['style-src-attr', ["'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', 'blob:', api, ...CARD_IMAGE_HOSTS]],
    ['font-src', ["'self'", 'data:']],
    ['connect-src', connect],
    ['frame-src', frame],
    ['object-src', ["'none'"]],
    ['base-uri', ["'none'"]],
    ['form-action', ["'self'"]],
  ];
  if (header) directives.push(['frame-ancestors', ["'none'"]]);
  return directives;
}

export const contentSecurityPolicy = (options) =>
  cspDirectives(options)
    .map(([name, values]) => `${name} ${[...new Set(values)].join(' ')}`)
    .join('; ');

/** Response headers of every page (vite preview, the static server). */
export function securityHeaders(options, { referrer = 'strict-origin-when-cross-origin' } = {}) {
  return {
    'Content-Security-Policy': contentSecurityPolicy({ ...options, header: true }),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': referrer,
    'X-Frame-Options': 'DENY',
  };
}

/**
 * A vite plugin: the policy as the first element of the built page's `<head>` (before any script it
 * governs) and as response headers of `vite preview`. The development server keeps none (its
 * React refresh preamble is an inline script).
 */
export function cspPlugin(options, headerOptions) {
  return {
    name: 'companion-csp',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (ctx.server) return html;
        // Right after the charset (which must come first), before anything the policy governs.
        const meta = `<meta http-equiv="Content-Security-Policy" content="${contentSecurityPolicy(options)}" />`;
        const charset = /<meta charset="[^"]*"\s*\/?>/i.exec(html);
        if (!charset)
          throw new Error('companion-csp: the page has no <meta charset> to put the policy after');
        const at = charset.index + charset[0].length;
        return `${html.slice(0, at)}\n    ${meta}${html.slice(at)}`;
      },
    },
    configurePreviewServer(server) {
      // The policy the build put in the page (its origins came from the build's environment, which
      // `vite preview` may not have), plus what only a header can say.
      const built = readFileSync(
        resolve(server.config.root, server.config.build.outDir, 'index.html'),
        'utf8',
      );
      const meta = /<meta http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(built)?.[1];
      const headers = securityHeaders(options, headerOptions);
      if (meta) headers['Content-Security-Policy'] = `${meta}; frame-ancestors 'none'`;
      server.middlewares.use((_req, res, next) => {
        for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
        next();
      });
    },
  };
}

/**
 * Inline code in an HTML page: `<script>` elements without `src` (data blocks such as JSON-LD
 * excepted: they never run), `on…=` event-handler attributes and `javascript:` URLs. Empty when the
 * page runs under `script-src 'self'` untouched.
 */
export function inlineCode(html) {
  const found = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attrs = m[1] ?? '';
    if (/\bsrc\s*=/i.test(attrs)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attrs)?.[1]?.toLowerCase();
    if (type && type !== 'module' && type !== 'text/javascript' && !type.includes('javascript')) continue;
    found.push(`inline script: ${m[0].slice(0, 80)}`);
  }
  for (const m of html.matchAll(/<[a-z][\w-]*\b[^>]*?\s(on[a-z]+)\s*=/gi))
    found.push(`event handler ${m[1]}`);
  for (const m of html.matchAll(/\b(?:href|src|action|formaction)\s*=\s*["']?\s*javascript:/gi))
    found.push(`javascript: URL ${m[0]}`);
  return found;
}
