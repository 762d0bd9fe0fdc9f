import { readFileSync } from 'node:fs';
import { expect, type Page, type Route, test } from '@playwright/test';
import { ADMIN, newPost, shootWidths, signInAs } from './helpers';

// Issue 13, items 3, 5 and 7: the composer warns before sending to a network without an account and says
// how Post now went; typed times are kept; fonts are kept and said to stay in Postwell.
const SHOTS = 'test-results/screenshots/composer-feedback';
type Messages = Record<string, Record<string, unknown>>;
const messages = (locale: string) =>
  JSON.parse(readFileSync(`src/web/i18n/${locale}.json`, 'utf8')) as Messages;
const text = (m: Messages, path: string, values: Record<string, string> = {}) =>
  Object.entries(values).reduce(
    (s, [k, v]) => s.replace(`{{${k}}}`, v),
    path.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], m) as string,
  );

// A fixed zone, so that "14:30 on the 12th" names one instant to compare with what the server stored.
test.use({ timezoneId: 'Europe/Berlin' });

async function openComposer(page: Page, locale = 'en') {
  await signInAs(page, ADMIN.email, ADMIN.password);
  if (locale !== 'en') await page.evaluate((l) => localStorage.setItem('postwell.locale', l), locale);
  await page.goto('/posts');
  await expect(page.locator('html')).toHaveAttribute('lang', locale);
  await newPost(page);
}

async function write(page: Page, words: string, networks: string[], locale = 'en') {
  await page.getByRole('textbox', { name: text(messages(locale), 'composer.editorLabel') }).click();
  await page.keyboard.type(words);
  for (const network of networks) await page.getByText(network, { exact: true }).click();
}

/**
 * Opens the date-time picker and picks that day of next month by its button's name; answers the day as
 * the page (in the test's zone) sees it.
 */
