import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // A global teardown stops servers and databases a run started: give it time on a busy machine.
    teardownTimeout: 120_000,
    projects: [
      { test: { name: 'unit', include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'tests/unit/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/api/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          pool: 'forks',
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          pool: 'forks',
          maxWorkers: 2,
          // Browser assertions retry until the page shows what they expect (expect.poll), as a person would wait.
          expect: { poll: { timeout: 30_000, interval: 100 } },
        },
      },
    ],
  },
});
