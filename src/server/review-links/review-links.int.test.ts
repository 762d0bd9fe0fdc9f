import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, memberCaller, teamWorkspace, type TestApp } from '../../../test/test-app';
import type { ReviewPage, ReviewPost } from '../../shared/api/review-links.schemas';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

describe('client review links: a chosen set of posts, reviewed without an account, and nothing else', () => {
  let t: TestApp;
  let now = new Date('2031-05-04T09:00:00Z');
  const cookies: Record<string, string> = {};
  const ids: Record<string, string> = {};
  let agency = '';
  type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  const call = memberCaller(
    () => t,
    cookies,
    () => agency,
  );
  let address = 0;
  // A guest: no cookie, a new address each time (the public routes are limited per address).
  const guest = (method: Method, url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      remoteAddress: `10.7.${Math.floor(address / 250)}.${(address++ % 250) + 1}`,
      ...(payload ? { payload } : {}),
    });
  const sql = (text: string, values?: unknown[]) => t.ctx.database.executeSql(text, values);
  const at = (days: number) => new Date(now.getTime() + days * DAY).toISOString();
  const write = async (who: string, content: string, when: string | null, action = 'schedule') => {
    const res = await call(who, 'POST', '/api/posts', {
      content: `<p>${content}</p>`,
      platforms: ['bluesky', 'linkedin'],
      action: when ? action : 'draft',
      ...(when ? { scheduledAt: when } : {}),
      timezone: 'UTC',
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; status: string; contentHash: string };
  };
  const tokenOf = (link: string) => link.split('#')[1]!;
  const history = async (postId: string) =>
    (await call('olga', 'GET', `/api/posts/${postId}/history`))
      .json()
      .data.map(
        (e: { kind: string; actor: string | null; guest?: boolean }) =>
          `${e.kind}:${e.actor}${e.guest ? ' (guest)' : ''}`,
      );

  beforeAll(async () => {
    t = await createTestApp({ CREATE_RATE_PER_MINUTE: '10000' }, { clock: () => now });
    const team = await teamWorkspace(t, 'Agency', 'olga', {
      carl: 'contributor',
      rita: 'reviewer',
      eddy: 'editor',
    });
    Object.assign(cookies, team.cookies);
    Object.assign(ids, team.ids);
    agency = team.workspace;
    await call('olga', 'PATCH', `/api/workspaces/${agency}`, { approvalRequired: true });
    await t.ctx.changes.sync();
  });
  afterAll(() => t.close());

  it('lets owners, admins and editors make links for chosen posts or a range, shown once, kept hashed', async () => {
    const waiting = await write('carl', 'Spring menu', at(2));
    expect(waiting.status).toBe('awaiting_approval');
    const scheduled = await write('eddy', 'Opening hours', at(3));
    await write('eddy', 'Next month', at(40));
    // A contributor or reviewer makes none.
    for (const who of ['carl', 'rita'])
      expect((await call(who, 'POST', '/api/review-links', { postIds: [waiting.id] })).statusCode).toBe(403);
    const range = await call('eddy', 'POST', '/api/review-links', {
      label: 'Week 19',
      from: at(0),
      to: at(7),
      platforms: ['linkedin'],
    });
    expect(range.statusCode, range.body).toBe(201);
    const made = range.json();
    expect(made).toMatchObject({ label: 'Week 19', postCount: 2, createdBy: 'eddy', state: 'active' });
    expect(made.expiresAt).toBe(at(14));
    expect(made.link).toMatch(/^http:\/\/[^/]+\/review#[A-Za-z0-9_-]{43}$/);
    const stored = await sql(`select token_hash, post_ids from review_links`);
    expect(JSON.stringify(stored.rows)).not.toContain(tokenOf(made.link));
    expect((stored.rows[0] as { post_ids: string[] }).post_ids.sort()).toEqual(
      [waiting.id, scheduled.id].sort(),
    );
    // The list never shows an address again.
    const list = (await call('olga', 'GET', '/api/review-links')).json();
    expect(list.data).toHaveLength(1);
    expect(JSON.stringify(list)).not.toContain(tokenOf(made.link));
    // Nothing there, or too wide, or neither posts nor a range: said so.
    const empty = await call('eddy', 'POST', '/api/review-links', { from: at(100), to: at(101) });
    expect(empty.json().code).toBe('REVIEW_LINK_EMPTY');
    for (const body of [
      {},
      { postIds: [] },
      { from: at(0), to: at(200) },
      { postIds: [waiting.id], expiresInDays: 91 },
    ]) {
      const bad = await call('eddy', 'POST', '/api/review-links', body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it('shows the link’s posts as the networks will, and nothing else of the workspace', async () => {
    const [row] = (await sql(`select id from review_links`)).rows as { id: string }[];
    expect(row).toBeDefined();
    const made = await call('eddy', 'POST', '/api/review-links', {
      postIds: (await sql(`select id from posts where content_html like '%Spring menu%'`)).rows.map(
        (r) => (r as { id: string }).id,
      ),
    });
    const token = tokenOf(made.json().link);
    const page = await guest('GET', `/api/review/${token}`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.headers['x-frame-options']).toBe('DENY');
    const body = page.json<ReviewPage>();
    expect(body).toMatchObject({ workspace: 'Agency', label: '' });
    expect(body.posts.map((p) => p.content)).toEqual(['<p>Spring menu</p>']);
    const text = page.body;
    for (const secret of ['@example.com', ids.carl!, ids.eddy!, 'Opening hours', 'Next month'])
      expect(text).not.toContain(secret);
    // The page itself cannot be framed by any site.
    const html = await guest('GET', '/review');
    expect(html.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('approves a waiting post as shown, which schedules it; a changed post is read again first', async () => {
    const made = await call('olga', 'POST', '/api/review-links', { from: at(0), to: at(7) });
    const token = tokenOf(made.json().link);
    const page = (await guest('GET', `/api/review/${token}`)).json<ReviewPage>();
    const spring = page.posts.find((p) => p.content.includes('Spring menu'))!;
    expect(spring.status).toBe('awaiting_approval');
    const noName = await guest('POST', `/api/review/${token}/posts/${spring.id}/approve`, {
      hash: spring.contentHash,
    });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().fields).toHaveProperty('name');
    const stale = await guest('POST', `/api/review/${token}/posts/${spring.id}/approve`, {
      name: 'Clara Client',
      hash: '0'.repeat(64),
    });
    expect(stale.json().code).toBe('POST_CHANGED');
    const ok = await guest('POST', `/api/review/${token}/posts/${spring.id}/approve`, {
      name: 'Clara Client',
      hash: spring.contentHash,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<ReviewPost>()).toMatchObject({
      status: 'scheduled',
      decision: { kind: 'approved', by: 'Clara Client' },
    });
    expect(await history(spring.id)).toEqual([
      'created:carl',
      'approval_requested:carl',
      'client_approved:Clara Client (guest)',
    ]);
    const audit = await sql(
      `select actor_id, actor_email from audit_log where action = 'review_link.approved'`,
    );
    expect(audit.rows).toEqual([{ actor_id: null, actor_email: 'Clara Client (review link)' }]);
  });

  it('asks for changes: a scheduled post goes back to its author as a draft, with the request as note and comment', async () => {
    const made = await call('olga', 'POST', '/api/review-links', { from: at(0), to: at(7) });
    const token = tokenOf(made.json().link);
    const page = (await guest('GET', `/api/review/${token}`)).json<ReviewPage>();
    const hours = page.posts.find((p) => p.content.includes('Opening hours'))!;
    expect(hours.status).toBe('scheduled');
    const asked = await guest('POST', `/api/review/${token}/posts/${hours.id}/request-changes`, {
      name: 'Clara Client',
      comment: 'Say we close at 6 on Sundays.',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json<ReviewPost>()).toMatchObject({
      status: 'draft',
      decision: { kind: 'changes_requested' },
      comments: [{ by: 'Clara Client', body: 'Say we close at 6 on Sundays.' }],
    });
    const post = (await call('eddy', 'GET', `/api/posts/${hours.id}`)).json();
    expect(post).toMatchObject({ status: 'draft', reviewNote: 'Say we close at 6 on Sundays.' });
    const due = await sql(`select due_at from post_targets where post_id = $1`, [hours.id]);
    expect(due.rows.every((r) => (r as { due_at: Date | null }).due_at === null)).toBe(true);
    // The team reads it in the thread, marked as a guest's; its author and the link's maker are told.
    const thread = (await call('eddy', 'GET', `/api/posts/${hours.id}/comments`)).json().data;
    expect(thread).toEqual([
      expect.objectContaining({ authorName: 'Clara Client', authorId: null, guest: true, mayEdit: false }),
    ]);
    expect((await call('eddy', 'GET', '/api/notifications')).json().data[0]).toMatchObject({
      kind: 'review',
    });
    expect((await call('olga', 'GET', '/api/notifications')).json().data[0]).toMatchObject({
      kind: 'review',
    });
    // Commenting alone changes nothing else.
    const said = await guest('POST', `/api/review/${token}/posts/${hours.id}/comments`, {
      name: 'Clara Client',
      body: '<script>alert(1)</script> thanks',
    });
    expect(said.json<ReviewPost>().comments.at(-1)!.body).toBe('<script>alert(1)</script> thanks');
  });

  it('refuses another post, a revoked or expired link, and a guessed token', async () => {
    const spring = (await sql(`select id from posts where content_html like '%Spring menu%'`)).rows[0] as {
      id: string;
    };
    const next = (await sql(`select id from posts where content_html like '%Next month%'`)).rows[0] as {
      id: string;
    };
    const made = (
      await call('eddy', 'POST', '/api/review-links', { postIds: [spring.id], expiresInDays: 1 })
    ).json();
    const token = tokenOf(made.link);
    // Not one of the link's posts: not found, whatever its hash.
    const other = await guest('POST', `/api/review/${token}/posts/${next.id}/comments`, {
      name: 'X',
      body: 'hi',
    });
    expect(other.statusCode).toBe(404);
    expect((await guest('GET', `/api/review/${'A'.repeat(43)}`)).json().code).toBe('REVIEW_LINK_NOT_FOUND');
    expect((await guest('GET', `/api/review/short`)).statusCode).toBe(400);
    // Another workspace's member cannot withdraw it; a reviewer cannot either.
    expect((await call('rita', 'DELETE', `/api/review-links/${made.id}`)).statusCode).toBe(403);
    now = new Date(now.getTime() + DAY + MINUTE);
    expect((await guest('GET', `/api/review/${token}`)).json().code).toBe('REVIEW_LINK_EXPIRED');
    now = new Date(now.getTime() - DAY - MINUTE);
    expect((await call('eddy', 'DELETE', `/api/review-links/${made.id}`)).statusCode).toBe(204);
    const revoked = await guest('GET', `/api/review/${token}`);
    expect(revoked.statusCode).toBe(410);
    expect(revoked.json().code).toBe('REVIEW_LINK_REVOKED');
    const act = await guest('POST', `/api/review/${token}/posts/${spring.id}/comments`, {
      name: 'X',
      body: 'hi',
    });
    expect(act.json().code).toBe('REVIEW_LINK_REVOKED');
    const states = (await call('eddy', 'GET', '/api/review-links'))
      .json()
      .data.map((l: { state: string }) => l.state);
    expect(states).toContain('revoked');
  });

  it('limits each link, whatever the address', async () => {
    const spring = (await sql(`select id from posts where content_html like '%Spring menu%'`)).rows[0] as {
      id: string;
    };
    const made = (await call('eddy', 'POST', '/api/review-links', { postIds: [spring.id] })).json();
    const token = tokenOf(made.link);
    const codes: number[] = [];
    for (let i = 0; i < 62; i++)
      codes.push(
        (
          await guest('POST', `/api/review/${token}/posts/${spring.id}/comments`, {
            name: 'Bot',
            body: `spam ${i}`,
          })
        ).statusCode,
      );
    expect(codes.slice(0, 60).every((c) => c === 200)).toBe(true);
    expect(codes.slice(60)).toEqual([429, 429]);
  });

  it('limits each address', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 65; i++)
      codes.push(
        (
          await t.app.inject({
            method: 'GET',
            url: `/api/review/${'B'.repeat(43)}`,
            remoteAddress: '10.99.0.1',
          })
        ).statusCode,
      );
    expect(codes.filter((c) => c === 429).length).toBeGreaterThan(0);
  });
});
