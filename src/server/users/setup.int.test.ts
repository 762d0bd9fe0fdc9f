import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieFrom, createTestApp, type TestApp } from '../../../test/test-app';

describe('first administrator', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('says an administrator is needed on a fresh installation', async () => {
    expect((await t.app.inject({ url: '/api/setup' })).json()).toEqual({ needsAdmin: true });
  });

  it('names every bad field, and creates nothing', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/setup/admin',
      payload: { name: ' ', email: 'nope', password: 'short' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: {
        name: 'setup.name_required',
        email: 'login.email_invalid',
        password: 'setup.password_too_short',
      },
    });
    expect((await t.app.inject({ url: '/api/setup' })).json()).toEqual({ needsAdmin: true });
  });

  it('creates a super_admin, signs them in, and refuses a second first admin', async () => {
    const [first, second] = await Promise.all([
      t.app.inject({
        method: 'POST',
        url: '/api/setup/admin',
        payload: { name: 'Ada', email: 'Ada@Example.com', password: 'analytical-1' },
      }),
      t.app.inject({
        method: 'POST',
        url: '/api/setup/admin',
        payload: { name: 'Eve', email: 'eve@example.com', password: 'intruder-99' },
      }),
    ]);
    const statuses = [first.statusCode, second.statusCode].sort();
    expect(statuses).toEqual([201, 409]);
    const winner = first.statusCode === 201 ? first : second;
    const loser = first.statusCode === 201 ? second : first;
    expect(loser.json()).toMatchObject({
      code: 'ADMIN_EXISTS',
      message: 'The administrator account already exists. Please log in.',
    });

    const cookie = cookieFrom(winner.headers['set-cookie']);
    expect(winner.headers['set-cookie']!.toString()).toMatch(/HttpOnly/);
    expect(winner.headers['set-cookie']!.toString()).toMatch(/SameSite=Lax/);
    const profile = (await t.app.inject({ url: '/api/users/profile', headers: { cookie } })).json();
    expect(profile).toMatchObject({
      role: 'super_admin',
      connections: {},
      settings: { twitterAccountType: 'standard' },
    });
    expect(['ada@example.com', 'eve@example.com']).toContain(profile.email);

    const again = await t.app.inject({
      method: 'POST',
      url: '/api/setup/admin',
      payload: { name: 'Mallory', email: 'm@example.com', password: 'takeover-123' },
    });
    expect(again.statusCode).toBe(409);
    expect((await t.app.inject({ url: '/api/setup' })).json()).toEqual({ needsAdmin: false });
  });

  it('keeps public sign-up closed', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { name: 'Walk In', email: 'walkin@example.com', password: 'walking-in-1' },
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: 'walkin@example.com', password: 'walking-in-1' },
    });
    expect(signIn.statusCode).toBe(401);
  });
});
