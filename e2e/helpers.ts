import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The administrator that 01-first-run.spec.ts creates on the fresh installation. */
export const ADMIN = { name: 'Ada Lovelace', email: 'ada@example.com', password: 'analytical-engine-1' };

/** The pages of a workspace, which open at `/w/<workspace id>/…` (decision 042). */
const WORKSPACE_PAGES = /^\/(dashboard|posts|queue|media|import|feeds|analytics|profile|workspace)(\?|$)/;

/** `path` (`/posts?tab=drafts`) as the URL of a workspace's page: `…/w/<id>/posts?tab=drafts`. */
export const inWorkspace = (path: string) =>
  new RegExp(`/w/[0-9a-f-]{36}${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

/** Where a path lands: a workspace's page within the tab's workspace, any other as it is. */
export const landsOn = (path: string) => (WORKSPACE_PAGES.test(path) ? inWorkspace(path) : path);

export async function signInAs(page: Page, email: string, password: string, landing = '/dashboard') {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(landsOn(landing));
}

/** A `user` account made by the administrator signed in on `page` (POST /api/users). */
export async function addUser(page: Page, user: { name: string; email: string; password: string }) {
  const created = await page.request.post('/api/users', {
    headers: { origin: new URL(page.url()).origin },
    data: { displayName: user.name, email: user.email, password: user.password, role: 'user' },
  });
  expect(created.status()).toBe(201);
}

/**
 * Sends the composer's post on to networks that have no account: the browser tests connect none, so
 * Schedule Post and Post now first ask (issue 13) and the post goes on once told to.
 */
export async function goOnWithoutAccounts(page: Page) {
  await page
    .getByRole('dialog', { name: 'Some networks cannot receive this post' })
    .getByRole('button', { name: 'Go on' })
    .click();
}

/** axe's serious and critical violations (WCAG 2.1 A and AA), as e2e/13-accessibility.spec.ts reads them. */
export async function expectAccessible(page: Page) {
  // A notification fading in is half transparent: its contrast is judged once the transitions ended.
  await page.waitForFunction(
    () => !document.getAnimations().some((a) => a instanceof CSSTransition && a.playState === 'running'),
    undefined,
    { timeout: 5000 },
  );
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const blocking = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(blocking.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Full-page screenshots at 1280 and 390 px as `<dir>/<name>-<width>.png`, then back to 1280. */
export async function shootWidths(page: Page, dir: string, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    // Let a layout that changes with the width (full-screen dialogs on phones) settle.
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/**
 * A network's OAuth round trip as a browser makes it: our connect URL, the fake's consent page (which
 * consents at once), our callback, which lands on the posts page saying it went well.
 */
export async function connectThroughConsent(page: Page, platform: string) {
  const start = await page.request.get(`/api/social/${platform}/connect`);
  expect(start.status()).toBe(200);
  const consent = await fetch(((await start.json()) as { url: string }).url, { redirect: 'manual' });
  const landed = await page.goto(consent.headers.get('location')!);
  expect(landed?.url()).toMatch(/[?&]connect=ok/);
}

/**
 * Opens the composer on the posts page (calendar first, issue 26: it opens in a drawer from New post, in
 * any language) and answers its editor, once its chunk has arrived.
 */
export async function newPost(page: Page) {
  await page.getByTestId('new-post').click();
  const editor = page.locator('#composer').getByRole('textbox').first();
  await expect(editor).toBeVisible({ timeout: 30_000 });
  return editor;
}
