import { expect, test } from '@playwright/test';
import { rss, startFeedServer } from '../test/fakes/feed-server';
import { ADMIN, expectAccessible, inWorkspace, shootWidths, signInAs } from './helpers';

// Issue 27: RSS auto-posting. A feed on 127.0.0.1 is added as drafts; its first read records what is
// there; a new item, once the feed is read again, becomes a draft. A page that is no feed says so.
const SHOTS = 'test-results/screenshots/feeds';
test.use({ timezoneId: 'UTC', locale: 'en-US' });

test('feeds: add one, its new item becomes a draft; a page that is no feed says why', async ({ page }) => {
  const server = await startFeedServer();
  try {
    const old = {
      guid: 'old',
      title: 'An older article',
      link: 'https://blog.example/old',
      date: '2026-01-01T10:00:00Z',
    };
    server.set('/feed.xml', { body: rss([old]) });
    server.set('/page.html', { body: '<html><body>Not a feed</body></html>', type: 'text/html' });

    await signInAs(page, ADMIN.email, ADMIN.password);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('link', { name: 'Feeds', exact: true }).first().click();
    await expect(page).toHaveURL(inWorkspace('/feeds'));
    await expect(page.getByRole('heading', { name: 'Feeds' })).toBeVisible();

    await page.getByRole('button', { name: 'Add feed' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add feed' });
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(dialog.getByText("Enter the feed's full address, starting with https://.")).toBeVisible();
    await dialog.getByLabel('Feed address').fill(`${server.base}/feed.xml`);
    await dialog.getByText('Bluesky', { exact: true }).click();
    await dialog.getByText('Drafts', { exact: true }).click();
    await dialog.getByLabel('Post template').fill('From the blog: {{title}} {{link}}');
    await shootWidths(page, SHOTS, 'dialog-en');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.getByText('Feed added: it is read within a minute.')).toBeVisible();

    // The first read names the feed and records its item without posting it.
    const feed = page.getByRole('region', { name: 'Bloom blog' });
    await expect(feed).toContainText('Items seen: 1 · posted: 0', { timeout: 20_000 });
    await expect(feed).toContainText('Drafts');

    // A new item; paused and resumed, the feed is read at once and the item becomes a draft.
    const fresh = {
      guid: 'new',
      title: 'Tulip season opens',
      link: 'https://blog.example/tulips',
      date: '2026-11-27T10:00:00Z',
    };
    server.set('/feed.xml', { body: rss([fresh, old]) });
    await feed.getByRole('button', { name: 'Pause Bloom blog' }).click();
    await expect(feed).toContainText('Paused');
    await feed.getByRole('button', { name: 'Resume Bloom blog' }).click();
    await expect(feed).toContainText('Items seen: 2 · posted: 1', { timeout: 20_000 });
    const drafts = await (await page.request.get('/api/posts/drafts?limit=50')).json();
    expect(JSON.stringify(drafts)).toContain('From the blog: Tulip season opens https://blog.example/tulips');

    // A page that is no feed: the reason, in words.
    await page.getByRole('button', { name: 'Add feed' }).click();
    const second = page.getByRole('dialog', { name: 'Add feed' });
    await second.getByLabel('Feed address').fill(`${server.base}/page.html`);
    await second.getByText('Bluesky', { exact: true }).click();
    await second.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.getByText('It is not an RSS, Atom or JSON feed.')).toBeVisible({ timeout: 20_000 });
    await expectAccessible(page);
    await shootWidths(page, SHOTS, 'feeds-en');

    await page.evaluate(() => localStorage.setItem('postwell.locale', 'ar'));
    await page.reload();
    await expect(page.getByTestId('feed')).toHaveCount(2);
    await shootWidths(page, SHOTS, 'feeds-ar');
    await page.evaluate(() => localStorage.setItem('postwell.locale', 'en'));
  } finally {
    await server.close();
  }
});
