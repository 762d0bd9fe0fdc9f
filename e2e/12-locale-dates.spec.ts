import { readFileSync } from 'node:fs';
import { expect, type Locator, type Page, test } from '@playwright/test';
import type English from '../src/web/i18n/en.json';
import { ADMIN, newPost, signInAs } from './helpers';

const load = (lang: string) =>
  JSON.parse(
    readFileSync(new URL(`../src/web/i18n/${lang}.json`, import.meta.url), 'utf8'),
  ) as typeof English;
const [en, de, ar] = ['en', 'de', 'ar'].map(load) as [typeof English, typeof English, typeof English];

// The browser's clock and language are pinned: the card's time is then known in every UI language.
test.use({ timezoneId: 'UTC', locale: 'en-US' });

const messages = { en, de, ar };
type Lang = keyof typeof messages;
const now = new Date();
// A draft at 14:30 on the 12th of next month: on the calendar after one "Next".
const when = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 12, 14, 30));
const ymd = when.toISOString().slice(0, 10);
const shots = 'test-results/screenshots/locale-dates';
// The card this test looks for, told apart from any other post on that day.
const content = `Locale check ${now.getTime()}`;

// Intl may put narrow spaces and direction marks around a time: compare what a reader sees.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ').replace(/[\u200e\u200f\u061c]/g, '');

/** The card's time in each language: 12 hours with its marker in English and Arabic, 24 in German. */
const cardTime: Record<Lang, RegExp> = {
  en: /^2:30 PM$/,
  de: /^14:30$/,
  ar: /^(2|٢):(30|٣٠) م$/,
};

async function switchTo(page: Page, from: Lang, to: Lang) {
  await page.getByLabel(messages[from].language.label).selectOption(to);
  await expect(page.locator('html')).toHaveAttribute('lang', to);
}

/** The empty editor's placeholder, as Tiptap draws it. */
const placeholder = (page: Page) =>
  page.getByRole('textbox', { name: /./ }).locator('p.is-editor-empty').first();

async function checkCard(page: Page, lang: Lang) {
  const card = page
    .locator(`[data-date="${ymd}"]`)
    .getByLabel(new RegExp(`^${messages[lang].calendar.postAt.split('{{')[0]}`))
    .filter({ hasText: content });
  await expect(card).toBeVisible();
  const time = plain((await card.locator('[class*="time"]').first().textContent()) ?? '');
  expect(time).toMatch(cardTime[lang]);
}

/** Opens the composer's date picker and answers its month label and the week-day row. */
async function openPicker(page: Page, lang: Lang) {
  const dropdown = page.getByRole('dialog').filter({ has: page.getByRole('table') });
  // A click right after the previous dropdown closed can be taken as the end of that one: click again.
  await expect(async () => {
    if (!(await dropdown.isVisible())) await page.getByLabel(messages[lang].composer.when).click();
    await expect(dropdown).toBeVisible({ timeout: 1000 });
  }).toPass();
  // The names arrive with the language's dayjs locale, a moment after the switch: these assertions wait.
  const month = dropdown.locator('[class*="calendarHeaderLevel"]');
  const weekdays = dropdown.getByRole('columnheader');
  return { dropdown, month, weekdays };
}

