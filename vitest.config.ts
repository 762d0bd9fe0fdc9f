import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

const dbTests = ['src/**/*.int.test.ts'];
// Any connection or DNS query off 127.0.0.1 fails the test that made it (issue 23).
const setupFiles = ['test/setup-loopback.ts'];
const databases = ['pglite', ...(process.env.TEST_DATABASE_URL ? ['postgres'] : [])];

// Unit tests run once; tests against a real database run on PGlite and, when TEST_DATABASE_URL is set,
// a second time on PostgreSQL.
export default defineConfig({
  test: {
    // Vitest's default is one worker less than the cores, which on a 2-core machine runs every file one
    // after another. The database tests spend most of their time waiting on the database, so two files
    // at once pay off even there (653 s → 429 s for the suite on 2 cores).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'test/**/*.test.ts'],
          exclude: dbTests,
          environment: 'node',
          setupFiles,
          // The full-screen dialogs' tests render a whole form in jsdom: seconds each on a busy 2-core
          // machine, where vitest's 5 s default failed them for no fault of theirs.
          testTimeout: 15_000,
        },
      },
      ...databases.map((db) => ({
        test: {
          name: `db-${db}`,
          include: dbTests,
          environment: 'node',
          env: { TEST_DB: db },
          setupFiles,
          // Every file builds its own app on its own database, and none mocks a module: a worker can
          // keep the server's modules loaded from one file to the next instead of importing them again.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      })),
    ],
  },
});
