import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/chromium.mjs';

const API_PORT = Number(process.env.E2E_API_PORT ?? 8790);
const WEB_PORT = Number(process.env.E2E_WEB_PORT ?? 4173);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'companion-web-e2e-'));
process.env.E2E_DATA_DIR = dataDir;
// With DATABASE_URL the API runs on PostgreSQL, in a schema of this run's (dropped by global-setup).
// @ts-expect-error plain JS helper shared by the repo's scripts
const { e2eSchema } = (await import('../../scripts/lib.mjs')) as {
  e2eSchema: (key: string, prefix: string) => string | undefined;
};
const databaseSchema = e2eSchema('E2E_DATABASE_SCHEMA', 'e2e_web');
/** Real Scryfall cards and collection exports, in `shared/data` beside the repository (card screens' tests). */
const SHARED_DATA =
  process.env.COMPANION_SHARED_DATA ?? resolve(import.meta.dirname, '..', '..', '..', 'shared', 'data');

/** End-to-end tests against the real API (temporary data folder) and the Auth emulator. */
export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results/artifacts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  globalSetup: './e2e/global-setup.ts',
  use: {
    baseURL: `http://127.0.0.1:${WEB_PORT}`,
    locale: 'en-US',
    trace: 'retain-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] },
  },
  projects: [
    { name: 'chromium', grepInvert: /@timing/, use: { ...devices['Desktop Chrome'], channel: undefined } },
    // Tests that measure frame times and latency run once the others are done, one at a time: a test
    // in the other worker would take one of the machine's cores from the page being measured.
    {
      name: 'timing',
      grep: /@timing/,
      dependencies: ['chromium'],
      fullyParallel: false,
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
  ],
  webServer: [
    {
      // Promo events come from the product's own admin path (the `promo` command line), run on the
      // same data folder before the server opens it: one live event and one whose codes expired.
      command: [
        `pnpm --silent --filter @companion/api promo create --name "E2E Open" --badge "E2E Open 2026" --codes 2 > "${join(dataDir, 'promo-live.txt')}"`,
        `pnpm --silent --filter @companion/api promo create --name "E2E Past" --badge "E2E Past" --expires 2020-01-01T00:00:00Z > "${join(dataDir, 'promo-expired.txt')}"`,
        'pnpm --filter @companion/api start',
      ].join(' && '),
      url: `http://127.0.0.1:${API_PORT}/ping`,
      timeout: 180_000,
      reuseExistingServer: false,
      env: {
        PORT: String(API_PORT),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099',
        FIREBASE_PROJECT_ID: 'demo-companion',
        COMPANION_WEB_ORIGINS: `http://127.0.0.1:${WEB_PORT}`,
        COMPANION_PUBLIC_URL: `http://127.0.0.1:${WEB_PORT}`,
        COMPANION_API_URL: `http://127.0.0.1:${API_PORT}`,
        COMPANION_LOG_LEVEL: 'warn',
        ...(databaseSchema ? { DATABASE_SCHEMA: databaseSchema } : {}),
        // The API fills its empty catalogue from these Scryfall files at start.
        ...(existsSync(SHARED_DATA) ? { COMPANION_SHARED_DATA: SHARED_DATA } : {}),
      },
    },
    {
      // Built by scripts/test.mjs with VITE_API_URL pointing at the API above.
      command: `node ./node_modules/vite/bin/vite.js preview --host 127.0.0.1 --port ${WEB_PORT} --strictPort`,
      url: `http://127.0.0.1:${WEB_PORT}/`,
      timeout: 60_000,
      reuseExistingServer: false,
      // The preview server's link previews of shared decks ask this API (scripts/link-preview.mjs).
      env: {
        VITE_API_URL: `http://127.0.0.1:${API_PORT}`,
        COMPANION_PUBLIC_URL: `http://127.0.0.1:${WEB_PORT}`,
      },
    },
  ],
});
