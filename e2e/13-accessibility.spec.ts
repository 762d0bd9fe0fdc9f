import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { ADMIN, landsOn, newPost, signInAs } from './helpers';

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
// Two groups, so that each test stays well inside its time on a busy machine.
const SIGNED_IN_ROUTES = {
  user: ['/dashboard', '/profile', '/posts', '/analytics'],
  admin: ['/admin/dashboard', '/admin/users', '/admin/trials', '/admin/tokens', '/admin/settings'],
};
const SHOTS = 'test-results/screenshots/looks-a11y';
// Failed sign-ins go to addresses with no account, one each: sign-in locks an address after a few
// failures, and locking the administrator's would fail the specs that follow.
const nobody = (tag: string) => `nobody-${tag}@example.com`;

/** The violations a user of assistive technology cannot get past: axe's serious and critical ones. */
async function blockingViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`).join(' | ')}`,
    );
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
    await page.getByLabel(t('login.email')).fill(nobody(lang));
    await page.getByLabel(t('login.password'), { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: t('login.submit'), exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText(t('login.invalidCredentials'));
    await expectAccessible(page, 'login failure');
    await context.close();
  });

  for (const [group, routes] of Object.entries(SIGNED_IN_ROUTES))
    test(`axe finds no serious or critical problem on the signed-in ${group} pages (${lang})`, async ({
      browser,
    }) => {
      const t = messages(lang);
      const context = await signedIn(browser, lang);
      const page = await context.newPage();
      for (const path of routes) {
        await visit(page, path, t('common.loading'));
        await expect(page).toHaveURL(landsOn(path));
        await expectAccessible(page, path);
      }
      // The menu, open (signed in on a wide screen it stays open: no button then).
      const burger = page.getByRole('button', { name: t('nav.menu') });
      if (await burger.isVisible()) await burger.click();
      await expectAccessible(page, 'the open menu');
      await context.close();
    });

  test(`axe finds no serious or critical problem in the composer and its preview (${lang})`, async ({
    browser,
  }) => {
    const t = messages(lang);
    const context = await signedIn(browser, lang);
    const page = await context.newPage();
    await visit(page, '/posts', t('common.loading'));
    await newPost(page);
    await page.getByRole('textbox', { name: t('composer.editorLabel') }).click();
    await page.keyboard.insertText('Launch day is here: https://example.com/launch #launch');
    for (const network of ['X', 'LinkedIn', 'Instagram'])
      await page.getByText(network, { exact: true }).click();
    await expectAccessible(page, 'the composer');

    await page.getByRole('button', { name: t('preview.open'), exact: true }).click();
    const preview = page.getByRole('dialog', { name: t('preview.title') });
    await expect(preview.getByRole('region')).toHaveCount(3);
    await expectAccessible(page, 'the preview');
    await context.close();
  });

  test(`axe finds no serious or critical problem in Edit Video (${lang})`, async ({ browser }) => {
    const t = messages(lang);
    const context = await signedIn(browser, lang);
    const page = await context.newPage();
    await visit(page, '/posts', t('common.loading'));
    await newPost(page);
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
  for (const path of ['/posts', '/admin/users']) {
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

const LONG_POST =
  'Launch day is here! After months of work we are opening Postwell to everyone: write a post once, ' +
  'schedule it, and publish it to every network on time, exactly once. Read the story at ' +
  'https://example.com/blog/launch-day and tell us what you think. #launch #socialmedia @postwell\n' +
  'Thank you to everyone who tried the beta and sent us their notes.';

async function image(colour: string) {
  return sharp({ create: { width: 120, height: 80, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

for (const lang of ['en', 'ar'] as const) {
  for (const width of [1280, 390]) {
    test(`screenshots of the previews and of the header in both schemes (${lang}, ${width}px)`, async ({
      browser,
    }) => {
      const t = messages(lang);
      const viewport = { width, height: width > 800 ? 900 : 844 };
      const shot = (name: string) => `${SHOTS}/${name}-${lang}-${width}.png`;
      const context = await signedIn(browser, lang, { viewport, colorScheme: 'light' });
      const page = await context.newPage();
      await visit(page, '/posts', t('common.loading'));

      const header = page.locator('header');
      await expect(header.getByRole('img')).toHaveCount(0); // the mark is decorative beside the name
      await header.screenshot({ path: shot('header-light') });
      await page.getByRole('button', { name: t('theme.switchTo.dark') }).click();
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
      await header.screenshot({ path: shot('header-dark') });
      await page.screenshot({ path: shot('posts-dark') });
      await page.getByRole('button', { name: t('theme.switchTo.light') }).click();

      await newPost(page);
      await page.getByRole('textbox', { name: t('composer.editorLabel') }).click();
      await page.keyboard.insertText(LONG_POST);
      for (const network of ['X', 'Bluesky', 'Facebook', 'Instagram', 'LinkedIn', 'TikTok'])
        await page.getByText(network, { exact: true }).click();
      // The single counter names the network it counts for: X, the tightest of the six.
      const counter = t('networkPreview.counter')
        .replace('{{platform}}', 'X')
        .replace('{{remaining}}', t('composer.remaining'));
      const pattern = counter.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace('{{count}}', '-?\\d+');
      await expect(page.getByText(new RegExp(`^${pattern}$`))).toBeVisible();
      await page.locator('input[type=file][accept*="image"]').setInputFiles([
        { name: 'one.png', mimeType: 'image/png', buffer: await image('#3366cc') },
        { name: 'two.png', mimeType: 'image/png', buffer: await image('#cc6633') },
        { name: 'three.png', mimeType: 'image/png', buffer: await image('#33aa66') },
      ]);
      // Uploads are checked on the server: slow on a busy machine.
      await expect(page.getByRole('img', { name: 'three.png' })).toBeVisible({ timeout: 20_000 });
      await expect(page.locator('.mantine-Notification-root')).toHaveCount(0);
      await page.getByRole('button', { name: t('preview.open'), exact: true }).click();
      const preview = page.getByRole('dialog', { name: t('preview.title') });
      const card = (network: string) =>
        preview.getByRole('region', { name: t('preview.cardLabel').replace('{{platform}}', network) });

      // LinkedIn folds the post behind its "…see more", which opens the rest; X shows all of it.
      const linkedin = card('LinkedIn');
      const seeMore = linkedin.getByRole('button', { name: t('networkPreview.seeMore.linkedin') });
      await expect(linkedin).not.toContainText('Thank you');
      await expect(card('X')).toContainText('Thank you');
      await page.screenshot({ path: shot('preview') });
      for (const network of ['X', 'LinkedIn', 'Instagram', 'TikTok'])
        await card(network).screenshot({ path: shot(`preview-${network.toLowerCase()}`) });
      await seeMore.click();
      await expect(linkedin).toContainText('Thank you');
      await expect(seeMore).toHaveCount(0);
      await context.close();
    });
  }
}

for (const lang of ['en', 'ar'] as const) {
  test(`screenshots of the login failure banner in both schemes (${lang})`, async ({ browser }) => {
    const t = messages(lang);
    for (const width of [1280, 390])
      for (const colorScheme of ['light', 'dark'] as const) {
        const guest = await browser.newContext({ viewport: { width, height: 844 }, colorScheme });
        await guest.addInitScript((l) => localStorage.setItem('postwell.locale', l), lang);
        const login = await guest.newPage();
        await visit(login, '/login', t('common.loading'));
        await login.getByLabel(t('login.email')).fill(nobody(`${lang}-${width}-${colorScheme}`));
        await login.getByLabel(t('login.password'), { exact: true }).fill('not-the-password');
        await login.getByRole('button', { name: t('login.submit'), exact: true }).click();
        await expect(login.getByRole('alert')).toHaveText(t('login.invalidCredentials'));
        await login.screenshot({ path: `${SHOTS}/login-error-${colorScheme}-${lang}-${width}.png` });
        await guest.close();
      }
  });
}
