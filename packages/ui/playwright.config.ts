import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/chromium.mjs';

/**
 * The story screenshot check: every story of the built Storybook (`storybook-static`), in the light
 * and dark themes, must render without error and show something (see story-check/stories.spec.ts).
 */
export default defineConfig({
  testDir: 'story-check',
  // Playwright empties its output folder at start: keep it apart from vitest.json and the screenshots.
  outputDir: 'test-results/story-artifacts',
  timeout: 30_000,
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [['dot'], ['json', { outputFile: 'test-results/stories.json' }]],
  globalSetup: './story-check/global-setup.ts',
  use: {
    viewport: { width: 1280, height: 720 },
    deviceScaleFactor: 1,
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [
        ...CHROMIUM_ARGS,
        // Stories stay offline: any host but the local static server fails at once, without DNS.
        '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
      ],
    },
  },
});
