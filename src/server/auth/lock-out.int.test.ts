import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cookieFrom,
  createTestApp,
  createUser,
  PUBLIC_URL,
  signIn,
  type TestApp,
} from '../../../test/test-app';
import { auditLog, outbox } from '../db/schema';
import { DEVICE_COOKIE } from './device-cookie';

const LOCK_AFTER = 3;
const PASSWORD = 'correct-horse-1';

/**
 * Issue 23: a stranger's wrong passwords lock strangers out, never the owner's browser (OWASP's device
 * cookies); reset links die with the password; an administrator can unlock an account.
 */
describe('sign-in lock-out by device, reset links, unlock', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_MAX_FAILURES: String(LOCK_AFTER), LOGIN_RATE_PER_MINUTE: '1000' });
    await createUser(t.ctx, { email: 'boss@example.com', role: 'super_admin' });
    await createUser(t.ctx, { email: 'adam@example.com', role: 'admin' });
    for (const name of ['owner', 'dora', 'rita', 'ulla', 'tom', 'vic'])
      await createUser(t.ctx, { email: `${name}@example.com` });
  });
  afterAll(() => t.close());

  const attempt = (email: string, password: string, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email, password },
      headers: cookie ? { cookie } : {},
      remoteAddress: '10.7.0.1',
    });
  /** The device cookie (name=value) a successful sign-in set. */
  const deviceCookieOf = (setCookie: string | string[] | undefined) =>
    cookieFrom(setCookie)
      .split('; ')
      .find((c) => c.startsWith(`${DEVICE_COOKIE}=`))!;
  const lockAccount = async (email: string) => {
    for (let i = 0; i < LOCK_AFTER; i++)
      expect((await attempt(email, `stranger-guess-${i}`)).statusCode).toBe(401);
    expect((await attempt(email, PASSWORD)).statusCode).toBe(429);
  };
  const post = (cookie: string, url: string, payload: object = {}) =>
    t.app.inject({ method: 'POST', url, payload, headers: { cookie, origin: PUBLIC_URL } });

  it("gives a browser that signs in a signed device cookie, and a stranger's failures never lock it out", async () => {
    const first = await attempt('owner@example.com', PASSWORD);
    expect(first.statusCode).toBe(200);
    const device = deviceCookieOf(first.headers['set-cookie']);
    expect(first.headers['set-cookie']!.toString()).toMatch(
      new RegExp(`${DEVICE_COOKIE}=[^;]+; Path=/api; Max-Age=\\d+; HttpOnly; SameSite=Lax`),
    );

    await lockAccount('owner@example.com');
    // The owner's browser is judged on its own failures: none.
    expect((await attempt('owner@example.com', PASSWORD, device)).statusCode).toBe(200);
    // A forged cookie, or the owner's cookie presented for another account, is an unknown device.
    const [name, value] = device.split('=') as [string, string];
    const forged = `${name}=${value.slice(0, 22)}.${'A'.repeat(value.length - 23)}`;
    expect((await attempt('owner@example.com', PASSWORD, forged)).statusCode).toBe(429);
    await lockAccount('dora@example.com');
    expect((await attempt('dora@example.com', PASSWORD, device)).statusCode).toBe(429);
  });

  it("locks a trusted browser on its own failures only, without locking the owner's other browsers", async () => {
    const laptop = deviceCookieOf((await attempt('vic@example.com', PASSWORD)).headers['set-cookie']);
    const phone = deviceCookieOf((await attempt('vic@example.com', PASSWORD)).headers['set-cookie']);
    expect(laptop).not.toBe(phone);
    for (let i = 0; i < LOCK_AFTER; i++)
      expect((await attempt('vic@example.com', `typo-${i}`, laptop)).statusCode).toBe(401);
    const locked = await attempt('vic@example.com', PASSWORD, laptop);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ code: 'ACCOUNT_LOCKED' });
    expect((await attempt('vic@example.com', PASSWORD, phone)).statusCode).toBe(200);
    expect((await attempt('vic@example.com', PASSWORD)).statusCode).toBe(200);
  });

  const mailedResetToken = async (email: string, sent: number) => {
    const ask = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email },
    });
    expect(ask.statusCode).toBe(200);
    const mails = await t.ctx.database.db.select().from(outbox).where(eq(outbox.to, email));
    expect(mails).toHaveLength(sent);
    const link = mails.at(-1)!.text.match(/https?:\/\/\S+/)![0];
    const visit = await t.app.inject({ url: link.slice(PUBLIC_URL.length) });
    return new URL(visit.headers.location!, PUBLIC_URL).searchParams.get('token')!;
  };
  const reset = (token: string, newPassword: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, newPassword } });

  it('voids every older reset link once one of them has reset the password, and opens the lock', async () => {
    const oldest = await mailedResetToken('rita@example.com', 1);
    const middle = await mailedResetToken('rita@example.com', 2);
    const newest = await mailedResetToken('rita@example.com', 3);
    await lockAccount('rita@example.com');

    expect((await reset(newest, 'brand-new-pass-2')).statusCode).toBe(200);
    for (const token of [oldest, middle]) {
      const again = await reset(token, 'attacker-pass-9');
      expect(again.statusCode).toBe(400);
      expect(again.json()).toMatchObject({ code: 'INVALID_TOKEN' });
    }
    // The reset opened the lock that strangers had closed, from any browser.
    expect((await attempt('rita@example.com', 'brand-new-pass-2')).statusCode).toBe(200);
  });

  it('voids outstanding reset links when the password is changed, and keeps API tokens unless asked', async () => {
    const cookie = await signIn(t.app, 'ulla@example.com');
    const pending = await mailedResetToken('ulla@example.com', 1);
    const made = await post(cookie, '/api/tokens', { name: 'script' });
    expect(made.statusCode).toBe(201);
    const bearer = { authorization: `Bearer ${made.json().token}` };

    const changed = await post(cookie, '/api/users/profile/password', {
      currentPassword: PASSWORD,
      newPassword: 'second-pass-2',
    });
    expect(changed.statusCode).toBe(204);
    expect((await reset(pending, 'attacker-pass-9')).json()).toMatchObject({ code: 'INVALID_TOKEN' });
    // Tokens are for scripts: a password change alone leaves them working ...
    expect((await t.app.inject({ url: '/api/users/profile', headers: bearer })).statusCode).toBe(200);

    // ... and the dialog's "Also revoke my API tokens" ends them with it.
    const session = cookieFrom(changed.headers['set-cookie']);
    const device = cookie.split('; ').find((c) => c.startsWith(`${DEVICE_COOKIE}=`));
    const revoking = await post(`${session}; ${device}`, '/api/users/profile/password', {
      currentPassword: 'second-pass-2',
      newPassword: 'third-pass-3',
      revokeApiTokens: true,
    });
    expect(revoking.statusCode).toBe(204);
    const refused = await t.app.inject({ url: '/api/users/profile', headers: bearer });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ code: 'TOKEN_REVOKED' });
    const [entry] = await t.ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'token.revoked_all'));
    expect(entry?.details).toEqual({ count: 1 });
  });

  it('lets an administrator unlock an account, audited; an admin cannot unlock a super_admin', async () => {
    await lockAccount('tom@example.com');
    const admin = await signIn(t.app, 'adam@example.com');
    const list = await t.app.inject({ url: '/api/users?limit=100', headers: { cookie: admin } });
    const tom = list.json().data.data.find((u: { email: string }) => u.email === 'tom@example.com');
    expect(Date.parse(tom.lockedUntil)).toBeGreaterThan(Date.now());

    const unlocked = await post(admin, `/api/users/${tom.uid}/unlock`);
    expect(unlocked.statusCode).toBe(200);
    expect(unlocked.json()).toMatchObject({ email: 'tom@example.com', lockedUntil: null });
    expect((await attempt('tom@example.com', PASSWORD)).statusCode).toBe(200);
    const [entry] = await t.ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.unlock'), eq(auditLog.targetId, tom.uid)));
    expect(entry?.details).toEqual({ wasLocked: true });

    const boss = list.json().data.data.find((u: { email: string }) => u.email === 'boss@example.com');
    expect((await post(admin, `/api/users/${boss.uid}/unlock`)).statusCode).toBe(403);
    const user = await signIn(t.app, 'vic@example.com');
    expect((await post(user, `/api/users/${tom.uid}/unlock`)).statusCode).toBe(403);
    const superAdmin = await signIn(t.app, 'boss@example.com');
    expect((await post(superAdmin, `/api/users/${boss.uid}/unlock`)).statusCode).toBe(200);
  });
});
