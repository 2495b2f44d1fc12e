import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
    exclude: ['test/integration/**'],
    setupFiles: ['./test/setup.ts'],
    testTimeout: 20_000,
  },
});
