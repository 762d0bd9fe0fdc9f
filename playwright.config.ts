import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM } from './test/chromium';

// E2E_PORT lets two checkouts run their browser tests side by side.
const PORT = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://localhost:${PORT}`;
// A fresh embedded database per run: the first test meets the app exactly as a newcomer does.
const dataDir = mkdtempSync(join(tmpdir(), 'postwell-e2e-'));

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results/e2e',
  // The specs share one server and its first-admin state, so they run one after another, in file order.
  workers: 1,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 60_000,
  reporter: [['list'], ['json', { outputFile: 'reports/playwright.json' }]],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: CHROMIUM,
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    command: 'node --import tsx src/server/main.ts',
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
      // 19-webhooks.spec.ts delivers to a receiver on 127.0.0.1 over plain http.
      WEBHOOKS_ALLOW_PRIVATE: 'true',
      WEBHOOKS_ALLOW_HTTP: 'true',
    },
  },
});
