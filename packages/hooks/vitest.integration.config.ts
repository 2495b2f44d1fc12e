import { defineConfig } from 'vitest/config';

/**
 * Integration project: the hooks against the real API server and the Firebase Auth emulator
 * (started by `test/integration/global-setup.ts`). The unit config excludes this folder.
 */
export default defineConfig({
  test: {
    name: 'integration',
    environment: 'jsdom',
    include: ['test/integration/**/*.test.{ts,tsx}'],
    setupFiles: ['./test/setup.ts'],
    globalSetup: ['./test/integration/global-setup.ts'],
    // One server and one Firebase project for everything: files run one after another.
    fileParallelism: false,
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
