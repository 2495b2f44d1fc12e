import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createClient } from '@companion/sdk';
import { expect, type Page, test } from '@playwright/test';
import { catalogue, createList, HEADER, importInto, requireSharedData, row, SHARED } from './cards-helpers';
import { signedInUser } from './helpers';

/**
 * `pnpm serve` as a deployment runs it: the API compiled to JavaScript (no tsx) serving the built web
 * app and overlay on its own origin, with the API under `/api/`. The build is the end-to-end one
 * (made for another API address): the served pages must use the address the server gives them at
 * run time. With PostgreSQL and Redis (CI), two instances share the database and the live channel.
 *
 * NODE_ENV is `test` here: production refuses the Auth emulator these tests sign in with (that refusal
 * has its own tests, apps/api/src/env.test.ts).
 */

const ROOT = resolve(import.meta.dirname, '..', '..', '..');
const PORTS = { a: 4391, b: 4392 };
const origin = (port: number) => `http://127.0.0.1:${port}`;
const A = origin(PORTS.a);
const B = origin(PORTS.b);
const twoInstances = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);
// @ts-expect-error plain JS helper shared by the repo's scripts
const lib = (await import('../../../scripts/lib.mjs')) as {
  e2eSchema: (key: string, prefix: string) => string | undefined;
  dropSchema: (schema: string | undefined) => Promise<void>;
};
const schema = lib.e2eSchema('E2E_PROD_DATABASE_SCHEMA', 'e2e_prod');
const dataDir = mkdtempSync(join(tmpdir(), 'companion-serve-'));

interface Instance {
  child: ChildProcess;
  output: () => string;
  exit: Promise<number | null>;
}

function serve(port: number): Instance {
  const { DATABASE_URL, REDIS_URL, ...env } = process.env;
  const child = spawn('node', [join(ROOT, 'scripts/serve.mjs')], {
    cwd: ROOT,
    env: {
      ...env,
      ...(twoInstances ? { DATABASE_URL, REDIS_URL, DATABASE_SCHEMA: schema } : {}),
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: join(dataDir, twoInstances ? String(port) : 'a'),
      COMPANION_PUBLIC_URL: origin(port),
      FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099',
      FIREBASE_PROJECT_ID: 'demo-companion',
      COMPANION_SHARED_DATA: SHARED,
      COMPANION_METRICS_TOKEN: 'e2e-metrics-token-0123456789',
      COMPANION_LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk.toString();
  });
  const exit = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  return { child, output: () => output, exit };
}

async function ready(instance: Instance, url: string) {
  await expect
    .poll(
      async () => {
        if (instance.child.exitCode !== null)
          return `exited ${instance.child.exitCode}: ${instance.output()}`;
        try {
          return (await fetch(`${url}/api/health/ready`, { signal: AbortSignal.timeout(2_000) })).status;
        } catch {
          return 'not answering';
        }
      },
      { timeout: 120_000, intervals: [500] },
    )
    .toBe(200);
}

async function stop(instance: Instance | undefined) {
  if (!instance || instance.child.exitCode !== null) return instance?.child.exitCode ?? null;
  instance.child.kill('SIGTERM');
  return instance.exit;
}

const instances: Record<'a' | 'b', Instance | undefined> = { a: undefined, b: undefined };

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: A });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  requireSharedData();
  instances.a = serve(PORTS.a);
  await ready(instances.a, A);
  if (twoInstances) {
    // After A: the first instance runs the migrations and fills the empty catalogue.
    instances.b = serve(PORTS.b);
    await ready(instances.b, B);
  }
});

test.afterAll(async () => {
  await Promise.all([stop(instances.a), stop(instances.b)]);
  await lib.dropSchema(schema);
});

