import { createServer, type Server } from 'node:http';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FAKE_OIDC_CLIENT,
  type FakeOidcProvider,
  signInAtProvider,
  startFakeOidcProvider,
} from '../../../test/fakes/oidc-provider';
import { cookieFrom, createTestApp, createUser, PUBLIC_URL, type TestApp } from '../../../test/test-app';
import { accounts, auditLog, users } from '../db/schema';

const PROVIDER_PORT = 3432;
const GARBAGE_PORT = 3433;
const DEAD_PORT = 3434;
const ONLY_PROVIDER_PORT = 3435;
const oidcEnv = (issuer: string, extra: Record<string, string> = {}) => ({
  OIDC_ISSUER: issuer,
  OIDC_CLIENT_ID: FAKE_OIDC_CLIENT.id,
  OIDC_CLIENT_SECRET: FAKE_OIDC_CLIENT.secret,
  ...extra,
});

/** Start → provider (signed in as `login`) → our callback: the callback's answer and the browser's cookies. */
async function signInWithProvider(t: TestApp, login: string) {
  const start = await t.app.inject({ url: '/api/auth/oidc/start' });
  expect(start.statusCode).toBe(302);
  const stateCookie = cookieFrom(start.headers['set-cookie']);
  const back = await signInAtProvider(start.headers.location as string, login);
  expect(`${back.origin}${back.pathname}`).toBe(`${PUBLIC_URL}/api/auth/oidc/callback`);
  const callback = await t.app.inject({
    url: `${back.pathname}${back.search}`,
    headers: { cookie: stateCookie },
  });
  return { callback, stateCookie, back };
}

const userByEmail = async (t: TestApp, email: string) =>
  (await t.ctx.database.db.select().from(users).where(eq(users.email, email)))[0];
const oidcAccountsOf = async (t: TestApp, userId: string) =>
  (await t.ctx.database.db.select().from(accounts).where(eq(accounts.userId, userId))).filter(
    (a) => a.providerId === 'oidc',
  );

