import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, signIn, type TestApp } from '../../../test/test-app';
import { users } from '../db/schema';

/**
 * The guards remember a checked session until its user changes (auth/session.ts). Here the database's
 * notices about users never arrive, so what a user sees next comes only from the users service
 * announcing its own change: each answer below would be the old one without it.
 */
describe('a change to a user applies to their next request before the database says so', () => {
  const now = new Date('2026-03-20T10:00:00Z');
  let t: TestApp;
  const cookie: Record<string, string> = {};
  const uid: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp({}, { clock: () => now, dropNotice: (payload) => payload.startsWith('auth:') });
    for (const [name, role] of [
      ['root', 'super_admin'],
      ['ada', 'admin'],
      ['bob', 'user'],
      ['dee', 'user'],
      ['tia', 'user'],
      ['pia', 'user'],
    ] as const) {
      uid[name] = (await createUser(t.ctx, { email: `${name}@example.com`, role, name })).id;
    }
    // Tia's trial ended yesterday.
    await t.ctx.database.db
      .update(users)
      .set({ trialEndsAt: new Date(now.getTime() - 86_400_000) })
      .where(eq(users.id, uid.tia!));
    for (const name of Object.keys(uid)) cookie[name] = await signIn(t.app, `${name}@example.com`);
  });
  afterAll(() => t.close());

  const call = (who: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: cookie[who]! }, ...(payload ? { payload } : {}) });

  it('a new role', async () => {
    expect((await call('bob', 'GET', '/api/users')).statusCode).toBe(403);
    expect((await call('ada', 'PUT', `/api/users/${uid.bob}`, { role: 'admin' })).statusCode).toBe(200);
    expect((await call('bob', 'GET', '/api/users')).statusCode).toBe(200);
    expect((await call('ada', 'PUT', `/api/users/${uid.bob}`, { role: 'user' })).statusCode).toBe(200);
    expect((await call('bob', 'GET', '/api/users')).statusCode).toBe(403);
  });

  it('a deleted account', async () => {
    // A route that reads nothing of the user itself, so only the guard can refuse.
    expect((await call('dee', 'GET', '/api/hashtags')).statusCode).toBe(200);
    expect((await call('root', 'DELETE', `/api/users/${uid.dee}`)).statusCode).toBe(204);
    expect((await call('dee', 'GET', '/api/hashtags')).statusCode).toBe(401);
  });

  it('an extended trial', async () => {
    const schedule = () =>
      call('tia', 'POST', '/api/posts', {
        content: '<p>Back in business</p>',
        platforms: ['bluesky'],
        action: 'schedule',
        scheduledAt: '2026-03-28T14:30:00+01:00',
        timezone: 'Europe/Paris',
      });
    const refused = await schedule();
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'TRIAL_ENDED' });
    expect((await call('ada', 'POST', `/api/users/${uid.tia}/extend-trial`, { days: 5 })).statusCode).toBe(
      200,
    );
    expect((await schedule()).statusCode).toBe(201);
  });

  it("a new password: the user's other browser is signed out", async () => {
    const elsewhere = await signIn(t.app, 'pia@example.com');
    expect((await call('pia', 'GET', '/api/users/profile')).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/users/profile', headers: { cookie: elsewhere } }))
        .statusCode,
    ).toBe(200);
    const changed = await call('pia', 'POST', '/api/users/profile/password', {
      currentPassword: 'correct-horse-1',
      newPassword: 'a-brand-new-secret',
    });
    expect(changed.statusCode).toBe(204);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/users/profile', headers: { cookie: elsewhere } }))
        .statusCode,
    ).toBe(401);
  });
});