test('one origin: the pages with their settings and policy, the assets cached, the API under /api/', async () => {
  const home = await fetch(`${A}/`, { headers: { 'accept-encoding': 'br, gzip' } });
  expect(home.status).toBe(200);
  expect(home.headers.get('content-type')).toContain('text/html');
  expect(home.headers.get('cache-control')).toBe('no-cache');
  const policy = home.headers.get('content-security-policy') ?? '';
  expect(policy).toContain("script-src 'self';");
  expect(policy).toContain("frame-ancestors 'none'");
  expect(policy).toContain(`connect-src 'self' ${A} ws://127.0.0.1:${PORTS.a}`);
  expect(home.headers.get('x-content-type-options')).toBe('nosniff');
  expect(home.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  const html = await home.text();
  // The run-time settings, not the build's (made for port 8890 or 8790).
  const config = JSON.parse(
    /<script type="application\/json" id="companion-config">([^<]*)<\/script>/.exec(html)?.[1] ?? '{}',
  ) as Record<string, string>;
  expect(config.VITE_API_URL).toBe(`${A}/api`);
  expect(config.VITE_OVERLAY_URL).toBe(`${A}/obs/`);
  expect(html).not.toMatch(/127\.0\.0\.1:(8890|8790)/);

  // A hashed script: its brotli twin, cached for a year.
  const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  expect(script).toBeTruthy();
  const asset = await fetch(`${A}${script}`, { headers: { 'accept-encoding': 'br' } });
  expect(asset.status).toBe(200);
  expect(asset.headers.get('content-encoding')).toBe('br');
  expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  // A JavaScript MIME type (the HTML standard accepts either for module scripts).
  expect(asset.headers.get('content-type')).toMatch(/^(text|application)\/javascript\b/);
  // Revalidated as a browser does (fetch() would add `cache-control: no-cache` to a request with
  // If-None-Match, which asks the server for the full file again).
  const again = await plainGet(`${A}${script}`, {
    'accept-encoding': 'br',
    'if-none-match': asset.headers.get('etag') ?? '',
  });
  expect(again.status).toBe(304);

  // A prerendered page, the SPA shell for an app route, a 404 for a missing script.
  const faq = await (await fetch(`${A}/fr/faq`)).text();
  expect(faq).toContain('lang="fr');
  const app = await fetch(`${A}/decks/some-deck`);
  expect(app.status).toBe(200);
  expect(await app.text()).toContain('id="companion-config"');
  expect((await fetch(`${A}/assets/missing-abc123.js`)).status).toBe(404);
  // A page path never reaches the API route of the same name; the API answers under /api/ only.
  const shared = await fetch(`${A}/deck/shared/AAAAAAAAAAAAAAAAAAAAAA`);
  expect(shared.headers.get('content-type')).toContain('text/html');
  expect((await fetch(`${A}/api/ping`)).status).toBe(200);
  expect((await fetch(`${A}/ping`)).headers.get('content-type')).toContain('text/html');
  const health = (await (await fetch(`${A}/api/health`)).json()) as { version: string };
  expect(health.version).toMatch(/^\d+\.\d+\.\d+/);

  // The overlay under /obs/, with the API address of this origin.
  const overlay = await fetch(`${A}/obs/`);
  expect(overlay.headers.get('referrer-policy')).toBe('no-referrer');
  expect(await overlay.text()).toContain(`{"apiUrl":"${A}/api"}`);
});

/** A GET with exactly these headers (node:http adds none); its status. */
const plainGet = (url: string, headers: Record<string, string>) =>
  new Promise<{ status: number }>((done, fail) => {
    get(url, { headers }, (res) => {
      res.resume();
      done({ status: res.statusCode ?? 0 });
    }).on('error', fail);
  });

/** A 1×1 PNG. */
const PNG_1X1 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/** The signed-in player's API client, as the page signs (its session from local storage). */
async function apiClient(page: Page, base: string) {
  const stored = await page.evaluate(() => localStorage.getItem('companion-user'));
  const { token, userId } = JSON.parse(stored ?? '{}') as { token: string; userId: string };
  return createClient({
    baseUrl: `${base}/api`,
    apiKey: 'companion-dev',
    secret: 'companion-dev-secret',
    retry: 0,
    timeout: 10_000,
    credentials: () => ({ token, userId }),
  });
}

test('a player signs up, imports a collection, builds a deck, records a game, drives the overlay and uploads a picture', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|Refused to/i.test(message.text()))
      problems.push(message.text());
  });
  const calls: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(A)) calls.push(new URL(request.url()).pathname);
  });
  await signedInUser(page, 'serve');
  expect(calls.some((path) => path.startsWith('/api/auth/'))).toBe(true);

  // A collection import: three catalogue cards.
  const cards = catalogue()
    .filter((c) => !c.name.includes('//'))
    .slice(0, 3);
  await createList(page, 'Served binder', 'Binder');
  const report = await importInto(page, 'served.csv', [HEADER, ...cards.map((c) => row(c))].join('\n'));
  await expect(report).toContainText('Matched');

  // A deck from a pasted decklist.
  await page.goto('/decks/create');
  await page.getByLabel('Deck name').fill('Served deck');
  await page.getByLabel('Decklist').fill(cards.map((c) => `1 ${c.name}`).join('\n'));
  await page.getByRole('button', { name: 'Create from the decklist' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Served deck' })).toBeVisible();

  // A game.
  await page.goto('/games');
  await page.getByRole('button', { name: 'Record a game' }).click();
  const form = page.getByRole('region', { name: 'Record a game' });
  await form.getByRole('combobox', { name: /^Format/ }).click();
  await page.getByRole('option', { name: 'Commander', exact: true }).click();
  await form.getByRole('combobox', { name: /^Player 2/ }).click();
  await page.getByRole('option', { name: 'A guest (no account)', exact: true }).click();
  await form.getByLabel('Guest name, player 2').fill('Gideon');
  await form.getByRole('button', { name: 'Save the game' }).click();
  await expect(page).toHaveURL(/\/game\/[\w-]+$/);

  // The overlay: its address from the settings; with two instances, opened on B while the sender
  // page runs on A (the live channel fans out through Redis).
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Create the overlay address' }).click();
  const field = page.getByLabel('Overlay address');
  await expect(field).toHaveValue(/\/obs\/\?token=ct_/);
  const address = (await field.inputValue()).replace(A, twoInstances ? B : A);
  expect(address.startsWith(twoInstances ? `${B}/obs/` : `${A}/obs/`)).toBe(true);
  const obs = await browser.newPage();
  try {
    await obs.goto(address);
    await expect(obs.locator('main.ov-stage')).toBeVisible();
    await page.goto('/websocket/sender');
    await expect(page.getByTestId('live-status')).toHaveAttribute('data-status', 'open');
    await page.getByRole('textbox', { name: 'Text', exact: true }).fill('Served from one origin');
    await page.getByRole('button', { name: 'Show text' }).click();
    await expect(obs.getByTestId('text')).toHaveText('Served from one origin');
  } finally {
    await obs.close();
  }
  expect(problems).toEqual([]);
  // Every API call went to /api/ on this origin, none to the address the build was made with.
  expect(calls.filter((path) => path.startsWith('/api/')).length).toBeGreaterThan(5);

  // A profile picture uploaded on A loads from B: pictures live in the database, not on A's disk.
  const client = await apiClient(page, A);
  const { user } = await client.user.uploadPicture({
    body: { file: new Blob([Buffer.from(PNG_1X1, 'base64')], { type: 'image/png' }) },
  });
  const picture = new URL(user.picture ?? '');
  expect(picture.pathname).toMatch(/^\/api\/uploads\/users\/.+\.webp$/);
  const loaded = await fetch(`${twoInstances ? B : A}${picture.pathname}`);
  expect(loaded.status).toBe(200);
  expect(loaded.headers.get('content-type')).toBe('image/webp');

  // The metrics saw those requests (behind their token).
  expect((await fetch(`${A}/api/metrics`)).status).toBe(401);
  const metrics = await (
    await fetch(`${A}/api/metrics`, { headers: { authorization: 'Bearer e2e-metrics-token-0123456789' } })
  ).text();
  expect(metrics).toMatch(/companion_http_request_duration_seconds_count\{[^}]*route="\/deck"[^}]*\} [1-9]/);
});

