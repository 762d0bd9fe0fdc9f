import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { ADMIN, signInAs } from './helpers';

type Lang = 'en' | 'ar';
/** The UI text of `lang` by its key, read from the same locale files the app loads. */
function messages(lang: Lang) {
  const tree: unknown = JSON.parse(readFileSync(`src/web/i18n/${lang}.json`, 'utf8'));
  return (key: string): string => {
    const value = key
      .split('.')
      .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], tree);
    if (typeof value !== 'string') throw new Error(`no text ${key} in ${lang}`);
    return value;
  };
}

const PUBLIC_ROUTES = ['/', '/about', '/trial', '/login', '/reset-password'];
const SIGNED_IN_ROUTES = [
  '/dashboard',
  '/profile',
  '/posts',
  '/analytics',
  '/admin/dashboard',
  '/admin/users',
  '/admin/trials',
  '/admin/settings',
];
const SHOTS = 'test-results/screenshots/looks-a11y';

/** The violations a user of assistive technology cannot get past: axe's serious and critical ones. */
async function blockingViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

async function expectAccessible(page: Page, where: string) {
  expect(
    await blockingViolations(page),
    `${where} in ${await page.locator('html').getAttribute('lang')}`,
  ).toEqual([]);
}

/** Lands on a page once its chunk and its data are in (the spinner is gone and the network is quiet). */
async function visit(page: Page, path: string, loading: string) {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  await expect(page.getByText(loading, { exact: true })).toHaveCount(0);
}

let session: Awaited<ReturnType<BrowserContext['storageState']>>;

/** A signed-in browser in `lang` (the stored language choice wins over the browser's). */
async function signedIn(browser: Browser, lang: Lang, options: Parameters<Browser['newContext']>[0] = {}) {
  const context = await browser.newContext({ storageState: session, ...options });
  await context.addInitScript((l) => localStorage.setItem('postwell.locale', l), lang);
  return context;
}

test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAs(page, ADMIN.email, ADMIN.password);
  session = await context.storageState();
  await context.close();
});

for (const lang of ['en', 'ar'] as const) {
  test(`axe finds no serious or critical problem on the public pages (${lang})`, async ({ browser }) => {
    const t = messages(lang);
    const context = await browser.newContext();
    await context.addInitScript((l) => localStorage.setItem('postwell.locale', l), lang);
    const page = await context.newPage();
    for (const path of PUBLIC_ROUTES) {
      await visit(page, path, t('common.loading'));
      await expectAccessible(page, path);
    }
    // The login failure banner.
    await visit(page, '/login', t('common.loading'));
    await page.getByLabel(t('login.email')).fill(ADMIN.email);
    await page.getByLabel(t('login.password'), { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: t('login.submit'), exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText(t('login.invalidCredentials'));
    await expectAccessible(page, 'login failure');
    await context.close();
  });

  test(`axe finds no serious or critical problem on the signed-in pages (${lang})`, async ({ browser }) => {
    const t = messages(lang);
    const context = await signedIn(browser, lang);
    const page = await context.newPage();
    for (const path of SIGNED_IN_ROUTES) {
      await visit(page, path, t('common.loading'));
      await expect(page).toHaveURL(path);
      await expectAccessible(page, path);
    }
    // The menu, open.
    await page.getByRole('button', { name: t('nav.menu') }).click();
    await expectAccessible(page, 'the open menu');
    await context.close();
  });

  test(`axe finds no serious or critical problem in the composer's dialogs (${lang})`, async ({
    browser,
  }) => {
    const t = messages(lang);
    const context = await signedIn(browser, lang);
    const page = await context.newPage();
    await visit(page, '/posts', t('common.loading'));
    await page.getByRole('textbox', { name: t('composer.editorLabel') }).click();
    await page.keyboard.type('Launch day is here: https://example.com/launch #launch');
    for (const network of ['X', 'LinkedIn', 'Instagram'])
      await page.getByText(network, { exact: true }).click();
    await expectAccessible(page, 'the composer');

    await page.getByRole('button', { name: t('preview.open'), exact: true }).click();
    const preview = page.getByRole('dialog', { name: t('preview.title') });
    await expect(preview.getByRole('region')).toHaveCount(3);
    await expectAccessible(page, 'the preview');
    await preview.getByRole('button', { name: t('common.close') }).click();

    await page.locator('input[type=file][accept*="video"]').setInputFiles('test/fixtures/clip.mp4');
    const edit = page.getByRole('button', { name: t('video.edit').replace('{{file}}', 'clip.mp4') });
    await edit.click();
    const dialog = page.getByRole('dialog', { name: t('video.title') });
    await expect(dialog.getByRole('slider', { name: t('video.trimStart') })).toBeVisible();
    await expect(dialog.getByRole('slider', { name: t('video.trimEnd') })).toBeVisible();
    await expectAccessible(page, 'Edit Video');
    await context.close();
  });
}

test('the dark scheme follows the system, can be switched, and stays readable', async ({ browser }) => {
  const t = messages('en');
  const context = await signedIn(browser, 'en', { colorScheme: 'dark' });
  const page = await context.newPage();
  for (const path of ['/dashboard', '/posts', '/admin/users']) {
    await visit(page, path, t('common.loading'));
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await expectAccessible(page, `${path} (dark)`);
  }
  // The switch wins over the system and is remembered.
  await page.getByRole('button', { name: t('theme.switchTo.light') }).click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
  await expect(page.getByRole('button', { name: t('theme.switchTo.dark') })).toBeVisible();
  await context.close();
});
