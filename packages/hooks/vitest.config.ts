import { defineConfig } from 'vitest/config';

/**
 * `pnpm test` runs both projects in one vitest run (one JSON report):
 * - `unit`: everything under src/ and test/ except test/integration, with a fake server and fake
 *   Firebase;
 * - `integration` (`vitest.integration.config.ts`): the hooks against the real API server and the
 *   Firebase Auth emulator, which its global setup starts.
 * One project alone: `pnpm test:unit`, `pnpm test:integration`.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
          exclude: ['test/integration/**'],
          setupFiles: ['./test/setup.ts'],
          testTimeout: 20_000,
        },
      },
      './vitest.integration.config.ts',
    ],
  },
});
