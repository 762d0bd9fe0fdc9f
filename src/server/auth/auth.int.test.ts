import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, PUBLIC_URL, signIn, type TestApp } from '../../../test/test-app';
import { outbox } from '../db/schema';

const LOCK_AFTER = 3;

describe('sign-in, sign-out, lock-out and password reset', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_MAX_FAILURES: String(LOCK_AFTER), LOGIN_RATE_PER_MINUTE: '12' });
    await createUser(t.ctx, { email: 'sam@example.com', name: 'Sam' });
    await createUser(t.ctx, { email: 'lou@example.com', name: 'Lou' });
    await createUser(t.ctx, { email: 'rae@example.com', name: 'Rae' });
  });
  afterAll(() => t.close());

  const attempt = (email: string, password: string, ip = '10.0.0.1') =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email, password },
      remoteAddress: ip,
    });

  it('signs in with the right password and never hands the session token to page scripts', async () => {
    const res = await attempt('SAM@example.com', 'correct-horse-1');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      user: { id: expect.any(String), email: 'sam@example.com', name: 'Sam', role: 'user' },
    });
    expect(res.body).not.toMatch(/token/);
    expect(res.headers['set-cookie']!.toString()).toMatch(/postwell\.session_token=.+HttpOnly/);
  });

  it('gives the same answer for a wrong password and an unknown email', async () => {
    const wrong = await attempt('sam@example.com', 'wrong-password', '10.0.0.2');
    const unknown = await attempt('nobody@example.com', 'wrong-password', '10.0.0.2');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toMatchObject({ code: 'INVALID_EMAIL_OR_PASSWORD' });
  });

  it('validates the login body and names the field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: '', password: '' },
      remoteAddress: '10.0.0.3',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ email: 'login.email_required', password: 'login.password_required' });
  });

  it('locks an account after repeated failures, even for the right password, from any address', async () => {
    for (let i = 0; i < LOCK_AFTER; i++)
      expect((await attempt('lou@example.com', `guess-${i}`, `10.1.0.${i}`)).statusCode).toBe(401);
    const locked = await attempt('lou@example.com', 'correct-horse-1', '10.1.9.9');
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ code: 'ACCOUNT_LOCKED', retryAfterSeconds: 15 * 60 });
    expect(locked.json().message).toBe(
      'Too many failed sign-in attempts for this account. Try again in 15 minutes.',
    );
    // Another account is not affected.
    expect((await attempt('sam@example.com', 'correct-horse-1', '10.1.9.9')).statusCode).toBe(200);
  });

  it('rate-limits sign-in attempts per IP address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 13; i++)
      statuses.push((await attempt(`someone${i}@example.com`, 'x', '10.2.0.1')).statusCode);
    expect(statuses.slice(0, 12).every((s) => s === 401)).toBe(true);
    const limited = await attempt('sam@example.com', 'correct-horse-1', '10.2.0.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
  });

  it('signs out: the cookie no longer opens the profile', async () => {
    const cookie = await signIn(t.app, 'sam@example.com');
    expect((await t.app.inject({ url: '/api/users/profile', headers: { cookie } })).statusCode).toBe(200);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie, origin: PUBLIC_URL },
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    const after = await t.app.inject({ url: '/api/users/profile', headers: { cookie } });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('refuses a state-changing call from another origin', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/trials',
      headers: { origin: 'https://evil.example' },
      payload: { name: 'X', email: 'x@example.com' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'FORBIDDEN_ORIGIN' });
  });

  it('resets a forgotten password through the mailed link, and ends old sessions', async () => {
    const oldCookie = await signIn(t.app, 'rae@example.com');
    const ask = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email: 'rae@example.com' },
    });
    expect(ask.statusCode).toBe(200);
    // An unknown address gets the same answer, and no mail.
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email: 'ghost@example.com' },
    });
    expect(unknown.json()).toEqual(ask.json());

    const mails = await t.ctx.database.db.select().from(outbox).where(eq(outbox.to, 'rae@example.com'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.status).toBe('logged');
    const link = mails[0]!.text.match(/https?:\/\/\S+/)![0];
    expect(link.startsWith(`${PUBLIC_URL}/api/auth/reset-password/`)).toBe(true);

    const visit = await t.app.inject({ url: link.slice(PUBLIC_URL.length) });
    expect(visit.statusCode).toBe(302);
    const landing = new URL(visit.headers.location!, PUBLIC_URL);
    expect(landing.pathname).toBe('/reset-password');
    const token = landing.searchParams.get('token')!;

    const tooShort = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, newPassword: 'short' },
    });
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.json().fields).toEqual({ newPassword: 'setup.password_too_short' });

    const done = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, newPassword: 'brand-new-pass-2' },
    });
    expect(done.statusCode).toBe(200);
    expect(
      (await t.app.inject({ url: '/api/users/profile', headers: { cookie: oldCookie } })).statusCode,
    ).toBe(401);
    expect((await attempt('rae@example.com', 'correct-horse-1', '10.3.0.1')).statusCode).toBe(401);
    expect((await attempt('rae@example.com', 'brand-new-pass-2', '10.3.0.1')).statusCode).toBe(200);

    const reuse = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, newPassword: 'another-pass-3' },
    });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json()).toMatchObject({ code: 'INVALID_TOKEN' });
  });

  it('refuses a reset redirect that leaves the site', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email: 'rae@example.com', redirectTo: 'https://evil.example/steal' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ redirectTo: 'errors.validation' });
  });
});
