import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { ADMIN, expectAccessible, shootWidths, signInAs } from './helpers';

// Issue 14, "Public API with tokens": a token made on the Profile page works for a script, can be tried
// on the API reference page, shows in Administration › API tokens, and fails with 401 once revoked.
const SHOTS = 'test-results/screenshots/api-tokens';
test.use({ locale: 'en-US' });

const shoot = (page: Page, name: string) => shootWidths(page, SHOTS, name);

/** A script's call: no cookie, no Origin, only the token. */
const asScript = (request: APIRequestContext, token: string) => ({
  get: (url: string) => request.get(url, { headers: { authorization: `Bearer ${token}` } }),
  post: (url: string, data: object) =>
    request.post(url, { headers: { authorization: `Bearer ${token}` }, data }),
});

test('create a token on the Profile page, use it from a script and the API reference, revoke it', async ({
  page,
  browser,
  playwright,
}) => {
  // Two browsers, a script, two languages and screenshots at two widths: longer than the default minute.
  test.setTimeout(240_000);
  await signInAs(page, ADMIN.email, ADMIN.password);
  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'API tokens' });
  await expect(section.getByText('You have no API tokens yet.')).toBeVisible({ timeout: 15_000 });

  await section.getByRole('button', { name: 'Create token' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create token' });
  await dialog.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(dialog.getByText('Name is required')).toBeVisible();
  await dialog.getByLabel('Name').fill('Publishing script');
  await dialog.getByRole('combobox', { name: 'Expires' }).click();
  await page.getByRole('option', { name: 'In 30 days' }).click();
  await dialog.getByRole('button', { name: 'Create', exact: true }).click();

  const shown = page.getByRole('dialog', { name: 'Your new token' });
  await expect(shown.getByRole('alert')).toContainText('It will not be shown again');
  const token = await shown.getByLabel('Token “Publishing script”').inputValue();
  expect(token).toMatch(/^pw_[A-Za-z0-9_-]{43}$/);
  await expect(shown.getByRole('button', { name: 'Copy token' })).toBeVisible();
  await shoot(page, 'token-shown-en');
  await expectAccessible(page);
  await shown.getByRole('button', { name: 'Done' }).click();

  // A script with nothing but the token: reads, and writes without an Origin header.
  const request = await playwright.request.newContext({ baseURL: new URL(page.url()).origin });
  const script = asScript(request, token);
  const profile = await script.get('/api/users/profile');
  expect(profile.status()).toBe(200);
  expect((await profile.json()).email).toBe(ADMIN.email);
  const draft = await script.post('/api/posts', {
    content: '<p>Written by a script</p>',
    platforms: ['bluesky'],
    action: 'draft',
    timezone: 'UTC',
  });
  expect(draft.status()).toBe(201);
  // The admin has drafts of the specs before this one: a script pages through them, dateless ones last.
  const draftIds: string[] = [];
  for (let offset = 0, total = 1; offset < total; offset += 50) {
    const page = await (await script.get(`/api/posts/by-status?status=draft&offset=${offset}`)).json();
    draftIds.push(...page.data.map((p: { id: string }) => p.id));
    total = page.total;
  }
  expect(draftIds).toContain((await draft.json()).id);
  expect((await script.post('/api/tokens', { name: 'successor' })).status()).toBe(403);

  // The API reference page, in a browser without a session: Authorize with the token, then Try it out.
  const docsContext = await browser.newContext();
  const docs = await docsContext.newPage();
  const cspErrors: string[] = [];
  docs.on('console', (m) => {
    if (m.type() === 'error') cspErrors.push(m.text());
  });
  await docs.goto(`${new URL(page.url()).origin}/api/docs`);
  await docs.getByRole('button', { name: 'Authorize' }).first().click();
  const bearer = docs.locator('.auth-container').filter({ has: docs.locator('#auth-bearer-value') });
  await bearer.locator('#auth-bearer-value').fill(token);
  await bearer.getByRole('button', { name: 'Apply credentials' }).click();
  await docs.locator('.modal-ux .close-modal').click();
  const operation = docs.locator('.opblock-get').filter({
    has: docs.locator('[data-path="/api/users/profile"]'),
  });
  // The page draws only the operations near the screen: scroll down to it.
  for (let i = 0; i < 60 && !(await operation.count()); i++) await docs.mouse.wheel(0, 400);
  await operation.locator('.opblock-summary-control').click();
  await operation.getByRole('button', { name: 'Execute' }).click();
  await expect(operation.locator('.live-responses-table tbody .response-col_status').first()).toHaveText(
    '200',
    { timeout: 15_000 },
  );
  await expect(operation.locator('.live-responses-table')).toContainText(ADMIN.email);
  await docs.screenshot({ path: `${SHOTS}/api-docs-try-it-1280.png`, fullPage: false });
  expect(cspErrors.filter((e) => /Content Security Policy/i.test(e))).toEqual([]);
  await docsContext.close();

  // The list shows it, with its last use.
  await page.reload();
  const card = section.getByRole('article', { name: 'Publishing script' });
  // The token list is its own chunk, loaded after the profile: slow on a busy machine.
  await expect(card).toContainText('Active', { timeout: 15_000 });
  await expect(card).toContainText(token.slice(0, 9));
  await expect(card).not.toContainText('Last used: Never');
  await shoot(page, 'profile-en');

  // Administration › API tokens: every user's tokens with their owner.
  await page.goto('/admin/tokens');
  await expect(page.getByRole('heading', { name: 'API tokens', level: 1 })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Publishing script' })).toContainText(ADMIN.email);
  await shoot(page, 'admin-en');
  await expectAccessible(page);

  // In Arabic, right to left.
  await page.evaluate(() => localStorage.setItem('postwell.locale', 'ar'));
  await page.goto('/profile');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('region', { name: 'رموز الواجهة البرمجية' })).toContainText('نشط');
  await shoot(page, 'profile-ar');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'إنشاء رمز' }).click();
  await expect(page.getByRole('dialog', { name: 'إنشاء رمز' })).toBeVisible();
  await shoot(page, 'create-ar');
  await page.keyboard.press('Escape');
  await page.goto('/admin/tokens');
  await expect(page.getByRole('row').filter({ hasText: 'Publishing script' })).toBeVisible();
  await shoot(page, 'admin-ar');
  await page.evaluate(() => localStorage.setItem('postwell.locale', 'en'));

  // Revoke it on the Profile page: the script's next call is refused.
  await page.goto('/profile');
  await section.getByRole('button', { name: 'Revoke token “Publishing script”' }).click();
  const confirm = page.getByRole('dialog', { name: 'Revoke token' });
  await expect(confirm).toContainText('stop working at once');
  await shoot(page, 'revoke-en');
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await expect(card).toContainText('Revoked');
  const refused = await script.get('/api/users/profile');
  expect(refused.status()).toBe(401);
  expect((await refused.json()).code).toBe('TOKEN_REVOKED');
  await request.dispose();
});
