// The browser benchmarks (bench/*.bench.ts): the end-to-end configuration's servers (the real API
// on a temporary data folder, the built app, the Auth emulator), one worker, nothing else running.
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import base from '../playwright.config';

const app = join(import.meta.dirname, '..');
const servers = Array.isArray(base.webServer) ? base.webServer : base.webServer ? [base.webServer] : [];

export default defineConfig({
  ...base,
  testDir: '.',
  testMatch: /\.bench\.ts$/,
  globalSetup: join(app, 'e2e', 'global-setup.ts'),
  webServer: servers.map((server) => ({ ...server, cwd: app })),
  outputDir: '../test-results/bench',
  workers: 1,
  reporter: [['list']],
  projects: [{ name: 'bench', use: base.projects?.[0]?.use ?? {} }],
});
