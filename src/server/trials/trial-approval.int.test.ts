import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, personalWorkspace, signIn, type TestApp } from '../../../test/test-app';
import type { SessionUser } from '../auth/session';
import { outbox } from '../db/schema';

const DAY = 24 * 60 * 60 * 1000;

describe('trial requests: approval to expiry', () => {
  let t: TestApp;
  let now = new Date('2026-03-01T12:00:00Z');
  const cookie: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp({}, { clock: () => now });
    await createUser(t.ctx, { email: 'root@example.com', role: 'super_admin' });
    await createUser(t.ctx, { email: 'ada@example.com', role: 'admin' });
    cookie.root = await signIn(t.app, 'root@example.com');
    cookie.ada = await signIn(t.app, 'ada@example.com');
    for (const [name, email] of [
      ['Grace', 'grace@example.com'],
      ['Linus', 'linus@example.com'],
      ['Ada Again', 'ada@example.com'],
    ]) {
      await t.app.inject({ method: 'POST', url: '/api/trials', payload: { name, email } });
    }
    // The database's clock may give requests made within one millisecond the same time (PGlite under
    // Node 24 did): a second apart, so that "newest first" has one answer.
    await t.ctx.database.executeSql(`update trial_requests set created_at = now() + case email
      when 'grace@example.com' then interval '1 second' when 'linus@example.com' then interval '2 seconds'
      else interval '3 seconds' end`);
    await t.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: { cookie: cookie.root },
      payload: { trialDurationDays: 10 },
    });
  });
  afterAll(() => t.close());

  const call = (who: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: cookie[who]! }, ...(payload ? { payload } : {}) });
  const requestId = async (email: string) =>
    (await call('ada', 'GET', '/api/trials')).json().data.find((r: { email: string }) => r.email === email)
      .id as string;

  it('shows the requests to admins, newest first, and filters by status', async () => {
    const list = (await call('ada', 'GET', '/api/trials')).json().data;
    expect(list.map((r: { email: string }) => r.email)).toEqual([
      'ada@example.com',
      'linus@example.com',
      'grace@example.com',
    ]);
    expect((await call('ada', 'GET', '/api/trials?status=approved')).json().data).toEqual([]);
    expect((await call('ada', 'GET', '/api/trials?status=maybe')).statusCode).toBe(400);
  });

  it('lets only a super_admin decide', async () => {
    expect(
      (await call('ada', 'POST', `/api/trials/${await requestId('grace@example.com')}/approve`)).statusCode,
    ).toBe(403);
    expect((await call('root', 'POST', '/api/trials/not-a-uuid/approve')).statusCode).toBe(400);
    expect(
      (await call('root', 'POST', '/api/trials/00000000-0000-4000-8000-000000000000/approve')).statusCode,
    ).toBe(404);
  });

  it('creates a trial account on approval, mails it a set-password link, and the account works', async () => {
    const res = await call('root', 'POST', `/api/trials/${await requestId('grace@example.com')}/approve`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'approved',
      email: 'grace@example.com',
      decidedAt: expect.any(String),
    });

    const [mail] = await t.ctx.database.db.select().from(outbox).where(eq(outbox.to, 'grace@example.com'));
    expect(mail!.subject).toBe('Your Postwell trial is ready');
    expect(mail!.text).toContain('lasts 10 days, until 2026-03-11');
    const link = new URL(mail!.text.match(/https?:\/\/\S+/)![0]);
    expect(link.pathname).toBe('/reset-password');
    // No mail server is configured here: no mail can leave, so the approver is handed the link too,
    // with when it stops working (the token is judged by the real time, not this test's clock).
    expect(res.json()).toMatchObject({ setPasswordLink: link.href });
    const expiresAt = Date.parse(res.json().setPasswordLinkExpiresAt);
    expect(Math.abs(expiresAt - (Date.now() + 7 * DAY))).toBeLessThan(60_000);
    const set = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: link.searchParams.get('token'), newPassword: 'grace-secret-1' },
    });
    expect(set.statusCode).toBe(200);
    cookie.grace = await signIn(t.app, 'grace@example.com', 'grace-secret-1');
    const profile = (await call('grace', 'GET', '/api/users/profile')).json();
    expect(profile).toMatchObject({ role: 'user', trialEndsAt: '2026-03-11T12:00:00.000Z' });

    const again = await call('root', 'POST', `/api/trials/${await requestId('grace@example.com')}/reject`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ALREADY_DECIDED' });
  });

  it('lets a trial publish until it ends, then not, until an admin extends it', async () => {
    const profile = (await call('grace', 'GET', '/api/users/profile')).json();
    const grace: SessionUser = {
      id: profile.uid,
      email: profile.email,
      name: profile.displayName,
      role: 'user',
      trialEndsAt: new Date(profile.trialEndsAt),
      sessionId: 'not-used',
      workspace: await personalWorkspace(t.ctx, profile.uid),
    };
    expect(() => t.ctx.users.assertMayPublish(grace)).not.toThrow();

    now = new Date(now.getTime() + 10 * DAY + 1);
    expect(() => t.ctx.users.assertMayPublish(grace)).toThrow(/Your trial ended on 2026-03-11/);
    // Signing in and reading still work.
    expect((await call('grace', 'GET', '/api/users/profile')).statusCode).toBe(200);

    const extended = await call('ada', 'POST', `/api/users/${grace.id}/extend-trial`, { days: 5 });
    expect(extended.statusCode).toBe(200);
    const trialEndsAt = new Date(extended.json().trialEndsAt);
    expect(trialEndsAt.getTime()).toBe(now.getTime() + 5 * DAY);
    expect(() => t.ctx.users.assertMayPublish({ ...grace, trialEndsAt })).not.toThrow();

    const notTrial = await call('ada', 'POST', `/api/users/${profile.uid}/extend-trial`, { days: 0 });
    expect(notTrial.json().fields).toEqual({ days: 'errors.validation' });
  });

  it('rejects a request, and refuses to approve one whose email already has an account', async () => {
    const rejected = await call('root', 'POST', `/api/trials/${await requestId('linus@example.com')}/reject`);
    expect(rejected.json()).toMatchObject({ status: 'rejected' });
    const taken = await call('root', 'POST', `/api/trials/${await requestId('ada@example.com')}/approve`);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'EMAIL_TAKEN' });
    expect(
      (await call('ada', 'GET', '/api/trials?status=pending'))
        .json()
        .data.map((r: { email: string }) => r.email),
    ).toEqual(['ada@example.com']);
  });

  it('counts users and pending trials for the admin dashboard', async () => {
    expect((await call('ada', 'GET', '/api/admin/stats')).json()).toEqual({
      users: 3,
      trialsPending: 1,
      postsScheduledToday: 0,
      failuresLast24h: 0,
    });
  });
});

describe('trial approval with a mail server configured', () => {
  it('mails the link and does not hand it to the approver', async () => {
    // A closed port: the mail is queued for the worker, which these tests do not run.
    const t = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:9' });
    try {
      await createUser(t.ctx, { email: 'root@example.com', role: 'super_admin' });
      const cookie = await signIn(t.app, 'root@example.com');
      await t.app.inject({
        method: 'POST',
        url: '/api/trials',
        payload: { name: 'Mo', email: 'mo@example.com' },
      });
      const listed = await t.app.inject({ method: 'GET', url: '/api/trials', headers: { cookie } });
      const id = listed.json().data[0].id as string;
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/trials/${id}/approve`,
        headers: { cookie },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'approved', email: 'mo@example.com' });
      expect(res.json()).not.toHaveProperty('setPasswordLink');
      const [mail] = await t.ctx.database.db.select().from(outbox).where(eq(outbox.to, 'mo@example.com'));
      expect(mail!.status).toBe('pending');
    } finally {
      await t.close();
    }
  });
});
