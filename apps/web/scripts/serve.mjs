// Production-like static server for dist/: precompressed brotli/gzip (from scripts/compress.mjs),
// immutable caching for hashed assets, `/faq` → `faq.html`, and `200.html` as the SPA fallback.
// `node scripts/serve.mjs [port]` — used by the bench.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import sirv from 'sirv';
import { linkPreview, previewApi } from './link-preview.mjs';

// The build's Content Security Policy (from its <meta>) as a header, with what only a header can say.
const dist = join(import.meta.dirname, '..', 'dist');
const policy = /<meta http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(
  readFileSync(join(dist, 'index.html'), 'utf8'),
)?.[1];
if (!policy) throw new Error('dist/index.html has no Content Security Policy: build the app first');
const SECURITY_HEADERS = {
  'content-security-policy': `${policy}; frame-ancestors 'none'`,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
};

const port = Number(process.argv[2] ?? process.env.PORT ?? 4180);
const host = process.env.HOST ?? '127.0.0.1';
const serve = sirv(dist, {
  brotli: true,
  gzip: true,
  etag: true,
  extensions: ['html'],
  single: '200.html',
  setHeaders(res, pathname) {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
    res.setHeader(
      'cache-control',
      pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
    );
  },
});

// Shared decks' link previews, from the API the build talks to (its public key, as the browser signs).
const previews = linkPreview({
  api: previewApi(process.env),
  shell: async () => readFileSync(join(dist, '200.html'), 'utf8'),
  origin: process.env.COMPANION_PUBLIC_URL,
});

createServer((req, res) => {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
  previews(req, res, () => serve(req, res));
}).listen(port, host, () => {
  console.log(`serving dist/ on http://${host}:${port}`);
});
