import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, signIn, type TestApp } from '../../../test/test-app';
import { auditLog } from '../db/schema';

describe('managing users', () => {
  let t: TestApp;
  const cookie: Record<string, string> = {};
  const uid: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    for (const [name, role] of [
      ['root', 'super_admin'],
      ['ada', 'admin'],
      ['bob', 'user'],
      ['cy', 'user'],
    ] as const) {
      uid[name] = (await createUser(t.ctx, { email: `${name}@example.com`, role, name })).id;
      cookie[name] = await signIn(t.app, `${name}@example.com`);
    }
  });
  afterAll(() => t.close());

  const call = (who: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: cookie[who]! }, ...(payload ? { payload } : {}) });
  const lastAudit = async () =>
    (await t.ctx.database.db.select().from(auditLog).orderBy(desc(auditLog.createdAt)).limit(1))[0]!;

  it('lets a super_admin create a user who can then sign in, and records it', async () => {
    const res = await call('root', 'POST', '/api/users', {
      displayName: 'Dee',
      email: 'Dee@Example.com',
      password: 'dee-password-1',
      role: 'user',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      email: 'dee@example.com',
      displayName: 'Dee',
      role: 'user',
      trialEndsAt: null,
    });
    uid.dee = res.json().uid;
    cookie.dee = await signIn(t.app, 'dee@example.com', 'dee-password-1');
    expect(await lastAudit()).toMatchObject({
      actorEmail: 'root@example.com',
      action: 'user.create',
      targetEmail: 'dee@example.com',
    });
  });

  it('names each bad field of a new user', async () => {
    const taken = await call('root', 'POST', '/api/users', {
      displayName: 'X',
      email: 'bob@example.com',
      password: 'long-enough-1',
      role: 'user',
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().fields).toEqual({ email: 'users.emailTaken' });
    const bad = await call('root', 'POST', '/api/users', {
      displayName: '',
      email: 'x',
      password: 'short',
      role: 'god',
    });
    expect(bad.json().fields).toEqual({
      displayName: 'users.displayNameRequired',
      email: 'login.email_invalid',
      password: 'setup.password_too_short',
      role: 'users.roleInvalid',
    });
  });

  it('refuses user creation to an admin, and writes the refusal to the audit log', async () => {
    const res = await call('ada', 'POST', '/api/users', {
      displayName: 'E',
      email: 'e@example.com',
      password: 'long-enough-1',
      role: 'user',
    });
    expect(res.statusCode).toBe(403);
    expect(await lastAudit()).toMatchObject({
      actorEmail: 'ada@example.com',
      action: 'access.denied',
      details: { method: 'POST', url: '/api/users' },
    });
  });

  it('lets an admin move a user between user and admin, effective on that user’s next request', async () => {
    expect((await call('bob', 'GET', '/api/users')).statusCode).toBe(403);
    const promote = await call('ada', 'PUT', `/api/users/${uid.bob}`, { role: 'admin' });
    expect(promote.statusCode).toBe(200);
    expect(promote.json().role).toBe('admin');
    // Bob's existing session sees the new role at once.
    expect((await call('bob', 'GET', '/api/users')).statusCode).toBe(200);
    expect(await lastAudit()).toMatchObject({
      action: 'user.role',
      targetEmail: 'bob@example.com',
      details: { from: 'user', to: 'admin' },
    });
    expect((await call('ada', 'PUT', `/api/users/${uid.bob}`, { role: 'user' })).json().role).toBe('user');
  });

  it('does not let an admin grant super_admin or touch a super_admin', async () => {
    expect((await call('ada', 'PUT', `/api/users/${uid.bob}`, { role: 'super_admin' })).statusCode).toBe(403);
    expect((await call('ada', 'PUT', `/api/users/${uid.root}`, { role: 'user' })).statusCode).toBe(403);
    expect(await lastAudit()).toMatchObject({ action: 'access.denied', targetEmail: 'root@example.com' });
  });

  it('answers 404 for a user who does not exist, and 400 for a role that does not', async () => {
    expect((await call('root', 'PUT', '/api/users/nobody', { role: 'user' })).statusCode).toBe(404);
    expect((await call('root', 'DELETE', '/api/users/nobody')).statusCode).toBe(404);
    const bad = await call('root', 'PUT', `/api/users/${uid.bob}`, { role: 'owner' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ role: 'users.roleInvalid' });
  });

  it('never removes or demotes the last super_admin, themselves included', async () => {
    const demote = await call('root', 'PUT', `/api/users/${uid.root}`, { role: 'admin' });
    expect(demote.statusCode).toBe(409);
    expect(demote.json()).toMatchObject({ code: 'LAST_SUPER_ADMIN' });
    expect((await call('root', 'DELETE', `/api/users/${uid.root}`)).statusCode).toBe(409);

    // With a second super_admin, one may step down; then the other is the last one again.
    expect((await call('root', 'PUT', `/api/users/${uid.cy}`, { role: 'super_admin' })).statusCode).toBe(200);
    expect((await call('root', 'PUT', `/api/users/${uid.root}`, { role: 'admin' })).statusCode).toBe(200);
    expect((await call('cy', 'DELETE', `/api/users/${uid.cy}`)).statusCode).toBe(409);
    expect((await call('cy', 'PUT', `/api/users/${uid.root}`, { role: 'super_admin' })).statusCode).toBe(200);
  });

  it('keeps one super_admin when two demote each other at the same moment', async () => {
    // root and cy are both super_admin now.
    const [a, b] = await Promise.all([
      call('root', 'PUT', `/api/users/${uid.cy}`, { role: 'user' }),
      call('cy', 'PUT', `/api/users/${uid.root}`, { role: 'user' }),
    ]);
    const codes = [a.statusCode, b.statusCode];
    expect(codes).toContain(200);
    const supers = (await call(a.statusCode === 200 ? 'root' : 'cy', 'GET', '/api/users'))
      .json()
      .data.data.filter((u: { role: string }) => u.role === 'super_admin');
    expect(supers).toHaveLength(1);
  });

  it('deletes a user with their sessions', async () => {
    const admin =
      (await call('root', 'GET', '/api/users/profile')).json().role === 'super_admin' ? 'root' : 'cy';
    const res = await call(admin, 'DELETE', `/api/users/${uid.dee}`);
    expect(res.statusCode).toBe(204);
    expect((await call('dee', 'GET', '/api/users/profile')).statusCode).toBe(401);
    const signInAgain = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: 'dee@example.com', password: 'dee-password-1' },
    });
    expect(signInAgain.statusCode).toBe(401);
    expect(await lastAudit()).toMatchObject({ action: 'user.delete', targetEmail: 'dee@example.com' });
  });

  it('shows the audit log to a super_admin only', async () => {
    const supers = ['root', 'cy'];
    const res = await Promise.all(supers.map((who) => call(who, 'GET', '/api/audit?limit=5')));
    const ok = res.find((r) => r.statusCode === 200)!;
    expect(ok.json().data.length).toBeGreaterThan(0);
    expect(ok.json().data[0]).toEqual({
      id: expect.any(String),
      actorEmail: expect.any(String),
      action: expect.any(String),
      targetEmail: ok.json().data[0].targetEmail,
      details: expect.any(Object),
      createdAt: expect.any(String),
    });
    expect((await call('ada', 'GET', '/api/audit')).statusCode).toBe(403);
  });
});
