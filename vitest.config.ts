import { defineConfig } from 'vitest/config';

const dbTests = ['src/**/*.int.test.ts'];
const databases = ['pglite', ...(process.env.TEST_DATABASE_URL ? ['postgres'] : [])];

// Unit tests run once; tests against a real database run on PGlite and, when TEST_DATABASE_URL is set,
// a second time on PostgreSQL.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
          exclude: dbTests,
          environment: 'node',
        },
      },
      ...databases.map((db) => ({
        test: {
          name: `db-${db}`,
          include: dbTests,
          environment: 'node',
          env: { TEST_DB: db },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      })),
    ],
  },
});
