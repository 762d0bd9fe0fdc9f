import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { ADMIN, goOnWithoutAccounts, signInAs, inWorkspace } from './helpers';

// This server has no network's app credentials: the five OAuth networks say so, Bluesky can be tried.
const USER = { name: 'Grace Hopper', email: 'grace@example.com', password: 'compiler-a0-1952' };
const OAUTH = ['X', 'Facebook', 'Instagram', 'LinkedIn', 'TikTok'];

/** A user of our own, so that nothing another spec connects or schedules shows here. */
async function ensureUser(request: APIRequestContext) {
  const setup = (await (await request.get('/api/setup')).json()) as { needsAdmin: boolean };
  // Run alone, this spec meets a fresh installation: it creates the administrator 01 would have.
  const admin = setup.needsAdmin
    ? await request.post('/api/setup/admin', { data: { ...ADMIN } })
    : await request.post('/api/auth/sign-in/email', {
        data: { email: ADMIN.email, password: ADMIN.password },
      });
  expect(admin.ok()).toBe(true);
  const created = await request.post('/api/users', {
    data: { displayName: USER.name, email: USER.email, password: USER.password, role: 'user' },
  });
  // Made by an earlier test of this file: the email is taken.
  if (!created.ok()) expect((await created.json()).fields).toEqual({ email: 'users.emailTaken' });
}

const ymd = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
const now = new Date();
const day12 = ymd(new Date(now.getFullYear(), now.getMonth() + 1, 12));
const cell = (page: Page, date: string) => page.locator(`[data-date="${date}"]`);

test.beforeEach(async ({ request }) => ensureUser(request));

test('Manage Platforms lists the six networks; the Bluesky form checks its fields and Cancel closes it', async ({
  page,
}) => {
  await signInAs(page, USER.email, USER.password);
  await page.getByRole('button', { name: 'Manage Platforms' }).click();
  const dialog = page.getByRole('dialog', { name: 'Manage Platforms' });
  await expect(dialog).toBeVisible();

  for (const network of [...OAUTH, 'Bluesky']) {
    await expect(dialog.getByRole('region', { name: network, exact: true })).toContainText('Not connected');
  }
  // The test server has an app for every network (playwright.config.ts): each offers Connect. What a
  // network without one says is in manage-platforms-dialog.test.tsx.
  for (const network of [...OAUTH, 'Bluesky']) {
    const card = dialog.getByRole('region', { name: network, exact: true });
    await expect(card).not.toContainText('Not configured');
    await expect(card.getByRole('button', { name: 'Connect' })).toBeVisible();
  }
  const bluesky = dialog.getByRole('region', { name: 'Bluesky', exact: true });

  // Persistent: Escape leaves it open.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();

  await bluesky.getByRole('button', { name: 'Connect' }).click();
  const form = page.getByRole('dialog', { name: 'Connect Bluesky Account' });
  await expect(form).toContainText('Settings → Privacy and security → App passwords');
  await expect(form).toContainText('Never enter your main Bluesky password.');
  await form.getByRole('button', { name: 'Connect' }).click();
  await expect(form.getByText('Handle is required')).toBeVisible();
  await expect(form.getByText('App Password is required')).toBeVisible();

  // Cancel closes it; it opens again with empty fields.
  await form.getByLabel('Handle').fill('grace.example');
  await form.getByRole('button', { name: 'Cancel' }).click();
  await expect(form).toBeHidden();
  await bluesky.getByRole('button', { name: 'Connect' }).click();
  await expect(form.getByLabel('Handle')).toHaveValue('');
  await expect(form.getByText('Handle is required')).toHaveCount(0);
  await form.getByRole('button', { name: 'Cancel' }).click();

  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
});

test("back from a network's consent page, the posts page says how it went and cleans its address", async ({
  page,
}) => {
  await signInAs(page, USER.email, USER.password);
  await page.goto('/posts?platform=linkedin&connect=denied');
  await expect(page.getByText('LinkedIn was not connected: permission was not granted.')).toBeVisible();
  await expect(page).toHaveURL(inWorkspace('/posts'));
});

test('a post for Bluesky without an account says so on its card and in its details; alt text goes with its image', async ({
  page,
}) => {
  await signInAs(page, USER.email, USER.password);
  await page.goto('/posts');
  await expect(page.getByRole('button', { name: 'Manage Platforms' })).toBeVisible();

  // A day's + opens the composer on that day.
  await page.getByRole('button', { name: 'Next' }).click();
  await cell(page, day12)
    .getByRole('button', { name: /^Add a post on/ })
    .click();
  await page.getByRole('textbox', { name: 'Post text' }).click();
  await page.keyboard.type('Nanoseconds explained');
  await page.getByText('Bluesky', { exact: true }).click();

  const png = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#cc6633' } })
    .png()
    .toBuffer();
  await page
    .locator('input[type=file][accept*="image"]')
    .setInputFiles([{ name: 'wire.png', mimeType: 'image/png', buffer: png }]);
  await expect(page.getByText('wire.png added successfully.')).toBeVisible();
  await page.getByRole('button', { name: 'Alt text for wire.png' }).click();
  await page.getByRole('textbox', { name: 'Alt text for wire.png' }).fill('A foot of wire: one nanosecond');
  await page.getByRole('button', { name: 'Save', exact: true }).click();

  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/posts') && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Schedule Post' }).click();
  await goOnWithoutAccounts(page);
  const post = await (await saved).json();
  expect(post.media[0].alt).toBe('A foot of wire: one nanosecond');
  await expect(page.getByText('Post scheduled successfully!')).toBeVisible();

  const card = cell(page, day12).getByLabel(/^Post at/);
  await expect(card.getByRole('img', { name: 'Connect Bluesky to publish' })).toBeVisible();

  await card.getByText('Nanoseconds explained').click();
  const details = page.getByRole('dialog', { name: 'Post details' });
  await expect(details.getByRole('article')).toContainText('Nanoseconds explained');
  const target = details.getByRole('group', { name: 'Bluesky' });
  await expect(target).toContainText('pending');
  await expect(target).toContainText('Connect Bluesky to publish');
  await expect(target).toContainText('Attempts: 0');
  await expect(details.getByRole('button', { name: 'Retry' })).toHaveCount(0);
  await details.getByRole('button', { name: 'Close' }).first().click();
  await expect(details).toBeHidden();

  // Editing the post brings its alt text back.
  await card.getByRole('button', { name: 'Post actions' }).click();
  await page.getByRole('menuitem', { name: 'Details' }).waitFor();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  await page.getByRole('button', { name: 'Alt text for wire.png' }).click();
  await expect(page.getByRole('textbox', { name: 'Alt text for wire.png' })).toHaveValue(
    'A foot of wire: one nanosecond',
  );
});
