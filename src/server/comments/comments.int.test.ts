import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, memberCaller, teamWorkspace, type TestApp } from '../../../test/test-app';
import type { Comment } from '../../shared/api/comments.schemas';

describe('comments: a thread per post and recurring rule, mentions that tell, each changed by its author', () => {
  let t: TestApp;
  const cookies: Record<string, string> = {};
  const ids: Record<string, string> = {};
  let agency = '';
  let postId = '';
  let ruleId = '';
  const call = memberCaller(
    () => t,
    cookies,
    () => agency,
  );
  const sql = (text: string, values?: unknown[]) => t.ctx.database.executeSql(text, values);
  const mailsTo = async (email: string) =>
    (
      (
        await sql(`select count(*)::int as n from outbox where "to" = $1 and subject like '%mentioned you'`, [
          email,
        ])
      ).rows[0] as { n: number }
    ).n;
  const unread = async (who: string) => (await call(who, 'GET', '/api/notifications')).json().unread;

  beforeAll(async () => {
    t = await createTestApp({ CREATE_RATE_PER_MINUTE: '10000' });
    const team = await teamWorkspace(
      t,
      'Agency',
      'olga',
      { carl: 'contributor', rita: 'reviewer', eddy: 'editor' },
      'zed',
    );
    Object.assign(cookies, team.cookies);
    Object.assign(ids, team.ids);
    agency = team.workspace;
    const post = await call('carl', 'POST', '/api/posts', {
      content: '<p>Spring menu</p>',
      platforms: ['bluesky'],
      action: 'draft',
      timezone: 'UTC',
    });
    expect(post.statusCode, post.body).toBe(201);
    postId = post.json().id;
    const rule = await call('eddy', 'POST', '/api/recurring-posts', {
      content: '<p>Weekly tip</p>',
      platforms: ['bluesky'],
      startDate: '2031-01-01T09:00:00Z',
      frequency: 'weekly',
      timezone: 'UTC',
    });
    expect(rule.statusCode, rule.body).toBe(201);
    ruleId = rule.json().id;
  });
  afterAll(() => t.close());

  it('lets every member comment, a reviewer too, and tells the members mentioned (in the app and by mail)', async () => {
    const said = await call('rita', 'POST', `/api/posts/${postId}/comments`, {
      body: '  @Carl could the second line be shorter?\r\n<b>thanks</b>  ',
      mentions: [ids.carl, ids.olga, ids.zed, ids.rita, 'no-such-user'],
    });
    expect(said.statusCode, said.body).toBe(201);
    const comment = said.json<Comment>();
    // Plain text as written (no HTML is interpreted); only members are named,
    // never the author, never someone of another workspace.
    expect(comment).toMatchObject({
      authorId: ids.rita,
      authorName: 'rita',
      body: '@Carl could the second line be shorter?\n<b>thanks</b>',
      mayEdit: true,
      mayDelete: true,
      editedAt: null,
    });
    expect(comment.mentions.map((m) => m.userId).sort()).toEqual([ids.carl, ids.olga].sort());
    expect(await unread('carl')).toBe(1);
    expect(await unread('olga')).toBe(1);
    expect(await unread('rita')).toBe(0);
    const zedTold = await sql(`select count(*)::int as n from notifications where user_id = $1`, [ids.zed]);
    expect(zedTold.rows).toEqual([{ n: 0 }]);
    expect(await mailsTo('carl@example.com')).toBe(1);
    expect(await mailsTo('zed@example.com')).toBe(0);
    const notices = (await call('carl', 'GET', '/api/notifications')).json();
    expect(notices.data).toEqual([
      expect.objectContaining({ kind: 'mention', by: 'rita', postId, recurringId: null, read: false }),
    ]);
    // Someone who turned the mail off is told in the app only.
    expect((await call('eddy', 'PUT', '/api/alerts/preferences', { mentions: false })).statusCode).toBe(200);
    await call('olga', 'POST', `/api/posts/${postId}/comments`, {
      body: '@eddy see this',
      mentions: [ids.eddy],
    });
    expect(await unread('eddy')).toBe(1);
    expect(await mailsTo('eddy@example.com')).toBe(0);
    // Every member reads the thread, each told what they may do with each comment.
    const thread = (await call('carl', 'GET', `/api/posts/${postId}/comments`)).json<{ data: Comment[] }>();
    expect(thread.data.map((c) => [c.authorName, c.mayEdit, c.mayDelete])).toEqual([
      ['rita', false, false],
      ['olga', false, false],
    ]);
    const asOwner = (await call('olga', 'GET', `/api/posts/${postId}/comments`)).json<{ data: Comment[] }>();
    expect(asOwner.data.map((c) => [c.mayEdit, c.mayDelete])).toEqual([
      [false, true],
      [true, true],
    ]);
  });

  it('marks notices read, one or all, and only one’s own', async () => {
    const olga = (await call('olga', 'GET', '/api/notifications')).json();
    expect(
      (await call('carl', 'POST', '/api/notifications/read', { ids: [olga.data[0].id] })).json().unread,
    ).toBe(1);
    expect(await unread('olga')).toBe(1);
    const read = await call('olga', 'POST', '/api/notifications/read', { ids: [olga.data[0].id] });
    expect(read.json()).toMatchObject({ unread: 0, data: [expect.objectContaining({ read: true })] });
    expect((await call('carl', 'POST', '/api/notifications/read', {})).json().unread).toBe(0);
    const bad = await call('carl', 'POST', '/api/notifications/read', { ids: ['x'] });
    expect(bad.statusCode).toBe(400);
  });

  it('keeps a comment’s changes to its author, tells only newly mentioned members, and lets admins moderate', async () => {
    const [first] = (await call('rita', 'GET', `/api/posts/${postId}/comments`)).json<{ data: Comment[] }>()
      .data;
    const notYours = await call('olga', 'PATCH', `/api/comments/${first!.id}`, { body: 'changed' });
    expect(notYours.statusCode).toBe(403);
    expect(notYours.json().code).toBe('COMMENT_NOT_YOURS');
    const edited = await call('rita', 'PATCH', `/api/comments/${first!.id}`, {
      body: '@Carl @eddy shorter, please',
      mentions: [ids.carl, ids.eddy],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<Comment>().editedAt).not.toBeNull();
    expect(await unread('carl')).toBe(0); // told already
    expect(await unread('eddy')).toBe(2);
    // A contributor deletes only their own; an admin or owner anyone's, which the audit log keeps.
    expect((await call('carl', 'DELETE', `/api/comments/${first!.id}`)).statusCode).toBe(403);
    expect((await call('eddy', 'DELETE', `/api/comments/${first!.id}`)).statusCode).toBe(403);
    expect((await call('olga', 'DELETE', `/api/comments/${first!.id}`)).statusCode).toBe(204);
    expect((await call('olga', 'DELETE', `/api/comments/${first!.id}`)).statusCode).toBe(404);
    const audit = await sql(`select action, details from audit_log where action = 'comment.deleted'`);
    expect(audit.rows).toEqual([
      expect.objectContaining({ details: expect.objectContaining({ commentId: first!.id, author: 'rita' }) }),
    ]);
    // Its notices went with it.
    expect((await call('eddy', 'GET', '/api/notifications')).json().data).toHaveLength(1);
  });

  it('keeps a recurring rule’s thread apart from posts', async () => {
    const said = await call('carl', 'POST', `/api/recurring-posts/${ruleId}/comments`, {
      body: 'Skip the holidays? @olga',
      mentions: [ids.olga],
    });
    expect(said.statusCode, said.body).toBe(201);
    const notice = (await call('olga', 'GET', '/api/notifications')).json().data[0];
    expect(notice).toMatchObject({ recurringId: ruleId, postId: null, by: 'carl' });
    expect((await call('rita', 'GET', `/api/recurring-posts/${ruleId}/comments`)).json().data).toHaveLength(
      1,
    );
  });

  it('answers bad input with 400 naming the field, and another workspace’s post as one that does not exist', async () => {
    for (const body of [
      {},
      { body: '   ' },
      { body: 'x'.repeat(2001) },
      { body: 'bell\u0007' },
      { body: 'ok', mentions: 'x' },
    ]) {
      const res = await call('carl', 'POST', `/api/posts/${postId}/comments`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json().fields ?? {})).toEqual([Object.keys(body).at(-1) ?? 'body']);
    }
    // zed is no member: the agency's post is not found, not even through his own workspace.
    const own = (await sql(`select workspace_id from workspace_members where user_id = $1`, [ids.zed]))
      .rows[0] as { workspace_id: string };
    for (const url of [`/api/posts/${postId}/comments`, `/api/recurring-posts/${ruleId}/comments`]) {
      expect((await call('zed', 'GET', url, undefined, own.workspace_id)).statusCode).toBe(404);
      expect((await call('zed', 'POST', url, { body: 'hi' }, own.workspace_id)).statusCode).toBe(404);
      expect((await call('zed', 'GET', url)).statusCode).toBe(404);
    }
    const [comment] = (await call('carl', 'GET', `/api/recurring-posts/${ruleId}/comments`)).json().data;
    expect(
      (await call('zed', 'DELETE', `/api/comments/${comment.id}`, undefined, own.workspace_id)).statusCode,
    ).toBe(404);
    expect(
      (await call('zed', 'PATCH', `/api/comments/${comment.id}`, { body: 'x' }, own.workspace_id)).statusCode,
    ).toBe(404);
  });

  it('holds at most 500 comments per post', async () => {
    await sql(
      `insert into comments (workspace_id, post_id, author_id, author_name, body)
       select $1, $2, $3, 'olga', 'x' from generate_series(1, 499)`,
      [agency, postId, ids.olga],
    );
    const full = await call('carl', 'POST', `/api/posts/${postId}/comments`, { body: 'one more' });
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({ code: 'TOO_MANY_COMMENTS', params: { max: 500 } });
  });
});
