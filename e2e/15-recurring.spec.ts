import { expect, type Page, test } from '@playwright/test';
import { ADMIN, expectAccessible, shootWidths, signInAs } from './helpers';

// Issue 11: a recurring post made in the Recurring Posts tab shows its next post, its rule in words and its
// next occurrences; the first occurrence is a real post on the calendar, marked as one.
const SHOTS = 'test-results/screenshots/recurring';
test.use({ timezoneId: 'Europe/Berlin', locale: 'en-US' });

const shoot = (page: Page, name: string) => shootWidths(page, SHOTS, name);

/**
 * Two hours from now on the browser's clock (Berlin), on a five-minute mark: within the server's horizon,
 * so the first occurrence is made at once. Also the picker's day label and how many months ahead it is.
 */
const startTime = (page: Page) =>
  page.evaluate(() => {
    const now = new Date();
    const at = new Date(Math.ceil((now.getTime() + 2 * 3_600_000) / 300_000) * 300_000);
    const pad = (v: number) => String(v).padStart(2, '0');
    return {
      iso: at.toISOString(),
      label: `${at.getDate()} ${at.toLocaleString('en', { month: 'long' })} ${at.getFullYear()}`,
      monthsAhead: (at.getFullYear() - now.getFullYear()) * 12 + at.getMonth() - now.getMonth(),
      day: `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`,
      hours: pad(at.getHours()),
      minutes: pad(at.getMinutes()),
    };
  });

test('create a recurring post: its next post, its rule in words, the next occurrences, and its first occurrence on the calendar', async ({
  page,
}) => {
  await signInAs(page, ADMIN.email, ADMIN.password);
  await page.goto('/posts?view=recurring');
  await expect(page.getByRole('heading', { name: 'Recurring Posts' })).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Create Recurring Post' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Recurring Post' });
  await expect(dialog).toBeVisible();

  // Nothing filled in: the spec's messages, and nothing sent.
  await dialog.getByRole('button', { name: 'Create Recurring Post' }).click();
  await expect(dialog.getByText('Start date is required')).toBeVisible();

  await dialog.getByRole('textbox').first().click();
  await page.keyboard.type('Tip of the day: write once, publish everywhere');
  await dialog.getByText('Bluesky', { exact: true }).click();
  const start = await startTime(page);
  await dialog.getByRole('button', { name: 'Start date' }).click();
  for (let i = 0; i < start.monthsAhead; i++) await page.getByRole('button', { name: 'Next month' }).click();
  await page.getByRole('button', { name: start.label, exact: true }).click();
  await page.getByRole('spinbutton', { name: 'Hours' }).click();
  await page.keyboard.type(start.hours);
  await page.getByRole('spinbutton', { name: 'Minutes' }).click();
  await page.keyboard.type(start.minutes);
  await page.getByRole('button', { name: 'Done' }).click();

  await dialog.getByRole('combobox', { name: 'Frequency' }).click();
  await page.getByRole('option', { name: 'Daily' }).click();
  await dialog.getByRole('textbox', { name: 'Interval' }).fill('2');
  await expect(dialog.getByText('Every 2 days')).toBeVisible();

  // The next five occurrences, two days apart, at the chosen time of day.
  const next = dialog.getByRole('region', { name: 'Next occurrences' }).getByRole('listitem');
  await expect(next).toHaveCount(5);
  const when = (offsetDays: number, dateStyle: 'medium' | 'full' = 'medium') =>
    new Intl.DateTimeFormat('en', {
      dateStyle,
      timeStyle: 'short',
      timeZone: 'Europe/Berlin',
    }).format(new Date(Date.parse(start.iso) + offsetDays * 86_400_000));
  await expect(next.first()).toContainText(when(0, 'full'));
  await expect(next.nth(1)).toContainText(when(2, 'full'));
  await shoot(page, 'dialog-en');
  await expectAccessible(page);

  const created = page.waitForResponse(
    (r) => r.url().endsWith('/api/recurring-posts') && r.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Create Recurring Post' }).click();
  const answer = await created;
  expect(answer.status()).toBe(201);
  const rule = (await answer.json()) as { id: string; nextScheduledDate: string };
  expect(rule.nextScheduledDate).toBe(start.iso);
  await expect(page.getByText('Recurring post created successfully')).toBeVisible();

  const item = page.getByRole('listitem').filter({ hasText: 'Tip of the day' });
  await expect(item.getByText(`Next Post: ${when(0)}`)).toBeVisible();
  await expect(item.getByText('Every 2 days')).toBeVisible();
  await shoot(page, 'list-en');
  await expectAccessible(page);

  // The first occurrence is an ordinary post on the calendar, marked as an occurrence.
  await page.getByRole('tab', { name: 'Single Post' }).click();
  const calendar = page.getByRole('grid', { name: 'Content Calendar' });
  await expect(calendar).toBeVisible({ timeout: 15_000 });
  for (let i = 0; i < start.monthsAhead; i++) await page.getByRole('button', { name: 'Next month' }).click();
  // Its day may hold more posts than the month shows (three): then it is in the day "+K more" opens.
  const day = calendar.locator(`[data-date="${start.day}"]`);
  const more = day.getByRole('button', { name: /more posts? on/ });
  if (await more.count()) {
    await more.click();
    await expect(page.getByRole('dialog').getByLabel('Occurrence of a recurring post')).toHaveCount(1);
    await page.keyboard.press('Escape');
  } else await expect(day.getByLabel('Occurrence of a recurring post')).toHaveCount(1);

  // In Arabic, right to left.
  await page.evaluate(() => localStorage.setItem('postwell.locale', 'ar'));
  await page.goto('/posts?view=recurring');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('listitem').filter({ hasText: 'Tip of the day' })).toBeVisible({
    timeout: 15_000,
  });
  await shoot(page, 'list-ar');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'تعديل المنشور المتكرر' }).first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await shoot(page, 'dialog-ar');
  await page.keyboard.press('Escape');
  await page.evaluate(() => localStorage.setItem('postwell.locale', 'en'));

  // Deleting stops it; its waiting occurrence leaves the calendar.
  await page.goto('/posts?view=recurring');
  const again = page.getByRole('listitem').filter({ hasText: 'Tip of the day' });
  await again.getByRole('button', { name: 'Delete recurring post' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm Deletion' });
  await expect(confirm.getByText('Are you sure you want to delete this recurring post?')).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Recurring post deleted successfully')).toBeVisible();
  await expect(again).toHaveCount(0);
  const range = await page.request.get(
    `/api/posts?from=${new Date(Date.now() - 86_400_000).toISOString()}&to=${new Date(Date.now() + 3 * 86_400_000).toISOString()}`,
  );
  expect(((await range.json()) as { data: { recurring?: true }[] }).data.filter((p) => p.recurring)).toEqual(
    [],
  );
});