test('SIGTERM while writes are under way: every acknowledged write is there afterwards', async ({ page }) => {
  test.setTimeout(240_000);
  await signedInUser(page, 'sigterm');
  const writer = await apiClient(page, A);
  const { formats } = await writer.system.formats();
  const format = formats.find((f) => /commander/i.test(f.name)) ?? formats[0];
  if (!format) throw new Error('no format');
  const cards = catalogue()
    .filter((c) => !c.name.includes('//'))
    .slice(0, 4)
    .map((c) => ({ name: c.name, board: 'main' as const, quantity: 2 }));

  // Deck saves, four at a time, until the instance stops answering.
  const acknowledged: string[] = [];
  let sent = 0;
  let stopping = false;
  const worker = async () => {
    while (sent < 50) {
      sent++;
      try {
        const { deck } = await writer.decks.create({
          body: { name: `Deck ${sent}`, formatId: format.id, cards },
        });
        acknowledged.push(deck.id);
      } catch {
        if (stopping) return;
      }
    }
  };
  const running = Promise.all([worker(), worker(), worker(), worker()]);
  await expect.poll(() => acknowledged.length, { timeout: 60_000 }).toBeGreaterThanOrEqual(8);
  stopping = true;
  const code = await stop(instances.a);
  await running;
  expect(code, instances.a?.output()).toBe(0);
  expect(instances.a?.output() ?? '').toContain('SIGTERM: closing…');

  // Read back on B, or on A started again on the same data.
  let reader = `${B}`;
  if (!twoInstances) {
    instances.a = serve(PORTS.a);
    await ready(instances.a, A);
    reader = A;
  }
  const check = await apiClient(page, reader);
  for (const id of acknowledged) {
    const { deck } = await check.decks.get({ params: { id } });
    const copies = deck.cards.reduce((sum, card) => sum + card.quantity, 0);
    expect(copies, `deck ${deck.name}`).toBe(8);
  }
  if (twoInstances) {
    instances.a = serve(PORTS.a);
    await ready(instances.a, A);
  }
});