async function pickDay(page: Page, dayOfMonth: number) {
  await page.getByRole('button', { name: 'Date and time' }).click();
  await page.getByRole('button', { name: 'Next month' }).click();
  const day = await page.evaluate((n) => {
    const now = new Date();
    const d = new Date(now.getFullYear(), now.getMonth() + 1, n);
    const pad = (v: number) => String(v).padStart(2, '0');
    return {
      y: d.getFullYear(),
      m: d.getMonth(),
      d: d.getDate(),
      ymd: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`,
      label: `${d.getDate()} ${d.toLocaleString('en', { month: 'long' })} ${d.getFullYear()}`,
    };
  }, dayOfMonth);
  await page.getByRole('button', { name: day.label, exact: true }).click();
  return day;
}

test('a typed time is kept at any moment: pick a day, click the hours, type 1430; saved for 14:30', async ({
  page,
}) => {
  await openComposer(page);
  await write(page, 'Typed times stay typed', ['Bluesky']);
  const field = page.getByRole('button', { name: 'Date and time' });
  const day = await pickDay(page, 12);

  // Picking the day focuses the hours with "00" selected; the click that used to collapse it comes next.
  const hours = page.getByRole('spinbutton', { name: 'Hours' });
  const minutes = page.getByRole('spinbutton', { name: 'Minutes' });
  await expect(hours).toBeFocused();
  await hours.click();
  await page.keyboard.type('1430');
  await expect(hours).toHaveValue('14');
  await expect(minutes).toHaveValue('30');

  // And once more, minutes first, each box clicked while it holds a value.
  await minutes.click();
  await page.keyboard.type('05');
  await hours.click();
  await page.keyboard.type('9');
  await expect(hours).toHaveValue('09');
  await hours.click();
  await page.keyboard.type('14');
  await minutes.click();
  await page.keyboard.type('30');
  await page.getByRole('button', { name: 'Done' }).click();
  // Shown the reader's way (English here): the day and 2:30 PM.
  const [y, m, d] = day.ymd.split('-').map(Number) as [number, number, number];
  const shown = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(y, m - 1, d, 14, 30),
  );
  await expect(field).toHaveText(shown);

  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/posts') && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Save as draft' }).click();
  const { id } = (await (await saved).json()) as { id: string };
  const stored = (await (await page.request.get(`/api/posts/${id}`)).json()) as {
    scheduledAt: string;
    timezone: string;
  };
  const expected = await page.evaluate((d) => new Date(d.y, d.m, d.d, 14, 30).toISOString(), day);
  expect(new Date(stored.scheduledAt).toISOString()).toBe(expected);
  expect(stored.timezone).toBe('Europe/Berlin');
});

test('Schedule to a network without an account asks first, with Manage Platforms at hand', async ({
  page,
}) => {
  await openComposer(page);
  await write(page, 'Scheduled without an account', ['X']);
  await pickDay(page, 15);
  await page.getByRole('button', { name: 'Done' }).click();

  let posts = 0;
  page.on('request', (r) => {
    if (r.url().endsWith('/api/posts') && r.method() === 'POST') posts++;
  });
  await page.getByRole('button', { name: 'Schedule Post' }).click();
  const warning = page.getByRole('dialog', { name: 'Some networks cannot receive this post' });
  await expect(warning).toContainText('It will be scheduled, but these networks cannot publish it');
  await expect(warning.getByRole('listitem')).toHaveText(['X: no account connected']);

  // Manage Platforms opens over it; closing it comes back to the question.
  await warning.getByRole('button', { name: 'Manage Platforms' }).click();
  const platforms = page.getByRole('dialog', { name: 'Manage Platforms' });
  await expect(platforms.getByRole('region', { name: 'X', exact: true })).toContainText('Not connected');
  await platforms.getByRole('button', { name: 'Close' }).click();
  await expect(platforms).toBeHidden();
  await expect(warning).toBeVisible();

  await warning.getByRole('button', { name: 'Cancel' }).click();
  await expect(warning).toBeHidden();
  expect(posts).toBe(0);

  await page.getByRole('button', { name: 'Schedule Post' }).click();
  await warning.getByRole('button', { name: 'Go on' }).click();
  await expect(page.getByText('Post scheduled successfully!')).toBeVisible();
  expect(posts).toBe(1);
});

for (const locale of ['en', 'ar']) {
  test(`Post now to networks none of which has an account is refused: nothing would go out (${locale})`, async ({
    page,
  }) => {
    const m = messages(locale);
    await page.setViewportSize({ width: 1280, height: 900 });
    await openComposer(page, locale);
    await write(page, `Post now nowhere (${locale})`, ['X', 'LinkedIn'], locale);
    await page.getByRole('button', { name: text(m, 'composer.postNow') }).click();
    const warning = page.getByRole('dialog', { name: text(m, 'sendCheck.title') });
    await expect(warning).toContainText(text(m, 'sendCheck.refusedNow'));
    await expect(warning.getByRole('listitem')).toHaveText([
      text(m, 'sendCheck.reason.not_connected', { platform: 'X' }),
      text(m, 'sendCheck.reason.not_connected', { platform: 'LinkedIn' }),
    ]);
    await expect(warning.getByRole('button', { name: text(m, 'connections.manage') })).toBeVisible();
    await expect(warning.getByRole('button', { name: text(m, 'sendCheck.goOn') })).toHaveCount(0);
    await shootWidths(page, SHOTS, `refused-${locale}`);
    await warning.getByRole('button', { name: text(m, 'common.cancel') }).click();
    await expect(warning).toBeHidden();
  });

  test(`Post now to a network without an account: the warning, then "Publishing now" and each network's outcome (${locale})`, async ({
    page,
  }) => {
    const m = messages(locale);
    // The browser believes X has an account (its profile answer says so); the server has none, so
    // both networks fail and the notice says why for each.
    await page.route('**/api/users/profile', async (route) => {
      const response = await route.fetch();
      const profile = await response.json();
      profile.accounts = [
        {
          id: '00000000-0000-4000-8000-0000000000aa',
          platform: 'twitter',
          username: 'believed',
          status: 'connected',
          twitterAccountType: 'standard',
          connectedAt: '2030-01-01T00:00:00.000Z',
        },
      ];
      await route.fulfill({ response, json: profile });
    });
    await page.setViewportSize({ width: 1280, height: 900 });
    await openComposer(page, locale);
    await write(page, `Post now without accounts (${locale})`, ['X', 'LinkedIn'], locale);

    await page.getByRole('button', { name: text(m, 'composer.postNow') }).click();
    const warning = page.getByRole('dialog', { name: text(m, 'sendCheck.title') });
    await expect(warning).toContainText(text(m, 'sendCheck.introNow'));
    await expect(warning.getByRole('listitem')).toHaveText([
      text(m, 'sendCheck.reason.not_connected', { platform: 'LinkedIn' }),
    ]);
    await expect(warning.getByRole('button', { name: text(m, 'connections.manage') })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/warning-${locale}-1280.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(warning.getByRole('button', { name: text(m, 'sendCheck.goOn') })).toBeInViewport();
    await page.screenshot({ path: `${SHOTS}/warning-${locale}-390.png` });

    // The post's answers are held back while the "Publishing now" notice is looked at.
    const held: Route[] = [];
    let holding = true;
    await page.route(/\/api\/posts\/[0-9a-f-]{36}$/, (route) =>
      holding ? void held.push(route) : route.continue(),
    );
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/posts') && r.request().method() === 'POST',
      { timeout: 30_000 },
    );
    await warning.getByRole('button', { name: text(m, 'sendCheck.goOn') }).click();
    expect((await saved).status()).toBe(201);
    const notice = page.getByRole('alert').filter({ hasText: text(m, 'publishNow.title') });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText(text(m, 'targets.blocked.not_connected', { platform: 'X' }));
    await expect(page.getByText(text(m, 'composer.scheduled'))).toHaveCount(0);
    await page.screenshot({ path: `${SHOTS}/publishing-now-${locale}-390.png` });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: `${SHOTS}/publishing-now-${locale}-1280.png` });

    holding = false;
    for (const route of held) await route.continue();
    const done = page.getByRole('alert').filter({ hasText: text(m, 'publishNow.done.failed') });
    await expect(done).toBeVisible({ timeout: 20_000 });
    for (const platform of ['X', 'LinkedIn']) {
      const reason = text(m, 'networkErrors.not_connected', { platform });
      await expect(done).toContainText(text(m, 'targets.label.failedBecause', { platform, reason }));
    }
    await page.screenshot({ path: `${SHOTS}/published-outcome-${locale}-1280.png` });
  });
}

