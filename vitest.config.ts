import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['src/**/*.test.ts', 'src/**/*.test.tsx'], environment: 'node' } },
      {
        test: {
          name: 'api', include: ['tests/api/**/*.test.ts'], environment: 'node',
          globalSetup: ['tests/api/global-setup.ts'],
          testTimeout: 30_000, hookTimeout: 60_000, pool: 'forks', maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'e2e', include: ['tests/e2e/**/*.test.ts'], environment: 'node',
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 60_000, hookTimeout: 60_000, pool: 'forks', maxWorkers: 2,
        },
      },
    ],
  },
});
