// How long a client review link's page takes to show 50 posts (each as two networks will show it), from
// opening the address to every post on screen, in Debian's Chromium, for someone without an account.
// Budget: 1,000 ms (issue 25). Starts the built app on a fresh embedded database; median of 5 runs.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM } from '../test/chromium';
import { startServer } from '../test/child-server';
import { report } from './report.mjs';

const PORT = 3324;
const base = `http://localhost:${PORT}`;
const dataDir = mkdtempSync(join(tmpdir(), 'postwell-bench-review-'));
const POSTS = 50;

async function main() {
  const server = await startServer({ DATA_DIR: dataDir }, { port: PORT, host: 'localhost' });
  const browser = await chromium.launch(CHROMIUM);
  try {
    const page = await browser.newPage({ baseURL: base });
    await page.goto(`${base}/login`);
    const setup = await page.request.post('/api/setup/admin', {
      data: { name: 'Bench', email: 'bench@example.com', password: 'bench-password-1' },
    });
    if (!setup.ok()) throw new Error(`setup failed: ${setup.status()}`);
    const ids: string[] = [];
    for (let i = 0; i < POSTS; i++) {
      const made = await page.request.post('/api/posts', {
        data: {
          content: `<p>Post <strong>${i}</strong>: spring opening hours, new menu and a link https://example.com/${i}</p>`,
          platforms: ['bluesky', 'linkedin'],
          action: 'schedule',
          scheduledAt: new Date(Date.now() + (i + 1) * 3600_000).toISOString(),
          timezone: 'UTC',
        },
      });
      if (!made.ok()) throw new Error(`post failed: ${made.status()} ${await made.text()}`);
      ids.push((await made.json()).id);
    }
    const link = await page.request.post('/api/review-links', { data: { postIds: ids, label: 'Bench' } });
    if (!link.ok()) throw new Error(`link failed: ${link.status()} ${await link.text()}`);
    const address = (await link.json()).link as string;

    const runs: number[] = [];
    for (let run = 0; run < 6; run++) {
      const context = await browser.newContext();
      const guest = await context.newPage();
      const started = Date.now();
      await guest.goto(address);
      await guest.waitForFunction((n) => document.querySelectorAll('article').length >= n, POSTS, {
        polling: 'raf',
        timeout: 30_000,
      });
      // The first run fills the server's and the disk's caches, as a client's first visit would not.
      if (run > 0) runs.push(Date.now() - started);
      await context.close();
    }
    runs.sort((a, b) => a - b);
    console.log(`review page with ${POSTS} posts: opened to shown ${runs.join(', ')} ms`);
    rep.figure(
      'review.page.median',
      `review page of ${POSTS} posts, open to shown, median of 5`,
      runs[2]!,
      'ms',
      {
        max: 1000,
      },
    );
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const rep = report('review-page', 'pglite');
await main();
rep.save();
