import { expect, type Page, test } from '@playwright/test';
import { ADMIN, inWorkspace, newPost, signInAs } from './helpers';

const SHOTS = 'test-results/screenshots/dashboard-drafts';
// Texts of this run only: other specs leave posts of the same administrator behind. Each test makes
// its own, so that one can run (or be retried) without the others.
const stamp = Date.now().toString(36);
const UPCOMING = `Launch recap ${stamp}`;
const FAILED = `Hiring post ${stamp}`;
const DRAFT = `Half an idea ${stamp}`;

const section = (page: Page, name: string | RegExp) => page.getByRole('region', { name });

/** A post of the signed-in user, made through the API as the composer would send it. */
async function create(page: Page, text: string, data: Record<string, unknown>) {
  const res = await page.request.post('/api/posts', {
    data: { content: `<p>${text}</p>`, platforms: ['bluesky'], timezone: 'UTC', ...data },
  });
  expect(res.status()).toBe(201);
}

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

test('the dashboard lists what is coming, what failed and the drafts; a draft opens in the composer', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAs(page, ADMIN.email, ADMIN.password);

  // Scheduled for tomorrow to Bluesky (no account: it says so), and sent now to LinkedIn (no account:
  // the worker fails it with the reason).
  const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000);
  await create(page, UPCOMING, { action: 'schedule', scheduledAt: tomorrow.toISOString() });
  await create(page, FAILED, { action: 'publish_now', platforms: ['linkedin'] });

  // A draft without a date, saved from the composer: it used to vanish after "Draft saved.".
  await page.goto('/posts');
  await (await newPost(page)).click();
  await page.keyboard.type(DRAFT);
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/posts') && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Save as draft' }).click();
  expect((await saved).status()).toBe(201);
  await expect(page.getByText('Draft saved.')).toBeVisible();

  await page.goto('/dashboard');
  const upcoming = section(page, 'Upcoming posts');
  const item = upcoming.getByRole('listitem').filter({ hasText: UPCOMING });
  await expect(item).toBeVisible();
  await expect(item).toContainText('Connect Bluesky to publish');

  const failures = section(page, 'Failures');
  const failed = failures.getByRole('listitem').filter({ hasText: FAILED });
  await expect(failed).toContainText('LinkedIn: No LinkedIn account is connected. Connect one, then retry.', {
    timeout: 20_000,
  });
  await expect(section(page, 'Drafts').getByRole('listitem').filter({ hasText: DRAFT })).toContainText(
    'No date yet',
  );
  await expect(section(page, 'Accounts')).toContainText('No account needs reconnecting.');
  await shoot(page, 'dashboard-en-1280');

  // Retry sends it again now; without an account it fails again, with the same reason.
  await failed.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByText('Retrying the failed networks now.')).toBeVisible();
  await expect(failures.getByRole('listitem').filter({ hasText: FAILED })).toContainText(
    'No LinkedIn account',
    {
      timeout: 20_000,
    },
  );

  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(page, 'dashboard-en-390');

  // The draft opens in the composer from the dashboard.
  await section(page, 'Drafts')
    .getByRole('listitem')
    .filter({ hasText: DRAFT })
    .getByRole('link', { name: 'Open in the composer' })
    .click();
  await expect(page).toHaveURL(inWorkspace('/posts'));
  await expect(page.getByRole('heading', { name: 'Edit post' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Post text' })).toHaveText(DRAFT);
});

test('the Drafts tab of /posts lists the drafts, opens one in the composer and deletes one', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAs(page, ADMIN.email, ADMIN.password);
  const draftText = `Drafts tab ${stamp}`;
  const extra = `Throwaway ${stamp}`;
  await create(page, draftText, { action: 'draft' });
  await create(page, extra, { action: 'draft', platforms: ['bluesky', 'linkedin'] });

  await page.goto('/posts');
  await page.getByRole('tab', { name: /Drafts/ }).click();
  await expect(page).toHaveURL(inWorkspace('/posts?tab=drafts'));
  const draft = page.getByRole('listitem').filter({ hasText: draftText });
  await expect(draft).toContainText('No date yet');
  await shoot(page, 'drafts-en-1280');

  await draft.getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByRole('heading', { name: 'Edit post' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Post text' })).toHaveText(draftText);
  const composer = page.getByRole('dialog', { name: 'Edit post' });
  await composer.getByRole('button', { name: 'Close' }).first().click();
  await expect(composer).toBeHidden();

  const throwaway = page.getByRole('listitem').filter({ hasText: extra });
  await expect(throwaway.getByRole('img', { name: 'LinkedIn' })).toBeVisible();
  await throwaway.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm Deletion' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Post deleted successfully!')).toBeVisible();
  await expect(throwaway).toHaveCount(0);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByRole('listitem').filter({ hasText: draftText })).toBeVisible();
  await shoot(page, 'drafts-en-390');
});

test('in Arabic the dashboard and the drafts read right to left', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAs(page, ADMIN.email, ADMIN.password);
  const draftText = `Arabic draft ${stamp}`;
  const upcomingText = `Arabic upcoming ${stamp}`;
  await create(page, draftText, { action: 'draft' });
  await create(page, upcomingText, {
    action: 'schedule',
    scheduledAt: new Date(Date.now() + 2 * 24 * 60 * 60 * 1000).toISOString(),
  });
  await page.evaluate(() => localStorage.setItem('postwell.locale', 'ar'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const drafts = section(page, 'المسودات');
  await expect(drafts.getByRole('listitem').filter({ hasText: draftText })).toContainText(
    'لا يوجد تاريخ بعد',
  );
  await expect(
    section(page, 'المنشورات القادمة').getByRole('listitem').filter({ hasText: upcomingText }),
  ).toBeVisible();
  await shoot(page, 'dashboard-ar-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(page, 'dashboard-ar-390');

  await page.goto('/posts?tab=drafts');
  await expect(page.getByRole('listitem').filter({ hasText: draftText })).toBeVisible();
  await shoot(page, 'drafts-ar-390');
  await page.setViewportSize({ width: 1280, height: 900 });
  await shoot(page, 'drafts-ar-1280');
});
