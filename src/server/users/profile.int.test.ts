import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieFrom, createTestApp, createUser, signIn, type TestApp } from '../../../test/test-app';
import { auditLog } from '../db/schema';

const LOCK_AFTER = 3;
const PASSWORD = 'correct-horse-1';

describe('the signed-in user changes their own profile and password', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_MAX_FAILURES: String(LOCK_AFTER), LOGIN_RATE_PER_MINUTE: '12' });
    for (const name of ['noor', 'omar', 'pia', 'quinn', 'rami'])
      await createUser(t.ctx, { email: `${name}@example.com`, name });
  });
  afterAll(() => t.close());

  const call = (
    cookie: string,
    method: 'GET' | 'PUT' | 'POST',
    url: string,
    payload?: object,
    ip = '10.9.0.1',
  ) => t.app.inject({ method, url, headers: { cookie }, remoteAddress: ip, ...(payload ? { payload } : {}) });
  const profileOf = async (cookie: string) => (await call(cookie, 'GET', '/api/users/profile')).json();
  const changePassword = (cookie: string, currentPassword: string, newPassword: string, ip?: string) =>
    call(cookie, 'POST', '/api/users/profile/password', { currentPassword, newPassword }, ip);

  it('starts with no time zone: the web then uses the browser’s', async () => {
    const cookie = await signIn(t.app, 'noor@example.com');
    expect(await profileOf(cookie)).toMatchObject({ displayName: 'noor', timeZone: null });
  });

  it('saves the display name (trimmed) and the time zone, and returns them; another user is unchanged', async () => {
    const noor = await signIn(t.app, 'noor@example.com');
    const omar = await signIn(t.app, 'omar@example.com');
    const res = await call(noor, 'PUT', '/api/users/profile', {
      displayName: '  Noor Inayat  ',
      timeZone: 'america/new_york',
    });
    expect(res.statusCode).toBe(200);
    // The zone is stored as the runtime spells it, so the web's list finds it.
    expect(res.json()).toMatchObject({ displayName: 'Noor Inayat', timeZone: 'America/New_York' });
    expect(await profileOf(noor)).toMatchObject({ displayName: 'Noor Inayat', timeZone: 'America/New_York' });
    expect(await profileOf(omar)).toMatchObject({ displayName: 'omar', timeZone: null });
  });

  it('refuses a bad zone or an empty or long name with 400 naming the field', async () => {
    const cookie = await signIn(t.app, 'omar@example.com');
    const cases = [
      [{ displayName: 'Omar', timeZone: 'Mars/Olympus_Mons' }, { timeZone: 'profile.timeZoneInvalid' }],
      [{ displayName: 'Omar', timeZone: '' }, { timeZone: 'profile.timeZoneInvalid' }],
      [{ displayName: 'Omar', timeZone: 42 }, { timeZone: 'profile.timeZoneInvalid' }],
      [{ displayName: '   ', timeZone: 'Europe/Paris' }, { displayName: 'users.displayNameRequired' }],
      [
        { displayName: 'x'.repeat(101), timeZone: 'Europe/Paris' },
        { displayName: 'profile.displayNameTooLong' },
      ],
    ] as const;
    for (const [body, fields] of cases) {
      const res = await call(cookie, 'PUT', '/api/users/profile', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', fields });
    }
    expect(await profileOf(cookie)).toMatchObject({ displayName: 'omar', timeZone: null });
  });

  it('validates the password body and names the field', async () => {
    const cookie = await signIn(t.app, 'omar@example.com');
    const res = await call(cookie, 'POST', '/api/users/profile/password', {
      currentPassword: '',
      newPassword: 'short',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      currentPassword: 'profile.currentPasswordRequired',
      newPassword: 'setup.password_too_short',
    });
    const same = await changePassword(cookie, PASSWORD, PASSWORD);
    expect(same.json()).toMatchObject({
      statusCode: 400,
      fields: { newPassword: 'profile.passwordUnchanged' },
    });
  });

  it('changes the password: this session stays signed in, the other one is signed out, audited', async () => {
    const here = await signIn(t.app, 'pia@example.com');
    const elsewhere = await signIn(t.app, 'pia@example.com');
    const quinn = await signIn(t.app, 'quinn@example.com');
    const res = await changePassword(here, PASSWORD, 'a-brand-new-secret');
    expect(res.statusCode).toBe(204);
    // better-auth replaces every session with one new one: the answer carries its cookie.
    const renewed = cookieFrom(res.headers['set-cookie']);
    expect((await call(renewed, 'GET', '/api/users/profile')).statusCode).toBe(200);
    expect((await call(elsewhere, 'GET', '/api/users/profile')).statusCode).toBe(401);
    expect((await call(quinn, 'GET', '/api/users/profile')).statusCode).toBe(200);

    const signInWith = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email: 'pia@example.com', password },
        remoteAddress: '10.9.1.1',
      });
    expect((await signInWith(PASSWORD)).statusCode).toBe(401);
    expect((await signInWith('a-brand-new-secret')).statusCode).toBe(200);
    await signIn(t.app, 'quinn@example.com');

    const [entry] = await t.ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'user.password_change'))
      .orderBy(desc(auditLog.createdAt));
    expect(entry).toMatchObject({ actorEmail: 'pia@example.com', targetEmail: 'pia@example.com' });
  });

  it('counts a wrong current password against this browser only: its password changes lock, nobody else is locked out', async () => {
    const cookie = await signIn(t.app, 'rami@example.com');
    for (let i = 0; i < LOCK_AFTER; i++) {
      const res = await changePassword(cookie, `guess-${i}`, 'another-secret-1', `10.9.2.${i}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'WRONG_CURRENT_PASSWORD',
        fields: { currentPassword: 'profile.currentPasswordWrong' },
      });
    }
    // Still signed in: a wrong password here is not an ended session.
    expect((await call(cookie, 'GET', '/api/users/profile')).statusCode).toBe(200);
    const locked = await changePassword(cookie, PASSWORD, 'another-secret-1', '10.9.2.9');
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBe(String(15 * 60));
    expect(locked.json()).toMatchObject({
      code: 'ACCOUNT_LOCKED',
      message: 'Too many failed sign-in attempts for this account. Try again in 15 minutes.',
    });
    // Whoever typed those (the session was left open, say) has not locked the account: a sign-in from
    // another browser, and a password change from another session, still work.
    const signInNow = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: 'rami@example.com', password: PASSWORD },
      remoteAddress: '10.9.2.10',
    });
    expect(signInNow.statusCode).toBe(200);
    const other = cookieFrom(signInNow.headers['set-cookie']);
    expect((await changePassword(other, PASSWORD, 'another-secret-1', '10.9.2.11')).statusCode).toBe(204);
  });

  it('rate-limits password changes per IP address', async () => {
    const cookie = await signIn(t.app, 'quinn@example.com');
    const statuses: number[] = [];
    for (let i = 0; i < 13; i++)
      statuses.push((await call(cookie, 'POST', '/api/users/profile/password', {}, '10.9.3.1')).statusCode);
    expect(statuses.slice(0, 12).every((s) => s === 400)).toBe(true);
    expect(statuses[12]).toBe(429);
  });
});
