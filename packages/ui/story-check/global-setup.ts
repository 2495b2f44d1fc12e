import { createReadStream, existsSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve, sep } from 'node:path';

export const STATIC_DIR = resolve(import.meta.dirname, '..', 'storybook-static');
export const SHOTS_DIR = resolve(import.meta.dirname, '..', 'test-results', 'stories');

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.eot': 'application/vnd.ms-fontobject',
};

/**
 * Serves the built Storybook on 127.0.0.1 and a free port (STORY_CHECK_URL for the tests), and empties
 * the screenshot folder so that it only holds this run's stories.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  if (!existsSync(join(STATIC_DIR, 'index.json'))) {
    throw new Error(`${STATIC_DIR} has no index.json: run \`pnpm run build-storybook\` first`);
  }
  rmSync(SHOTS_DIR, { recursive: true, force: true });

  const server = createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://127.0.0.1').pathname);
    let file = normalize(join(STATIC_DIR, pathname));
    if (file !== STATIC_DIR && !file.startsWith(STATIC_DIR + sep)) {
      res.writeHead(403).end();
      return;
    }
    if (pathname === '/favicon.ico') file = join(STATIC_DIR, 'favicon.svg');
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
    if (!existsSync(file)) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    res.writeHead(200, {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      // Each story is a fresh load of iframe.html: let the browser keep the bundle between them.
      'cache-control': 'max-age=3600',
    });
    createReadStream(file).pipe(res);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  process.env.STORY_CHECK_URL = `http://127.0.0.1:${port}`;
  return () => new Promise<void>((done) => server.close(() => done()));
}
