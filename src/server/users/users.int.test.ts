import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, signIn, type TestApp } from '../../../test/test-app';

describe('profile and the user list', () => {
  let t: TestApp;
  const cookies: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp();
    for (const role of ['user', 'admin', 'super_admin'] as const) {
      await createUser(t.ctx, { email: `${role}@example.com`, role, name: `The ${role}` });
      cookies[role] = await signIn(t.app, `${role}@example.com`);
    }
    for (let i = 0; i < 5; i++) await createUser(t.ctx, { email: `extra${i}@example.com` });
  });
  afterAll(() => t.close());

  it('answers 401 without a session', async () => {
    for (const url of ['/api/users/profile', '/api/users']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ statusCode: 401, code: 'UNAUTHORIZED' });
    }
    const forged = await t.app.inject({
      url: '/api/users/profile',
      headers: { cookie: 'postwell.session_token=forged.value' },
    });
    expect(forged.statusCode).toBe(401);
  });

  it('returns the signed-in user, their connections and settings', async () => {
    const res = await t.app.inject({ url: '/api/users/profile', headers: { cookie: cookies.admin } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      uid: expect.any(String),
      email: 'admin@example.com',
      displayName: 'The admin',
      role: 'admin',
      trialEndsAt: null,
      timeZone: null,
      connections: {},
      accounts: [],
      // No network has app credentials in this test's env; Bluesky needs none.
      configured: {
        bluesky: true,
        twitter: false,
        linkedin: false,
        facebook: false,
        instagram: false,
        tiktok: false,
      },
      settings: { twitterAccountType: 'standard' },
    });
  });

  it('lets admin and super_admin list users, and no one else', async () => {
    expect(
      (await t.app.inject({ url: '/api/users', headers: { cookie: cookies.user } })).json(),
    ).toMatchObject({
      statusCode: 403,
      code: 'FORBIDDEN',
      message: 'You are not authorized to access this page.',
    });
    for (const role of ['admin', 'super_admin']) {
      const res = await t.app.inject({ url: '/api/users', headers: { cookie: cookies[role] } });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.data).toHaveLength(8);
      expect(res.json().data.data[0]).toEqual({
        uid: expect.any(String),
        email: 'user@example.com',
        displayName: 'The user',
        role: 'user',
        createdAt: expect.any(String),
        trialEndsAt: null,
        lockedUntil: null,
        storageBytes: 0,
      });
    }
  });

  it('pages through users with startAfter, without gaps or repeats', async () => {
    const seen: string[] = [];
    let startAfter: string | null = null;
    do {
      const query: string = startAfter ? `?limit=3&startAfter=${startAfter}` : '?limit=3';
      const { data: page } = (
        await t.app.inject({ url: `/api/users${query}`, headers: { cookie: cookies.admin } })
      ).json();
      seen.push(...page.data.map((u: { email: string }) => u.email));
      startAfter = page.nextCursor;
    } while (startAfter);
    expect(seen).toHaveLength(8);
    expect(new Set(seen).size).toBe(8);
  });

  it('names a bad query parameter', async () => {
    for (const limit of ['0', '101', 'ten', '2.5']) {
      const res = await t.app.inject({
        url: `/api/users?limit=${limit}`,
        headers: { cookie: cookies.admin },
      });
      expect(res.statusCode, limit).toBe(400);
      expect(res.json().fields).toEqual({ limit: 'errors.validation' });
    }
    const unknown = await t.app.inject({
      url: '/api/users?startAfter=nope',
      headers: { cookie: cookies.admin },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toEqual({ startAfter: 'errors.validation' });
  });
});
