// How long a client review link's page takes to show 50 posts (each as two networks will show it) once
// their data has arrived, in Debian's Chromium, for someone without an account: budget 1,000 ms (issue
// 25). Also printed, without a goal: from opening the address, in a fresh browser (the app's code loaded
// cold, as on a client's first visit), and the API's answer alone. Fresh embedded database; medians of 5.
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

    const token = address.split('#')[1]!;
    const api: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t0 = performance.now();
      const res = await page.request.get(`/api/review/${token}`);
      if (!res.ok()) throw new Error(`review api: ${res.status()}`);
      api.push(performance.now() - t0);
    }
    const runs: number[] = [];
    const renders: number[] = [];
    for (let run = 0; run < 6; run++) {
      const context = await browser.newContext();
      const guest = await context.newPage();
      const started = Date.now();
      let arrived = 0;
      guest.on('response', (r) => {
        if (r.url().includes('/api/review/')) arrived = Date.now();
      });
      await guest.goto(address);
      await guest.waitForFunction((n) => document.querySelectorAll('article').length >= n, POSTS, {
        polling: 'raf',
        timeout: 30_000,
      });
      // The first run fills the server's and the disk's caches, as a client's first visit would not.
      if (run > 0) {
        runs.push(Date.now() - started);
        renders.push(Date.now() - arrived);
      }
      await context.close();
    }
    const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
    console.log(`review page with ${POSTS} posts: render after data ${renders.join(', ')} ms`);
    console.log(
      `  opened to shown ${runs.join(', ')} ms; the API alone ${api.map((ms) => ms.toFixed(0)).join(', ')} ms`,
    );
    rep.figure(
      'review.render.median',
      `review page of ${POSTS} posts, render after data, median of 5`,
      median(renders),
      'ms',
      {
        max: 1000,
      },
    );
    rep.figure(
      'review.api.median',
      `GET /api/review/:token of ${POSTS} posts, median of 5`,
      median(api),
      'ms',
    );
    rep.figure(
      'review.open.median',
      `review page of ${POSTS} posts, cold open to shown, median of 5`,
      median(runs),
      'ms',
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
