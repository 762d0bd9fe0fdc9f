import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, signIn, type TestApp } from '../../../test/test-app';
import { apiTokens, auditLog, postTargets, users } from '../db/schema';

const RATE = 40;

describe('personal API tokens', () => {
  let now = new Date('2026-05-04T10:00:00Z');
  let t: TestApp;
  const cookies: Record<'ann' | 'bob' | 'root', string> = { ann: '', bob: '', root: '' };
  const ids: Record<'ann' | 'bob', string> = { ann: '', bob: '' };

  beforeAll(async () => {
    t = await createTestApp({ API_TOKEN_RATE_PER_MINUTE: String(RATE) }, { clock: () => now });
    ids.ann = (await createUser(t.ctx, { email: 'ann@example.com' })).id;
    ids.bob = (await createUser(t.ctx, { email: 'bob@example.com' })).id;
    await createUser(t.ctx, { email: 'root@example.com', role: 'super_admin' });
    for (const name of ['ann', 'bob', 'root'] as const)
      cookies[name] = await signIn(t.app, `${name}@example.com`);
  });
  afterAll(() => t.close());

  type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
  const withCookie = (cookie: string, method: Method, url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const withToken = (token: string, method: Method, url: string, payload?: object, headers = {}) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}`, ...headers },
      ...(payload ? { payload } : {}),
    });
  const create = async (
    who: 'ann' | 'bob' | 'root',
    name = 'script',
    expiresInDays: number | null = null,
  ) => {
    const res = await withCookie(cookies[who], 'POST', '/api/tokens', { name, expiresInDays });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; token: string; prefix: string };
  };
  const audits = async (action: string) =>
    (await t.ctx.database.db.select().from(auditLog).where(eq(auditLog.action, action))).map((a) => ({
      actor: a.actorEmail,
      target: a.targetEmail,
      tokenId: (a.details as { tokenId?: string }).tokenId,
    }));
  const schedule = {
    content: '<p>From a script</p>',
    platforms: ['bluesky'],
    action: 'schedule',
    scheduledAt: '2026-05-20T09:00:00Z',
    timezone: 'UTC',
  };

  it('creates a token shown once, stored as a hash, listed without its secret', async () => {
    const created = await create('ann', '  Deploy bot  ', 30);
    expect(created).toMatchObject({
      name: 'Deploy bot',
      state: 'active',
      expiresAt: '2026-06-03T10:00:00.000Z',
      lastUsedAt: null,
      revokedAt: null,
    });
    expect(created.token).toMatch(/^pw_[A-Za-z0-9_-]{43}$/);
    expect(created.prefix).toBe(created.token.slice(0, 9));
    const list = await withCookie(cookies.ann, 'GET', '/api/tokens');
    expect(list.json().data.map((x: { id: string }) => x.id)).toEqual([created.id]);
    expect(list.body).not.toContain(created.token);
    const [row] = await t.ctx.database.db.select().from(apiTokens).where(eq(apiTokens.id, created.id));
    expect(JSON.stringify(row)).not.toContain(created.token.slice(9));
    expect(await audits('token.created')).toContainEqual({
      actor: 'ann@example.com',
      target: null,
      tokenId: created.id,
    });
  });

  it('refuses a bad name or expiry with 400 naming the field', async () => {
    for (const [payload, field] of [
      [{ name: '   ' }, 'name'],
      [{ name: 'x'.repeat(101) }, 'name'],
      [{ name: 'ok', expiresInDays: 7 }, 'expiresInDays'],
      [{ expiresInDays: 30 }, 'name'],
    ] as const) {
      const res = await withCookie(cookies.ann, 'POST', '/api/tokens', payload);
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().fields)).toEqual([field]);
    }
  });

  it("works on the user's routes with their role, judged by the token alone, with no Origin or cookie", async () => {
    const { token } = await create('ann');
    const profile = await withToken(token, 'GET', '/api/users/profile');
    expect(profile.statusCode).toBe(200);
    expect(profile.json().email).toBe('ann@example.com');
    // A state-changing call with neither Origin nor cookie.
    const post = await withToken(token, 'POST', '/api/posts', schedule);
    expect(post.statusCode, post.body).toBe(201);
    const listed = await withToken(token, 'GET', '/api/posts/by-status?status=scheduled');
    expect(listed.json()).toMatchObject({ total: 1, data: [{ id: post.json().id, status: 'scheduled' }] });
    // A page lists its posts by date, earliest first, whatever order the database read them in.
    const earlier = await withToken(token, 'POST', '/api/posts', {
      ...schedule,
      scheduledAt: '2026-05-19T09:00:00Z',
    });
    const both = await withToken(token, 'GET', '/api/posts/by-status?status=scheduled');
    expect(both.json().data.map((p: { id: string }) => p.id)).toEqual([earlier.json().id, post.json().id]);
    await withToken(token, 'DELETE', `/api/posts/${earlier.json().id}`);
    const one = await withToken(token, 'GET', `/api/posts/${post.json().id}`);
    expect(one.json().targets).toMatchObject([{ platform: 'bluesky', status: 'pending' }]);
    // Bob's cookie beside Ann's token: the token decides whose call it is.
    const mixed = await withToken(token, 'GET', '/api/users/profile', undefined, { cookie: cookies.bob });
    expect(mixed.json().email).toBe('ann@example.com');
    // With a cookie, a call from another site is refused as any browser call is.
    const crossSite = await withToken(token, 'POST', '/api/posts', schedule, {
      cookie: cookies.bob,
      origin: 'https://evil.example',
    });
    expect(crossSite.json().code).toBe('FORBIDDEN_ORIGIN');
    expect(await withToken(token, 'GET', '/api/users')).toMatchObject({ statusCode: 403 });
  });

  it('cancels a scheduled post back to a draft, and refuses what is not scheduled', async () => {
    const { token } = await create('ann');
    const post = (await withToken(token, 'POST', '/api/posts', schedule)).json();
    const dueTimes = async () =>
      (await t.ctx.database.db.select().from(postTargets).where(eq(postTargets.postId, post.id))).map(
        (target) => target.dueAt?.toISOString() ?? null,
      );
    expect(await dueTimes()).toEqual(['2026-05-20T09:00:00.000Z']);
    const cancelled = await withToken(token, 'POST', `/api/posts/${post.id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    // No worker will take its targets.
    expect(await dueTimes()).toEqual([null]);
    expect(cancelled.json()).toMatchObject({ status: 'draft', scheduledAt: '2026-05-20T09:00:00.000Z' });
    const again = await withToken(token, 'POST', `/api/posts/${post.id}/cancel`);
    expect(again).toMatchObject({ statusCode: 409 });
    expect(again.json().code).toBe('NOT_SCHEDULED');
    expect((await withCookie(cookies.bob, 'POST', `/api/posts/${post.id}/cancel`)).statusCode).toBe(404);
    const bad = await withToken(token, 'GET', '/api/posts/by-status?status=lost&limit=1000');
    expect(Object.keys(bad.json().fields).sort()).toEqual(['limit', 'status']);
  });

  it('says why a token does not work: invalid, revoked, expired, disabled', async () => {
    const code = async (token: string) => (await withToken(token, 'GET', '/api/users/profile')).json().code;
    expect(await code('nope')).toBe('TOKEN_INVALID');
    expect(await code(`pw_${'A'.repeat(43)}`)).toBe('TOKEN_INVALID');
    expect(
      (await t.app.inject({ url: '/api/users/profile', headers: { authorization: 'Bearer' } })).json().code,
    ).toBe('UNAUTHORIZED');

    const revoked = await create('ann');
    expect((await withCookie(cookies.ann, 'DELETE', `/api/tokens/${revoked.id}`)).json().state).toBe(
      'revoked',
    );
    const res = await withToken(revoked.token, 'GET', '/api/users/profile');
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('TOKEN_REVOKED');
    expect(await audits('token.revoked')).toContainEqual({
      actor: 'ann@example.com',
      target: null,
      tokenId: revoked.id,
    });

    const shortLived = await create('ann', 'month', 30);
    expect((await withToken(shortLived.token, 'GET', '/api/users/profile')).statusCode).toBe(200);
    const before = now;
    now = new Date(now.getTime() + 30 * 86_400_000);
    try {
      expect(await code(shortLived.token)).toBe('TOKEN_EXPIRED');
      const listed = (await withCookie(cookies.ann, 'GET', '/api/tokens')).json().data;
      expect(listed.find((x: { id: string }) => x.id === shortLived.id).state).toBe('expired');
    } finally {
      now = before;
    }

    const bobs = await create('bob');
    await t.ctx.database.db.update(users).set({ banned: true }).where(eq(users.id, ids.bob));
    expect(await code(bobs.token)).toBe('ACCOUNT_DISABLED');
    await t.ctx.database.db.update(users).set({ banned: false }).where(eq(users.id, ids.bob));
    expect((await withToken(bobs.token, 'GET', '/api/users/profile')).statusCode).toBe(200);
  });

  it("applies the owner's current role at once, and a deleted user's tokens stop working", async () => {
    const user = await createUser(t.ctx, { email: 'cat@example.com' });
    const cat = await signIn(t.app, 'cat@example.com');
    const { token } = await withCookie(cat, 'POST', '/api/tokens', { name: 'x' }).then((r) => r.json());
    expect((await withToken(token, 'GET', '/api/users')).statusCode).toBe(403);
    expect(
      (await withCookie(cookies.root, 'PUT', `/api/users/${user.id}`, { role: 'admin' })).statusCode,
    ).toBe(200);
    expect((await withToken(token, 'GET', '/api/users')).statusCode).toBe(200);
    expect(
      (await withCookie(cookies.root, 'PUT', `/api/users/${user.id}`, { role: 'user' })).statusCode,
    ).toBe(200);
    expect((await withToken(token, 'GET', '/api/users')).statusCode).toBe(403);
    expect((await withCookie(cookies.root, 'DELETE', `/api/users/${user.id}`)).statusCode).toBeLessThan(300);
    expect((await withToken(token, 'GET', '/api/users/profile')).json().code).toBe('TOKEN_INVALID');
  });

  it('cannot manage tokens, sign out, change the password or start an OAuth consent with a token', async () => {
    const { token, id } = await create('ann');
    for (const [method, url, payload] of [
      ['POST', '/api/tokens', { name: 'successor' }],
      ['GET', '/api/tokens', undefined],
      ['DELETE', `/api/tokens/${id}`, undefined],
      ['POST', '/api/auth/sign-out', {}],
      [
        'POST',
        '/api/users/profile/password',
        { currentPassword: 'correct-horse-1', newPassword: 'another-horse-2' },
      ],
      ['GET', '/api/social/twitter/connect', undefined],
    ] as const) {
      const res = await withToken(token, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().code).toBe('SESSION_REQUIRED');
    }
    expect((await withCookie(cookies.ann, 'GET', '/api/tokens')).json().data).toHaveLength(
      (await t.ctx.database.db.select().from(apiTokens).where(eq(apiTokens.userId, ids.ann))).length,
    );
  });

  it("keeps each user to their own tokens; an admin sees and revokes anyone's", async () => {
    const bobs = await create('bob', 'bob bot');
    const res = await withCookie(cookies.ann, 'DELETE', `/api/tokens/${bobs.id}`);
    expect(res.statusCode).toBe(404);
    expect((await withCookie(cookies.ann, 'GET', '/api/tokens')).body).not.toContain(bobs.id);
    expect((await withCookie(cookies.ann, 'GET', '/api/admin/tokens')).statusCode).toBe(403);
    const all = (await withCookie(cookies.root, 'GET', '/api/admin/tokens?limit=200')).json();
    expect(all.data.find((x: { id: string }) => x.id === bobs.id)).toMatchObject({
      name: 'bob bot',
      owner: { email: 'bob@example.com' },
    });
    expect(JSON.stringify(all)).not.toContain(bobs.token);
    const revoked = await withCookie(cookies.root, 'DELETE', `/api/admin/tokens/${bobs.id}`);
    expect(revoked.json()).toMatchObject({ state: 'revoked', owner: { email: 'bob@example.com' } });
    expect((await withToken(bobs.token, 'GET', '/api/posts/drafts')).json().code).toBe('TOKEN_REVOKED');
    expect(await audits('token.revoked_by_admin')).toEqual([
      { actor: 'root@example.com', target: 'bob@example.com', tokenId: bobs.id },
    ]);
    expect(
      (await withCookie(cookies.root, 'DELETE', '/api/admin/tokens/00000000-0000-4000-8000-000000000000'))
        .statusCode,
    ).toBe(404);
  });

  it('limits calls per token per minute, not per user', async () => {
    const first = await create('bob', 'busy');
    const second = await create('bob', 'calm');
    for (let i = 0; i < RATE; i++)
      expect((await withToken(first.token, 'GET', '/api/posts/drafts')).statusCode).toBe(200);
    const over = await withToken(first.token, 'GET', '/api/posts/drafts');
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ code: 'RATE_LIMITED', retryAfterSeconds: 60 });
    expect(over.headers['retry-after']).toBe('60');
    expect((await withToken(second.token, 'GET', '/api/posts/drafts')).statusCode).toBe(200);
    expect((await withCookie(cookies.bob, 'GET', '/api/posts/drafts')).statusCode).toBe(200);
    now = new Date(now.getTime() + 60_000);
    expect((await withToken(first.token, 'GET', '/api/posts/drafts')).statusCode).toBe(200);
  });

  it('notes the last use, at most once a minute', async () => {
    const { token, id } = await create('ann', 'clock');
    const lastUsed = async () =>
      (
        await t.ctx.database.db.select().from(apiTokens).where(eq(apiTokens.id, id))
      )[0]!.lastUsedAt?.toISOString();
    expect(await lastUsed()).toBeUndefined();
    const first = now;
    await withToken(token, 'GET', '/api/posts/drafts');
    expect(await lastUsed()).toBe(first.toISOString());
    now = new Date(first.getTime() + 30_000);
    await withToken(token, 'GET', '/api/posts/drafts');
    expect(await lastUsed()).toBe(first.toISOString());
    now = new Date(first.getTime() + 61_000);
    await withToken(token, 'GET', '/api/posts/drafts');
    expect(await lastUsed()).toBe(now.toISOString());
    const listed = (await withCookie(cookies.ann, 'GET', '/api/tokens')).json().data;
    expect(listed.find((x: { id: string }) => x.id === id).lastUsedAt).toBe(now.toISOString());
  });

  it('declares both schemes and each route’s security in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json();
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(['bearer', 'session']);
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.paths['/api/posts'].post.security).toEqual([{ session: [] }, { bearer: [] }]);
    expect(doc.paths['/api/users'].get.security).toEqual([{ session: [] }, { bearer: [] }]);
    expect(doc.paths['/api/tokens'].post.security).toEqual([{ session: [] }]);
    expect(doc.paths['/api/admin/tokens'].get.security).toEqual([{ session: [] }]);
    expect(doc.paths['/api/health'].get.security).toEqual([]);
  });
});