test('fonts and sizes are kept, shown in their boxes, and said to stay in Postwell', async ({ page }) => {
  await openComposer(page);
  const font = page.getByRole('combobox', { name: 'Font', exact: true });
  const size = page.getByRole('combobox', { name: 'Font size', exact: true });
  const note = 'none of the six networks (X, Bluesky, Facebook, Instagram, LinkedIn, and TikTok) shows them';
  await write(page, 'Plain first. ', ['Bluesky']);
  await expect(page.getByText(note, { exact: false })).toHaveCount(0);

  await font.click();
  await page.getByRole('option', { name: 'Impact' }).click();
  await size.click();
  await page.getByRole('option', { name: '5', exact: true }).click();
  await page.keyboard.type('Styled after.');
  await expect(font).toHaveValue('Impact');
  await expect(size).toHaveValue('5');
  await expect(page.getByRole('note')).toContainText(note);

  // The boxes follow the caret: the plain words have neither, the styled ones both.
  const editor = page.getByRole('textbox', { name: 'Post text' });
  await editor.locator('p').click({ position: { x: 4, y: 8 } });
  await expect(font).toHaveValue('');
  await expect(size).toHaveValue('');
  await editor.locator('span[style]').click();
  await expect(font).toHaveValue('Impact');
  await expect(size).toHaveValue('5');

  await page.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByRole('dialog', { name: 'Preview' });
  await expect(preview.getByRole('note')).toContainText(note);
  await expect(preview.getByRole('note')).toContainText('Postwell keeps fonts and font sizes');
  await expect(preview.getByRole('region', { name: 'Bluesky preview' })).toContainText(
    'Plain first. Styled after.',
  );
  await preview.getByRole('button', { name: 'Close' }).click();

  // Bold is said too (issue 26), in each language; shown at both widths.
  await page.getByRole('textbox', { name: 'Post text' }).click();
  await page.keyboard.press('Control+End');
  await page.keyboard.press('Control+b');
  await page.keyboard.type(' Bold.');
  await page.keyboard.press('Control+b');
  await expect(page.getByRole('note')).toContainText('Postwell keeps bold and fonts and font sizes');
  await page.getByLabel('Language').selectOption('ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('note')).toContainText('Instagram');
  await shootWidths(page, SHOTS, 'formatting-note-ar');
  await page.getByLabel('اللغة').selectOption('en');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await shootWidths(page, SHOTS, 'formatting-note-en');

  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/posts') && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Save as draft' }).click();
  const { id } = (await (await saved).json()) as { id: string };
  const stored = (await (await page.request.get(`/api/posts/${id}`)).json()) as { content: string };
  expect(stored.content).toContain(
    '<p>Plain first. <span style="font-family:Impact;font-size:24px">Styled after.',
  );
  expect(stored.content).toMatch(/<strong>(<span[^>]*>)? Bold\./);
});
