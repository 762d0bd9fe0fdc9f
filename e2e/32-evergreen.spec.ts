import { expect, test } from '@playwright/test';
import { ADMIN, expectAccessible, inWorkspace, shootWidths, signInAs } from './helpers';

// Issue 27: evergreen recycling. A scheduled post is made evergreen from its details, with a variant that
// is first too long for X (said as it is typed, then refused by the server too) and then right; the
// Evergreen page lists it, pauses and resumes it, and stops it. The copies themselves (made days after a
// post went out) are tested with a clock in src/server/evergreen/evergreen.int.test.ts.
const SHOTS = 'test-results/screenshots/evergreen';
test.use({ timezoneId: 'UTC', locale: 'en-US' });

test('evergreen: made from a post’s details with a variant, listed, paused, resumed and stopped', async ({
  page,
}) => {
  await signInAs(page, ADMIN.email, ADMIN.password);
  const origin = new URL(page.url()).origin;
  const created = await page.request.post('/api/posts', {
    headers: { origin },
    data: {
      content: '<p>Five ways to keep cut tulips fresh for a week</p>',
      platforms: ['twitter', 'bluesky'],
      action: 'schedule',
      scheduledAt: new Date(Date.now() + 2 * 86_400_000).toISOString(),
      timezone: 'UTC',
    },
  });
  expect(created.status()).toBe(201);
  const post = (await created.json()) as { id: string };

  await page.goto(`/posts?post=${post.id}`);
  const details = page.getByRole('dialog', { name: 'Post details' });
  await expect(details.getByRole('article')).toContainText('Five ways to keep cut tulips fresh');
  await details.getByRole('button', { name: 'Evergreen', exact: true }).click();

  const dialog = page.getByRole('dialog', { name: 'Evergreen' });
  await expect(dialog.getByText('Without a variant the copies leave out X')).toBeVisible();
  await dialog.getByLabel('Come back every (days)').fill('14');
  await dialog.getByRole('switch', { name: 'Limit the number of copies' }).check();
  await dialog.getByLabel('Copies at most').fill('6');
  await dialog.getByRole('button', { name: 'Add a variant' }).click();
  const variant = dialog.getByRole('textbox', { name: 'Variant 1' });
  await variant.fill(`Tulips ${'last longer in cold water, '.repeat(12)}`);
  await expect(dialog.getByText(/^X: \d+ characters, the limit is 280\.$/)).toBeVisible();
  // The server says the same, on the variant.
  await dialog.getByRole('button', { name: 'Make evergreen' }).click();
  await expect(dialog.getByText('A network of this post would refuse this variant.')).toBeVisible();
  await shootWidths(page, SHOTS, 'dialog-en');
  await variant.fill('Tulips last longer in cold water: five tips from our florists');
  await expect(dialog.getByText(/^Characters left on X: \d+$/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Make evergreen' }).click();
  await expect(page.getByText('Evergreen: it comes back after it goes out.')).toBeVisible();
  await expect(details.getByRole('button', { name: 'Evergreen: every 14 days' })).toBeVisible();
  await details.getByRole('button', { name: 'Close' }).first().click();

  // The Evergreen page: where it stands, in words.
  await page.getByRole('link', { name: 'Evergreen', exact: true }).first().click();
  await expect(page).toHaveURL(inWorkspace('/evergreen'));
  await expect(page.getByRole('heading', { name: 'Evergreen posts' })).toBeVisible();
  const card = page.getByTestId('evergreen');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('Five ways to keep cut tulips fresh for a week');
  await expect(card).toContainText('Waiting to go out');
  await expect(card).toContainText('Every 14 days');
  await expect(card).toContainText('1 variant');
  await expect(card).toContainText('Copies so far: 0 of 6');
  await expect(card).toContainText('Not shared yet');

  await card.getByRole('button', { name: /^Pause Five ways/ }).click();
  await expect(card).toContainText('Paused');
  await card.getByRole('button', { name: /^Resume Five ways/ }).click();
  await expect(card).toContainText('Waiting to go out');
  await expectAccessible(page);
  await shootWidths(page, SHOTS, 'page-en');

  // Changed from the page: the dialog opens with what was saved.
  await card.getByRole('button', { name: /^Change Five ways/ }).click();
  const edit = page.getByRole('dialog', { name: 'Evergreen' });
  await expect(edit.getByLabel('Come back every (days)')).toHaveValue('14');
  await expect(edit.getByRole('textbox', { name: 'Variant 1' })).toHaveValue(
    'Tulips last longer in cold water: five tips from our florists',
  );
  await edit.getByLabel('Come back every (days)').fill('30');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(card).toContainText('Every 30 days');

  await page.evaluate(() => localStorage.setItem('postwell.locale', 'ar'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByTestId('evergreen')).toHaveCount(1);
  await shootWidths(page, SHOTS, 'page-ar');
  await page.getByTestId('evergreen').getByRole('button').nth(1).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await shootWidths(page, SHOTS, 'dialog-ar');
  await page.evaluate(() => localStorage.setItem('postwell.locale', 'en'));
  await page.reload();

  // Stopped: the post stays, it no longer comes back.
  await page
    .getByTestId('evergreen')
    .getByRole('button', { name: /^Stop recycling Five ways/ })
    .click();
  await page
    .getByRole('dialog', { name: 'Stop recycling this post?' })
    .getByRole('button', { name: 'Stop recycling' })
    .click();
  await expect(page.getByText(/^No evergreen posts yet\./)).toBeVisible();
  expect((await page.request.get(`/api/posts/${post.id}`)).status()).toBe(200);
});
