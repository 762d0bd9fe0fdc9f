import { expect, type Page, test } from '@playwright/test';
import { ADMIN, expectAccessible, shootWidths, signInAs } from './helpers';

// Issue 26: the week and day views are hours. A card is dragged to another day and time (landing on the
// quarter hour), moved by the keyboard an hour at a time, and a line marks the current time.
const SHOTS = 'test-results/screenshots/week-hours';
test.use({ timezoneId: 'UTC', locale: 'en-US' });

/** Next week's Wednesday, as 'YYYY-MM-DD' (UTC). */
function nextWednesday() {
  const now = new Date();
  const sunday = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - now.getUTCDay() + 7),
  );
  return new Date(sunday.getTime() + 3 * 86_400_000).toISOString().slice(0, 10);
}
const plusDays = (date: string, n: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

async function scheduledAt(page: Page, id: string) {
  const res = await page.request.get(`/api/posts/${id}`);
  return ((await res.json()) as { scheduledAt: string }).scheduledAt;
}

test('the week in hours: drag a post to another day and a quarter hour, move it by the keyboard an hour', async ({
  page,
}) => {
  await signInAs(page, ADMIN.email, ADMIN.password);
  const wednesday = nextWednesday();
  const thursday = plusDays(wednesday, 1);
  const made = await page.request.post('/api/posts', {
    data: {
      content: '<p>Hourly planning</p>',
      platforms: ['bluesky'],
      action: 'schedule',
      scheduledAt: `${wednesday}T10:00:00.000Z`,
      timezone: 'UTC',
    },
  });
  expect(made.status()).toBe(201);
  const { id } = (await made.json()) as { id: string };

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/posts');
  const calendar = page.locator('#content-calendar');
  await calendar.getByText('WEEK', { exact: true }).click();
  await calendar.getByRole('button', { name: 'Next' }).click();
  const grid = calendar.locator('[role="grid"]');
  const card = grid.locator(`[data-date="${wednesday}"]`).getByLabel('Post at 10:00 AM');
  await expect(card).toBeVisible();

  // Dragged from Wednesday 10:00 to Thursday 14:15, the hours scrolled to 08:00 (clear of the edges,
  // where holding a card scrolls them).
  await grid.evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await grid.locator('[data-hours]').evaluate((el, top) => (el.scrollTop = top), 8 * 72);
  const from = (await card.boundingBox())!;
  const column = (await grid.locator(`[data-date="${thursday}"]`).boundingBox())!;
  const hour = 72;
  await page.mouse.move(from.x + 10, from.y + 10);
  await page.mouse.down();
  await page.mouse.move(from.x + 30, from.y + 30, { steps: 4 });
  await page.mouse.move(column.x + 10 + 10, column.y + 14.25 * hour + 10, { steps: 12 });
  await page.mouse.up();
  await expect(page.getByText('Post rescheduled successfully!').first()).toBeVisible();
  await expect.poll(() => scheduledAt(page, id)).toBe(`${thursday}T14:15:00.000Z`);
  const moved = grid.locator(`[data-date="${thursday}"]`).getByLabel('Post at 2:15 PM');
  await expect(moved).toBeVisible();

  // Lifted by the keyboard: two hours later, said in words.
  await moved.focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowDown');
  await expect(page.getByText(/is over Thursday, .* at 3:15\sPM\./).first()).toBeAttached();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByText(/is over Thursday, .* at 4:15\sPM\./).first()).toBeAttached();
  await page.keyboard.press('Space');
  await expect.poll(() => scheduledAt(page, id)).toBe(`${thursday}T16:15:00.000Z`);

  await expect(grid.getByRole('img', { name: 'Now' })).toHaveCount(0);
  await shootWidths(page, SHOTS, 'week-en');
  // The move's notification closes after two seconds: judged fading out, it fails contrast; wait for it.
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0);
  await expectAccessible(page);

  // The same week as a list of days, each headed by its date in words.
  await calendar.getByText('LIST', { exact: true }).click();
  const list = calendar.getByRole('list', { name: 'Content Calendar' });
  await expect(list.getByRole('heading', { name: /^Thursday, December|^Thursday,/ })).toBeVisible();
  await expect(list.locator(`[data-date="${thursday}"]`).getByLabel('Post at 4:15 PM')).toBeVisible();
  await shootWidths(page, SHOTS, 'list-en');

  // The day view: one column of hours; this week's today has the current time's line.
  await page.reload();
  await calendar.getByText('DAY', { exact: true }).click();
  await expect(grid.locator('[role="gridcell"]')).toHaveCount(1);
  await expect(grid.getByRole('img', { name: 'Now' })).toHaveCount(1);
  await shootWidths(page, SHOTS, 'day-en');

  await page.evaluate(() => localStorage.setItem('postwell.locale', 'ar'));
  await page.reload();
  await calendar.getByText('أسبوع', { exact: true }).click();
  await calendar.getByRole('button', { name: 'التالي' }).click();
  await expect(grid.locator(`[data-date="${thursday}"]`).getByLabel(/^منشور في الساعة/)).toBeVisible();
  await shootWidths(page, SHOTS, 'week-ar');
  await page.evaluate(() => localStorage.setItem('postwell.locale', 'en'));
});
