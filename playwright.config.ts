import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { E2E_NETWORKS } from './test/e2e-networks';
import { defineConfig } from '@playwright/test';
import { CHROMIUM } from './test/chromium';

// E2E_PORT lets two checkouts run their browser tests side by side.
const PORT = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://localhost:${PORT}`;
// A fresh embedded database per run: the first test meets the app exactly as a newcomer does.
const dataDir = mkdtempSync(join(tmpdir(), 'postwell-e2e-'));
// Specs that use only servers they start themselves (their own data folders, fakes and ports).
const OWN_SERVER_SPECS = ['**/16-analytics.spec.ts', '**/21-oidc.spec.ts', '**/27-accounts.spec.ts'];

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results/e2e',
  // The specs of the shared server (its first-admin state, its posts) run one after another, in file
  // order; the specs that start servers of their own run beside them, one at a time too.
  workers: 2,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 60_000,
  // The own-servers specs start servers beside the shared one, each creating a fresh database: on a
  // 2-core machine a page of the shared server can take more than the default 5 s to show meanwhile.
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: 'reports/playwright.json' }]],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: CHROMIUM,
  },
  projects: [
    {
      name: 'chromium',
      use: { browserName: 'chromium' },
      testIgnore: OWN_SERVER_SPECS,
      workers: 1,
    },
    {
      name: 'own-servers',
      use: { browserName: 'chromium' },
      testMatch: OWN_SERVER_SPECS,
      workers: 1,
    },
  ],
  webServer: {
    // What `npm start` runs: the built server (built first when older than its sources), as users run it.
    command: 'node --v8-pool-size=1 scripts/start.mjs',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      DATA_DIR: dataDir,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      LOG_LEVEL: 'warn',
      LOGIN_RATE_PER_MINUTE: '60',
      // 22-limits.spec.ts makes a user 55 templates, to see the dialog page through them.
      CREATE_RATE_PER_MINUTE: '100',
      // 19-webhooks.spec.ts delivers to a receiver on 127.0.0.1 over plain http.
      WEBHOOKS_ALLOW_PRIVATE: 'true',
      WEBHOOKS_ALLOW_HTTP: 'true',
      // 25-approval.spec.ts sees a post that was not approved in time become so within seconds.
      APPROVALS_CHECK_SECONDS: '2',
      // 31-feeds.spec.ts sees a feed read within seconds of adding or resuming it.
      FEEDS_ROUND_SECONDS: '2',
      // Every network set up (the composer offers only networks the server has an app for), each at a
      // closed port on this machine: nothing leaves it. The own-server specs connect through fakes.
      ...E2E_NETWORKS,
    },
  },
});
