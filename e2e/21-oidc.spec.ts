import { inWorkspace } from './helpers';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { type ChildServer, startServer } from '../test/child-server';
import { FAKE_OIDC_CLIENT, type FakeOidcProvider, startFakeOidcProvider } from '../test/fakes/oidc-provider';

// Issue 14 (OIDC): sign-in through a real OpenID Connect provider on 127.0.0.1, by the browser: the login
// page's button → the provider's login and consent pages → back on the dashboard, signed in. A second
// app with OIDC_ONLY shows the button alone. Both apps are child servers with their own env and data.
const SHOTS = 'test-results/screenshots/oidc';
const PROVIDER_PORT = 3436;
const SSO_PORT = 3437;
const ONLY_PORT = 3438;
const ADMIN = { email: 'oidc-admin@example.com', password: 'oidc-admin-password-1' };
test.use({ locale: 'en-US' });
test.describe.configure({ mode: 'serial', timeout: 120_000 });
const expectSoon = expect.configure({ timeout: 20_000 });

let provider: FakeOidcProvider;
const servers: ChildServer[] = [];
// The app with password sign-in beside the button, and the one with the button alone.
let sso: ChildServer;
let only: ChildServer;
const dataDirs: string[] = [];

async function startApp(port: number, env: Record<string, string>) {
  const dataDir = mkdtempSync(join(tmpdir(), 'postwell-e2e-oidc-'));
  dataDirs.push(dataDir);
  const server = await startServer(
    {
      DATA_DIR: dataDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: FAKE_OIDC_CLIENT.id,
      OIDC_CLIENT_SECRET: FAKE_OIDC_CLIENT.secret,
      ...env,
    },
    { port, npmStart: true },
  );
  servers.push(server);
  return server;
}

async function shoot(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.waitForTimeout(200);
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function newPage(browser: Browser, server: ChildServer) {
  const context = await browser.newContext({ baseURL: server.base, locale: 'en-US' });
  return context.newPage();
}

test.beforeAll(async () => {
  // Two child servers start (what `npm start` runs) and each creates a fresh database: on a busy 2-core
  // machine that took more than a minute.
  test.setTimeout(180_000);
  provider = await startFakeOidcProvider({
    port: PROVIDER_PORT,
    redirectUris: [SSO_PORT, ONLY_PORT].map((port) => `http://127.0.0.1:${port}/api/auth/oidc/callback`),
  });
  [sso, only] = await Promise.all([startApp(SSO_PORT, {}), startApp(ONLY_PORT, { OIDC_ONLY: 'true' })]);
});

test.afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await provider?.close();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true, maxRetries: 5 });
});

test('the SSO button signs a new person in through the provider and lands on the dashboard', async ({
  browser,
}) => {
  const page = await newPage(browser, sso);
  await page.goto('/login');
  const button = page.getByRole('link', { name: 'Sign in with SSO' });
  await expectSoon(button).toBeVisible();
  await expect(page.getByLabel('Email')).toBeVisible();
  await shoot(page, 'login-en');
  await page.evaluate(() => localStorage.setItem('postwell.locale', 'ar'));
  await page.reload();
  await expectSoon(page.getByRole('link', { name: 'تسجيل الدخول عبر SSO' })).toBeVisible();
  await shoot(page, 'login-ar');
  await page.goto('/login?error=oidc_email_unverified');
  await expectSoon(page.getByRole('alert')).toContainText('لم يتحقق مزوّد الهوية');
  await shoot(page, 'login-error-ar');
  await page.evaluate(() => localStorage.setItem('postwell.locale', 'en'));
  await page.goto('/login');

  await button.click();
  // The provider's own pages (oidc-provider's development login and consent).
  await expectSoon(page).toHaveURL(new RegExp(`^${provider.issuer}/interaction/`));
  await page.locator('input[name="login"]').fill('alice');
  await page.locator('input[name="password"]').fill('anything');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();

  await expectSoon(page).toHaveURL(inWorkspace('/dashboard'));
  const session = await page.request.get('/api/auth/get-session');
  expect(await session.json()).toMatchObject({
    user: { email: 'alice@example.com', name: 'Alice Provider', role: 'user' },
  });
  await page.context().close();
});

test('with OIDC_ONLY the login page shows the button alone, and a refused sign-in says why', async ({
  browser,
}) => {
  const page = await newPage(browser, only);
  await page.goto('/login?error=oidc_denied');
  await expectSoon(page.getByRole('link', { name: 'Sign in with SSO' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText(
    'The sign-in was cancelled or refused at the identity provider.',
  );
  await expect(page.getByLabel('Email')).toHaveCount(0);
  await expect(page.getByLabel('Password', { exact: true })).toHaveCount(0);
  await shoot(page, 'only-en');
  const refused = await page.request.post('/api/auth/sign-in/email', {
    data: { email: ADMIN.email, password: ADMIN.password },
    headers: { origin: only.base },
  });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).code).toBe('PASSWORD_SIGN_IN_DISABLED');
  await page.context().close();
});
