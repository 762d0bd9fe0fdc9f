import { expect, type Page, test } from '@playwright/test';
import { addUser, ADMIN, expectAccessible, inWorkspace, shootWidths, signInAs } from './helpers';

// Issue 25, step 1 (decision 042): a user makes a workspace from the top bar's menu, works in it at
// /w/<id>/…, finds nothing of it in their personal workspace, renames it, and deletes it.
const SHOTS = 'test-results/screenshots/workspaces';
test.use({ locale: 'en-US' });

const WENDY = { name: 'Wendy Works', email: 'wendy@example.com', password: 'wendy-password-1' };
const shoot = (page: Page, name: string) => shootWidths(page, SHOTS, name);
const workspaceIn = (url: string) => /\/w\/([0-9a-f-]{36})\//.exec(url)![1]!;

test('make a workspace, work in it apart from the personal one, rename it and delete it', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await signInAs(page, ADMIN.email, ADMIN.password);
  const origin = new URL(page.url()).origin;
  await addUser(page, WENDY);

  const context = await browser.newContext({ locale: 'en-US' });
  const wendy = await context.newPage();
  await signInAs(wendy, WENDY.email, WENDY.password);
  const personal = workspaceIn(wendy.url());
  const menu = wendy.getByRole('button', { name: /^Workspace: Personal/ });
  await expect(menu).toBeVisible();

  // A new workspace from the menu: the name is checked first, then it opens at once.
  await menu.click();
  await expect(wendy.getByRole('menuitem', { name: /Personal/ })).toBeVisible();
  await shoot(wendy, 'menu-en');
  await wendy.getByRole('menuitem', { name: 'New workspace' }).click();
  const dialog = wendy.getByRole('dialog', { name: 'New workspace' });
  await dialog.getByRole('button', { name: 'Create workspace' }).click();
  await expect(dialog.getByText('Enter a name for the workspace')).toBeVisible();
  await dialog.getByLabel('Name').fill('Acme Coffee');
  await shoot(wendy, 'create-en');
  await dialog.getByRole('button', { name: 'Create workspace' }).click();
  await expect(wendy.getByText('Workspace Acme Coffee created.')).toBeVisible();
  await expect(wendy).toHaveURL(inWorkspace('/posts'));
  const acme = workspaceIn(wendy.url());
  expect(acme).not.toBe(personal);
  await expect(wendy.getByRole('button', { name: /^Workspace: Acme Coffee/ })).toBeVisible();

  // A draft written in Acme is Acme's: the personal workspace's drafts do not show it.
  const draft = await wendy.request.post('/api/posts', {
    headers: { origin, 'x-postwell-workspace': acme },
    data: { content: '<p>Acme espresso week</p>', platforms: [], action: 'draft', timezone: 'UTC' },
  });
  expect(draft.status()).toBe(201);
  await wendy.goto(`/w/${acme}/posts?tab=drafts`);
  await expect(wendy.getByText('Acme espresso week')).toBeVisible();
  await wendy.getByRole('button', { name: /^Workspace: Acme Coffee/ }).click();
  await wendy.getByRole('menuitem', { name: /Personal/ }).click();
  // The same page in the other workspace, without what named the first one's posts (its query).
  await expect(wendy).toHaveURL(`${origin}/w/${personal}/posts`);
  await wendy.getByRole('tab', { name: /Drafts/ }).click();
  await expect(wendy).toHaveURL(inWorkspace('/posts?tab=drafts'));
  await expect(wendy.getByText('Acme espresso week')).toHaveCount(0);
  // A link without a workspace opens in the one last used.
  await wendy.goto('/dashboard');
  await expect(wendy).toHaveURL(`${origin}/w/${personal}/dashboard`);

  // Its settings: rename it and give it a time zone.
  await wendy.goto(`/w/${acme}/posts`);
  await wendy.getByRole('button', { name: /^Workspace: Acme Coffee/ }).click();
  await wendy.getByRole('menuitem', { name: 'Workspace settings' }).click();
  await expect(wendy).toHaveURL(inWorkspace('/workspace'));
  await wendy.getByLabel('Name').fill('Acme Roasters');
  const zone = wendy.getByRole('combobox', { name: 'Time zone' });
  await expect(zone).toHaveValue("Each member's own time zone");
  await zone.click();
  await zone.fill('Lisbon');
  await wendy.getByRole('option', { name: /^Europe\/Lisbon/ }).click();
  await wendy.getByRole('button', { name: 'Save' }).click();
  await expect(wendy.getByText('Workspace saved.')).toBeVisible();
  await expect(wendy.getByRole('button', { name: /^Workspace: Acme Roasters/ })).toBeVisible();
  await wendy.reload();
  await expect(zone).toHaveValue(/^Europe\/Lisbon/);
  await expectAccessible(wendy);
  await shoot(wendy, 'settings-en');

  // In Arabic, right to left.
  await wendy.evaluate(() => localStorage.setItem('postwell.locale', 'ar'));
  await wendy.reload();
  await expect(wendy.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(wendy.getByRole('heading', { level: 1 })).toBeVisible();
  await shoot(wendy, 'settings-ar');
  await wendy.getByRole('button', { name: /Acme Roasters/ }).click();
  await shoot(wendy, 'menu-ar');
  await wendy.keyboard.press('Escape');
  await wendy.evaluate(() => localStorage.setItem('postwell.locale', 'en'));
  await wendy.reload();

  // Deleting it takes everything in it; its old address opens the personal workspace instead.
  await wendy.getByRole('button', { name: 'Delete workspace' }).click();
  const confirm = wendy.getByRole('dialog', { name: 'Delete Acme Roasters?' });
  await confirm.getByRole('button', { name: 'Delete workspace' }).click();
  await expect(wendy.getByText('Workspace Acme Roasters deleted.')).toBeVisible();
  await expect(wendy).toHaveURL(`${origin}/w/${personal}/posts`);
  await wendy.goto(`/w/${acme}/posts`);
  await expect(wendy).toHaveURL(`${origin}/w/${personal}/posts`);
  const gone = await wendy.request.get('/api/posts/drafts', { headers: { 'x-postwell-workspace': acme } });
  expect(gone.status()).toBe(404);
  await context.close();
});
