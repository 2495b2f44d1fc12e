import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/chromium.mjs';

/**
 * End-to-end: the real API (temporary PGlite folder, or a schema of its own with DATABASE_URL; Auth
 * emulator; cards from shared/data), the web app and the overlay on their development servers.
 * Ports come from the environment so that several runs (other engineers' web e2e uses 8790/4173) do
 * not collide.
 */
const API_PORT = Number(process.env.LIVE_E2E_API_PORT ?? 8890);
const WEB_PORT = Number(process.env.LIVE_E2E_WEB_PORT ?? 4273);
const OVERLAY_PORT = Number(process.env.LIVE_E2E_OVERLAY_PORT ?? 4274);
const dataDir = process.env.LIVE_E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'companion-live-e2e-'));
process.env.LIVE_E2E_DATA_DIR = dataDir;
// With DATABASE_URL the API runs on PostgreSQL, in a schema of this run's (dropped by global-setup).
// @ts-expect-error plain JS helper shared by the repo's scripts
const { e2eSchema } = (await import('../../scripts/lib.mjs')) as {
  e2eSchema: (key: string, prefix: string) => string | undefined;
};
const databaseSchema = e2eSchema('LIVE_E2E_DATABASE_SCHEMA', 'e2e_live');
const emulator = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099';
const api = `http://127.0.0.1:${API_PORT}`;
const web = `http://127.0.0.1:${WEB_PORT}`;
const overlay = `http://127.0.0.1:${OVERLAY_PORT}`;
process.env.LIVE_E2E_WEB_URL = web;
process.env.LIVE_E2E_OVERLAY_URL = `${overlay}/obs/`;
const cards = join(
  import.meta.dirname,
  '../../../shared/data/scryfall-json/scrydex_scryfall_test_cards.default_cards.2026-01-16.json',
);

const apiEnv = {
  PORT: String(API_PORT),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  FIREBASE_AUTH_EMULATOR_HOST: emulator,
  FIREBASE_PROJECT_ID: 'demo-companion',
  COMPANION_WEB_ORIGINS: `${web},${overlay}`,
  COMPANION_PUBLIC_URL: web,
  COMPANION_API_URL: api,
  COMPANION_LOG_LEVEL: 'warn',
  ...(databaseSchema ? { DATABASE_SCHEMA: databaseSchema } : {}),
  ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
};

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results/artifacts',
  timeout: 120_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  globalSetup: './e2e/global-setup.ts',
  use: {
    locale: 'en-US',
    trace: 'retain-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] },
  },
  webServer: [
    {
      // Cards for the spotlight search, then the API (the import skips when the file is absent).
      command: `node ./scripts/e2e-api.mjs ${JSON.stringify(cards)}`,
      url: `${api}/ping`,
      timeout: 180_000,
      reuseExistingServer: false,
      env: apiEnv,
      stdout: 'pipe',
    },
    {
      // The web app's dev server imports @companion/hooks' build: turbo.json makes this package's
      // test task wait for it.
      command: `node ./node_modules/vite/bin/vite.js --host 127.0.0.1 --port ${WEB_PORT} --strictPort`,
      cwd: join(import.meta.dirname, '../web'),
      url: `${web}/`,
      timeout: 120_000,
      reuseExistingServer: false,
      env: {
        VITE_API_URL: api,
        VITE_FIREBASE_AUTH_EMULATOR_HOST: emulator,
        VITE_OVERLAY_URL: `${overlay}/obs/`,
      },
    },
    {
      command: `node ./node_modules/vite/bin/vite.js --host 127.0.0.1 --port ${OVERLAY_PORT} --strictPort`,
      url: `${overlay}/obs/`,
      timeout: 120_000,
      reuseExistingServer: false,
      env: { VITE_API_URL: api },
    },
  ],
});