describe('sign-in with an OpenID Connect provider', () => {
  let provider: FakeOidcProvider;
  let t: TestApp;

  beforeAll(async () => {
    provider = await startFakeOidcProvider({
      port: PROVIDER_PORT,
      redirectUris: [`${PUBLIC_URL}/api/auth/oidc/callback`],
    });
    t = await createTestApp(oidcEnv(provider.issuer, { OIDC_BUTTON_LABEL: 'Sign in with Example SSO' }));
  });
  afterAll(async () => {
    await t?.close();
    await provider?.close();
  });

  it('tells the login page that the provider is on, with its label, and passwords still work', async () => {
    const res = await t.app.inject({ url: '/api/auth/oidc/config' });
    expect(res.json()).toEqual({ enabled: true, label: 'Sign in with Example SSO', passwordSignIn: true });
  });

  it('starts with a redirect to the provider carrying PKCE (S256), state, nonce and our callback', async () => {
    const res = await t.app.inject({ url: '/api/auth/oidc/start' });
    expect(res.statusCode).toBe(302);
    const url = new URL(res.headers.location as string);
    expect(`${url.origin}${url.pathname}`).toBe(`${provider.issuer}/auth`);
    expect(url.searchParams.get('client_id')).toBe(FAKE_OIDC_CLIENT.id);
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('nonce')).toBeTruthy();
    expect(url.searchParams.get('scope')?.split(' ')).toEqual(expect.arrayContaining(['openid', 'email']));
    expect(url.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/api/auth/oidc/callback`);
    expect(String(res.headers['set-cookie'])).toContain('HttpOnly');
  });

  it('links an account an admin made to the provider by verified email; the role stays as it was', async () => {
    const made = await createUser(t.ctx, { email: 'alice@example.com', role: 'admin', name: 'Alice' });
    const { callback } = await signInWithProvider(t, 'alice');
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('/dashboard');
    const session = await t.app.inject({
      url: '/api/auth/get-session',
      headers: { cookie: cookieFrom(callback.headers['set-cookie']) },
    });
    expect(session.json().user).toMatchObject({
      id: made.id,
      email: 'alice@example.com',
      role: 'admin',
      name: 'Alice',
    });
    expect(await oidcAccountsOf(t, made.id)).toHaveLength(1);
    const audit = await t.ctx.database.db.select().from(auditLog).where(eq(auditLog.actorId, made.id));
    expect(audit.map((a) => [a.action, (a.details as { kind: string }).kind])).toEqual([
      ['auth.oidc_sign_in', 'linked'],
    ]);

    // The second time the link is there already.
    const again = await signInWithProvider(t, 'alice');
    expect(again.callback.headers.location).toBe('/dashboard');
    const audits = await t.ctx.database.db.select().from(auditLog).where(eq(auditLog.actorId, made.id));
    expect(audits.map((a) => (a.details as { kind: string }).kind).sort()).toEqual(['linked', 'returning']);
  });

  it('creates a plain user on a first verified sign-in, whatever role the provider claims', async () => {
    const { callback } = await signInWithProvider(t, 'carol');
    expect(callback.headers.location).toBe('/dashboard');
    const carol = await userByEmail(t, 'carol@example.com');
    expect(carol).toMatchObject({ role: 'user', name: 'Carol New', emailVerified: true, trialEndsAt: null });
    const [audit] = await t.ctx.database.db.select().from(auditLog).where(eq(auditLog.actorId, carol!.id));
    expect(audit).toMatchObject({ action: 'auth.oidc_sign_in', details: { kind: 'created', role: 'user' } });
  });

  it('never links an unverified provider email to an existing account', async () => {
    const bob = await createUser(t.ctx, { email: 'bob@example.com' });
    const { callback } = await signInWithProvider(t, 'mallory');
    expect(callback.headers.location).toBe('/login?error=oidc_email_unverified');
    expect(String(callback.headers['set-cookie'] ?? '')).not.toContain('session_token=');
    expect(await oidcAccountsOf(t, bob.id)).toEqual([]);
  });

  it('creates no account for an unverified provider email', async () => {
    const { callback } = await signInWithProvider(t, 'dave');
    expect(callback.headers.location).toBe('/login?error=oidc_email_unverified');
    expect(await userByEmail(t, 'dave@example.com')).toBeUndefined();
  });

  it('refuses a callback whose state was not started by this browser, or is made up', async () => {
    const start = await t.app.inject({ url: '/api/auth/oidc/start' });
    const back = await signInAtProvider(start.headers.location as string, 'alice');
    // Another browser (no state cookie) brings the code back: a login-CSRF attempt.
    const stolen = await t.app.inject({ url: `${back.pathname}${back.search}` });
    expect(stolen.statusCode).toBe(302);
    expect(stolen.headers.location).toBe('/login?error=oidc_state');
    const madeUp = await t.app.inject({
      url: '/api/auth/oidc/callback?code=abc&state=not-a-state',
      headers: { cookie: cookieFrom(start.headers['set-cookie']) },
    });
    expect(madeUp.headers.location).toBe('/login?error=oidc_state');
    const none = await t.app.inject({ url: '/api/auth/oidc/callback' });
    expect(none.headers.location).toBe('/login?error=oidc_state');
  });

  it('shows a refusal at the provider as denied, and names a bad query field with a 400', async () => {
    const start = await t.app.inject({ url: '/api/auth/oidc/start' });
    const state = new URL(start.headers.location as string).searchParams.get('state')!;
    const denied = await t.app.inject({
      url: `/api/auth/oidc/callback?error=access_denied&state=${encodeURIComponent(state)}`,
      headers: { cookie: cookieFrom(start.headers['set-cookie']) },
    });
    expect(denied.headers.location).toBe('/login?error=oidc_denied');
    const long = await t.app.inject({ url: `/api/auth/oidc/callback?state=${'s'.repeat(2000)}` });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ code: 'VALIDATION_ERROR', fields: { state: expect.any(String) } });
  });

  it('sends the browser to the login page with oidc_failed when the provider is gone at the callback', async () => {
    const { callback } = await (async () => {
      const start = await t.app.inject({ url: '/api/auth/oidc/start' });
      const back = await signInAtProvider(start.headers.location as string, 'alice');
      await provider.close();
      return {
        callback: await t.app.inject({
          url: `${back.pathname}${back.search}`,
          headers: { cookie: cookieFrom(start.headers['set-cookie']) },
        }),
      };
    })();
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('/login?error=oidc_failed');
    provider = await startFakeOidcProvider({
      port: PROVIDER_PORT,
      redirectUris: [`${PUBLIC_URL}/api/auth/oidc/callback`],
    });
  });
});

describe('a provider that is down or answers garbage, and OIDC only', () => {
  let garbage: Server;
  const apps: TestApp[] = [];
  beforeAll(async () => {
    garbage = createServer((_req, res) =>
      res.writeHead(200, { 'content-type': 'text/html' }).end('<html>oops'),
    );
    await new Promise<void>((resolve) => garbage.listen(GARBAGE_PORT, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await new Promise((resolve) => garbage.close(resolve));
  });

  it('redirects to /login?error=oidc_unavailable when discovery fails, never a 500', async () => {
    for (const issuer of [`http://127.0.0.1:${DEAD_PORT}`, `http://127.0.0.1:${GARBAGE_PORT}`]) {
      const t = await createTestApp(oidcEnv(issuer));
      apps.push(t);
      const res = await t.app.inject({ url: '/api/auth/oidc/start' });
      expect(res.statusCode, issuer).toBe(302);
      expect(res.headers.location, issuer).toBe('/login?error=oidc_unavailable');
    }
  });

  it('with OIDC_ONLY, refuses password sign-in and reset requests, and with OIDC_AUTO_CREATE=false makes no account', async () => {
    const provider = await startFakeOidcProvider({
      port: ONLY_PROVIDER_PORT,
      redirectUris: [`${PUBLIC_URL}/api/auth/oidc/callback`],
    });
    try {
      const t = await createTestApp(
        oidcEnv(provider.issuer, { OIDC_ONLY: 'true', OIDC_AUTO_CREATE: 'false' }),
      );
      apps.push(t);
      await createUser(t.ctx, { email: 'erin-known@example.com' });
      expect((await t.app.inject({ url: '/api/auth/oidc/config' })).json()).toEqual({
        enabled: true,
        label: null,
        passwordSignIn: false,
      });
      const signIn = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email: 'erin-known@example.com', password: 'correct-horse-1' },
      });
      expect(signIn.statusCode).toBe(403);
      expect(signIn.json().code).toBe('PASSWORD_SIGN_IN_DISABLED');
      const reset = await t.app.inject({
        method: 'POST',
        url: '/api/auth/request-password-reset',
        payload: { email: 'erin-known@example.com' },
      });
      expect(reset.json().code).toBe('PASSWORD_SIGN_IN_DISABLED');

      const { callback } = await signInWithProvider(t, 'erin');
      expect(callback.headers.location).toBe('/login?error=oidc_no_account');
      expect(await userByEmail(t, 'erin@example.com')).toBeUndefined();
    } finally {
      await provider.close();
    }
  });

  it('without a provider configured, says so and the start route is a 404', async () => {
    const t = await createTestApp();
    apps.push(t);
    expect((await t.app.inject({ url: '/api/auth/oidc/config' })).json()).toEqual({
      enabled: false,
      label: null,
      passwordSignIn: true,
    });
    const start = await t.app.inject({ url: '/api/auth/oidc/start' });
    expect(start.statusCode).toBe(404);
    expect(start.json().code).toBe('OIDC_NOT_CONFIGURED');
  });
});
