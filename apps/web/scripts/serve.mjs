// Production-like static server for dist/: precompressed brotli/gzip (from scripts/compress.mjs),
// immutable caching for hashed assets, `/faq` → `faq.html`, and `200.html` as the SPA fallback.
// `node scripts/serve.mjs [port]` — used by the bench.
import { createServer } from 'node:http';
import { join } from 'node:path';
import sirv from 'sirv';

const port = Number(process.argv[2] ?? process.env.PORT ?? 4180);
const host = process.env.HOST ?? '127.0.0.1';
const serve = sirv(join(import.meta.dirname, '..', 'dist'), {
  brotli: true,
  gzip: true,
  etag: true,
  extensions: ['html'],
  single: '200.html',
  setHeaders(res, pathname) {
    res.setHeader(
      'cache-control',
      pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
    );
  },
});

createServer((req, res) => serve(req, res)).listen(port, host, () => {
  console.log(`serving dist/ on http://${host}:${port}`);
});
