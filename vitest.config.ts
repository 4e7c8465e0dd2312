import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Path aliases: tsconfig.json's `paths`, as in vite.config.ts (whose React Router plugin
  // the tests do without).
  resolve: { tsconfigPaths: true },
  test: {
    include: ['tests/unit/**/*.test.{ts,tsx}', 'tests/integration/**/*.test.ts'],
    environment: 'node',
    // Integration tests start real servers and databases; two files at a time suits 2 cores.
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
