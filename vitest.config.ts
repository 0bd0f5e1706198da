import { defineConfig } from 'vitest/config';

/** Property tests draw the same cases each run (tests/support/fixed-seed.ts): nothing in the suite fails by chance. */
const FIXED_SEED = 'tests/support/fixed-seed.ts';

export default defineConfig({
  test: {
    // A global teardown stops servers and databases a run started: give it time on a busy machine.
    teardownTimeout: 120_000,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'tests/unit/**/*.test.ts'],
          environment: 'node',
          setupFiles: [FIXED_SEED],
          // Documents read their fonts on first use (a second or so quiet, 6 s seen at load 20): a busy machine
          // overruns vitest's default 5 s with nothing wrong.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/api/global-setup.ts'],
          setupFiles: [FIXED_SEED],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // What the server does after its answer (a mail queued, a turn taken, a file removed) is waited for, not
          // given vitest's default second, which a loaded machine overruns with nothing wrong.
          expect: { poll: { timeout: 20_000, interval: 50 } },
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
          setupFiles: [FIXED_SEED],
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