/** Screenshots at 1280 and 390 px wide, with `target` scrolled to the middle of the screen. */
async function shoot(page: Page, name: string, target?: Locator) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await target?.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await page.screenshot({ path: `${shots}/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('dates, times, the date picker and the editor follow the UI language, without a reload', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAs(page, ADMIN.email, ADMIN.password);
  const created = await page.request.post('/api/posts', {
    data: {
      content: `<p>${content}</p>`,
      platforms: ['bluesky'],
      action: 'draft',
      scheduledAt: when.toISOString(),
      timezone: 'UTC',
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };

  await page.goto('/posts');
  await page.getByRole('button', { name: en.calendar.next }).click();
  await checkCard(page, 'en');
  // The composer stays open over the calendar while the language changes.
  await newPost(page);
  await expect(placeholder(page)).toHaveAttribute('data-placeholder', en.composer.placeholder);
  const english = await openPicker(page, 'en');
  await expect(english.weekdays.first()).toHaveText('Su');
  await page.keyboard.press('Escape');
  const loadedAt = await page.evaluate(() => performance.timeOrigin);

  // German: the card's time in 24 hours, the placeholder at once, the picker's names, Sunday first.
  await switchTo(page, 'en', 'de');
  await checkCard(page, 'de');
  await expect(placeholder(page)).toHaveAttribute('data-placeholder', de.composer.placeholder);
  const fontSize = page.getByRole('combobox', { name: de.composer.fontSize, exact: true });
  await expect(fontSize).toHaveAttribute('placeholder', de.composer.fontSizeShort);
  // The placeholder's width in the input's font, against the room the box leaves for text.
  const fits = await fontSize.evaluate((input: HTMLInputElement) => {
    const style = getComputedStyle(input);
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = `${style.fontSize} ${style.fontFamily}`;
    const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return context.measureText(input.placeholder).width <= room;
  });
  expect(fits).toBe(true);
  const german = await openPicker(page, 'de');
  const germanMonth = new Intl.DateTimeFormat('de', { month: 'long' }).format(now);
  await expect(german.month).toContainText(germanMonth);
  await expect(german.weekdays).toHaveText(['So', 'Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa']);
  await shoot(page, 'de-picker', page.getByLabel(de.composer.when));
  await page.keyboard.press('Escape');

  // Arabic: right to left, its own time marker, Arabic names, the chevrons pointing the RTL way.
  await switchTo(page, 'de', 'ar');
  await checkCard(page, 'ar');
  await expect(placeholder(page)).toHaveAttribute('data-placeholder', ar.composer.placeholder);
  const arabic = await openPicker(page, 'ar');
  const arabicMonth = new Intl.DateTimeFormat('ar', { month: 'long' }).format(now);
  await expect(arabic.month).toContainText(arabicMonth);
  await expect(arabic.weekdays.first()).toHaveText('ح');
  const previous = arabic.dropdown.locator('[data-direction="previous"]').first();
  const next = arabic.dropdown.locator('[data-direction="next"]').first();
  // Right to left, "previous" sits on the right and points right (→), "next" on the left pointing left.
  expect((await previous.boundingBox())!.x).toBeGreaterThan((await next.boundingBox())!.x);
  const pointsRight = (el: Element) => {
    const { a, b } = new DOMMatrix(getComputedStyle(el.querySelector('svg') ?? el).transform);
    return Math.round(a) === 0 && Math.round(b) === -1;
  };
  expect(await previous.evaluate(pointsRight)).toBe(true);
  await shoot(page, 'ar-picker', page.getByLabel(ar.composer.when));
  await page.keyboard.press('Escape');
  // The composer, still open over the calendar (Escape closed only the picker), closed to reach a card.
  const composer = page.getByRole('dialog', { name: ar.composer.title });
  await expect(composer).toBeVisible();
  await composer.getByRole('button', { name: ar.common.close }).first().click();
  await expect(composer).toBeHidden();

  // The post's details: its date and time in words, in Arabic.
  await page.locator(`[data-date="${ymd}"]`).getByText(content).click();
  const details = page.getByRole('dialog', { name: ar.postDetail.title });
  await expect(details).toContainText(
    new Intl.DateTimeFormat('ar', { weekday: 'long', timeZone: 'UTC' }).format(when),
  );
  await shoot(page, 'ar-details');
  await page.keyboard.press('Escape');

  // No reload happened along the way.
  expect(await page.evaluate(() => performance.timeOrigin)).toBe(loadedAt);

  await switchTo(page, 'ar', 'en');
  await shoot(page, 'en-calendar', page.locator(`[data-date="${ymd}"]`));
  await newPost(page);
  await openPicker(page, 'en');
  await shoot(page, 'en-picker', page.getByLabel(en.composer.when));
  await page.keyboard.press('Escape');
  await page.request.delete(`/api/posts/${id}`);
});
