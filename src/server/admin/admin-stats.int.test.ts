import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, personalWorkspace, signIn, type TestApp } from '../../../test/test-app';
import { posts, postTargets } from '../db/schema';

const HOUR = 3_600_000;

describe('admin dashboard figures', () => {
  const now = new Date('2026-03-29T10:00:00Z');
  let t: TestApp;
  let admin: string;
  let root: string;
  let authorId: string;

  beforeAll(async () => {
    t = await createTestApp({}, { clock: () => now });
    await createUser(t.ctx, { email: 'ada@example.com', role: 'admin' });
    await createUser(t.ctx, { email: 'root@example.com', role: 'super_admin' });
    authorId = (await createUser(t.ctx, { email: 'author@example.com' })).id;
    admin = await signIn(t.app, 'ada@example.com');
    root = await signIn(t.app, 'root@example.com');

    const { db } = t.ctx.database;
    const at = (iso: string) => new Date(iso);
    const workspaceId = (await personalWorkspace(t.ctx, authorId)).id;
    const rows = await db
      .insert(posts)
      .values([
        // 00:30 on 29 March in Berlin, still 28 March in UTC.
        { workspaceId, userId: authorId, status: 'scheduled', scheduledAt: at('2026-03-28T23:30:00Z') },
        // 23:59 on 29 March in Berlin (summer time since 02:00), and 29 March in UTC.
        { workspaceId, userId: authorId, status: 'scheduled', scheduledAt: at('2026-03-29T21:59:00Z') },
        { workspaceId, userId: authorId, status: 'draft', scheduledAt: at('2026-03-29T12:00:00Z') },
        { workspaceId, userId: authorId, status: 'published', scheduledAt: at('2026-03-29T08:00:00Z') },
      ])
      .returning({ id: posts.id });
    await db.insert(postTargets).values([
      {
        postId: rows[3]!.id,
        platform: 'bluesky',
        status: 'failed',
        updatedAt: new Date(now.getTime() - HOUR),
      },
      {
        postId: rows[3]!.id,
        platform: 'x',
        status: 'failed',
        updatedAt: new Date(now.getTime() - 25 * HOUR),
      },
      { postId: rows[3]!.id, platform: 'linkedin', status: 'published', updatedAt: now },
    ]);
  });
  afterAll(() => t.close());

  const stats = (tz?: string) =>
    t.app.inject({
      url: `/api/admin/stats${tz ? `?tz=${encodeURIComponent(tz)}` : ''}`,
      headers: { cookie: admin },
    });

  it("counts today's scheduled posts in the reader's time zone, and failures of the last 24 hours", async () => {
    expect((await stats()).json()).toEqual({
      users: 3,
      trialsPending: 0,
      postsScheduledToday: 1,
      failuresLast24h: 1,
    });
    expect((await stats('Europe/Berlin')).json()).toMatchObject({ postsScheduledToday: 2 });
  });

  it('refuses a time zone that does not exist', async () => {
    const res = await stats('Mars/Olympus');
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ tz: 'errors.validation' });
  });

  it("removes a deleted user's posts with them", async () => {
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/users/${authorId}`,
      headers: { cookie: root },
    });
    expect(del.statusCode).toBe(204);
    expect((await stats('Europe/Berlin')).json()).toEqual({
      users: 2,
      trialsPending: 0,
      postsScheduledToday: 0,
      failuresLast24h: 0,
    });
    expect(await t.ctx.database.db.select().from(posts)).toEqual([]);
  });
});
