// How long the month view takes to show 300 posts, then 1,000, once their data has arrived, in Debian's
// Chromium (a day shows three cards and "+K more": every post counted is on a card or in a "more").
// Budget: 300 ms each. Then the week in hours with 300 posts of this week: 200 ms. Starts the built app
// on a fresh embedded database; prints the median of 5 runs.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM } from '../test/chromium';
import { startServer } from '../test/child-server';
import { report } from './report.mjs';

const PORT = 3323;
const base = `http://localhost:${PORT}`;
const dataDir = mkdtempSync(join(tmpdir(), 'postwell-bench-calendar-'));
const SIZES = [300, 1000];
const WEEK_POSTS = 300;

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
    const now = new Date();
    let seeded = 0;
    for (const posts of SIZES) {
      for (; seeded < posts; seeded++) {
        const i = seeded;
        const at = new Date(now.getFullYear(), now.getMonth() + 1, 1 + (i % 28), 8 + (i % 12), (i * 7) % 60);
        await page.request.post('/api/posts', {
          data: {
            content: `<p>Post <strong>${i}</strong> with some text</p>`,
            platforms: ['bluesky', 'twitter'],
            action: 'draft',
            scheduledAt: at.toISOString(),
            timezone: 'UTC',
          },
        });
      }
      const runs: number[] = [];
      for (let run = 0; run < 5; run++) {
        await page.goto(`${base}/posts`);
        await page.getByRole('button', { name: 'Next' }).waitFor();
        // Time from the moment the month's posts arrive to the moment all their cards are on screen.
        // A string, not a function: tsx's helpers do not exist inside the page.
        await page.evaluate(`(() => {
          const original = window.fetch;
          window.fetch = async (...args) => {
            const response = await original(...args);
            if (String(args[0]).includes('/api/posts?')) {
              response.clone().text().then(() => { window.__arrived ??= performance.now(); });
            }
            return response;
          };
          const shown = () =>
            document.querySelectorAll('[aria-label^="Post at"]').length +
            [...document.querySelectorAll('[data-more]')].reduce((n, b) => n + Number(b.dataset.more), 0);
          window.__rendered = new Promise((resolve) => {
            const check = () => shown() >= ${posts} && resolve(performance.now());
            new MutationObserver(check).observe(document.body, { childList: true, subtree: true });
          });
        })()`);
        await page.getByRole('button', { name: 'Next' }).click();
        const ms = (await page.evaluate(
          'window.__rendered.then((rendered) => rendered - window.__arrived)',
        )) as number;
        runs.push(ms);
      }
      runs.sort((a, b) => a - b);
      console.log(
        `month view with ${posts} posts: render after data ${runs.map((r) => r.toFixed(0)).join(', ')} ms`,
      );
      const key = posts === 300 ? 'month.render.median' : `month.render${posts}.median`;
      rep.figure(key, `month view of ${posts} posts, render after data, median of 5`, runs[2]!, 'ms', {
        max: 300,
      });
    }

    // The week in hours (issue 26): 300 posts in this week, each on its own card (no "+K more").
    const sunday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - now.getDay());
    for (let i = 0; i < WEEK_POSTS; i++) {
      const at = new Date(
        sunday.getFullYear(),
        sunday.getMonth(),
        sunday.getDate() + (i % 7),
        7 + (i % 14),
        (i * 11) % 60,
      );
      await page.request.post('/api/posts', {
        data: {
          content: `<p>Week post <strong>${i}</strong> with some text</p>`,
          platforms: ['bluesky', 'twitter'],
          action: 'draft',
          scheduledAt: at.toISOString(),
          timezone: 'UTC',
        },
      });
    }
    const weekRuns: number[] = [];
    for (let run = 0; run < 5; run++) {
      await page.goto(`${base}/posts`);
      await page.getByRole('button', { name: 'Next' }).waitFor();
      // From the click on WEEK: the month's posts are at hand already (kept while the week's arrive), so
      // the hours are drawn from them at once.
      await page.evaluate(`(() => {
        document.addEventListener('click', () => { window.__clicked ??= performance.now(); }, { capture: true });
        window.__rendered = new Promise((resolve) => {
          const check = () => document.querySelectorAll('[role="gridcell"] [aria-label^="Post at"]').length >= ${WEEK_POSTS} && resolve(performance.now());
          new MutationObserver(check).observe(document.body, { childList: true, subtree: true });
        });
      })()`);
      await page.getByText('WEEK', { exact: true }).click();
      const ms = (await page.evaluate(
        'window.__rendered.then((rendered) => rendered - window.__clicked)',
      )) as number;
      weekRuns.push(ms);
    }
    weekRuns.sort((a, b) => a - b);
    console.log(
      `week view with ${WEEK_POSTS} posts: drawn after the click ${weekRuns.map((r) => r.toFixed(0)).join(', ')} ms`,
    );
    rep.figure(
      'week.render.median',
      `week view of ${WEEK_POSTS} posts in hours, from the click, median of 5`,
      weekRuns[2]!,
      'ms',
      {
        max: 200,
      },
    );
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const rep = report('calendar-render', 'pglite');
await main();
rep.save();
