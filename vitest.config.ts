import { availableParallelism } from 'node:os';
import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

/** Workspace packages resolve to their TypeScript sources through this export condition. */
const SOURCE_CONDITION = '@feecast/source';

/** Every test file runs with the seed chosen by the global setup. */
const setupFiles = ['./vitest.setup.ts'];

/**
 * A test's time limit catches a hang, not slowness (performance is measured in bench/): property
 * tests of whole operations take seconds, several times more on a busy 2-core machine.
 */
const testTimeout = 30_000;

/**
 * Every core runs test files. Vitest's default in a single run is one worker fewer than the
 * cores, which on a 2-core CI machine runs every file one after another; most files spend much
 * of their time waiting on child processes, servers and the disk, so a worker per core halves
 * the suite's wall time there.
 */
const maxWorkers = availableParallelism();

export default defineConfig({
  test: {
    maxWorkers,
    // Runs once per run (not per project): chooses and prints the fast-check seed.
    globalSetup: ['./vitest.global-setup.ts'],
    projects: [
      {
        // Unit and property tests of each package, run on the sources (no build needed).
        resolve: { conditions: [SOURCE_CONDITION, ...defaultClientConditions] },
        ssr: { resolve: { conditions: [SOURCE_CONDITION, ...defaultServerConditions] } },
        test: {
          name: 'unit',
          include: ['packages/*/test/**/*.test.ts'],
          setupFiles,
          testTimeout,
        },
      },
      {
        // Cross-package suites that run on the built packages, exactly as users import them.
        test: { name: 'dist', include: ['test/**/*.test.ts'], setupFiles, testTimeout },
      },
    ],
  },
});
