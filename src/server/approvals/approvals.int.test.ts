import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, memberCaller, teamWorkspace, type TestApp } from '../../../test/test-app';

const MINUTE = 60_000;

describe('approval: a contributor’s post waits for an approval, and is never published without one', () => {
  let t: TestApp;
  let now = new Date('2031-03-02T09:00:00Z');
  const cookies: Record<string, string> = {};
  const ids: Record<string, string> = {};
  let agency = '';
  const call = memberCaller(
    () => t,
    cookies,
    () => agency,
  );
  const sql = (text: string, values?: unknown[]) => t.ctx.database.executeSql(text, values);
  const inMinutes = (n: number) => new Date(now.getTime() + n * MINUTE).toISOString();
  const post = (content: string, at: string | null, action = 'schedule') => ({
    content: `<p>${content}</p>`,
    platforms: ['bluesky'],
    action: at ? action : 'publish_now',
    ...(at ? { scheduledAt: at } : {}),
    timezone: 'UTC',
  });
  const dueTimes = async (postId: string) =>
    (await sql(`select due_at from post_targets where post_id = $1`, [postId])).rows.map(
      (r) => (r as { due_at: Date | null }).due_at,
    );
  const history = async (postId: string) =>
    (await call('rita', 'GET', `/api/posts/${postId}/history`))
      .json()
      .data.map((e: { kind: string; actor: string | null }) => `${e.kind}:${e.actor ?? '-'}`);
  const mailsTo = async (email: string, subject: string) =>
    (await sql(`select count(*)::int as n from outbox where "to" = $1 and subject like $2`, [email, subject]))
      .rows[0] as { n: number };

  beforeAll(async () => {
    t = await createTestApp({ CREATE_RATE_PER_MINUTE: '10000' }, { clock: () => now });
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
    const on = await call('olga', 'PATCH', `/api/workspaces/${agency}`, { approvalRequired: true });
    expect(on.json().approvalRequired).toBe(true);
    await t.ctx.changes.sync();
  });
  afterAll(() => t.close());

  it('lets a contributor schedule only into "waiting for approval", and tells the approvers', async () => {
    const made = await call('carl', 'POST', '/api/posts', post('Spring menu', inMinutes(60)));
    expect(made.statusCode, made.body).toBe(201);
    const waiting = made.json();
    expect(waiting).toMatchObject({ status: 'awaiting_approval', authorId: ids.carl, reviewNote: null });
    expect(await dueTimes(waiting.id)).toEqual([null]);
    for (const who of ['olga', 'rita', 'eddy'])
      expect(await mailsTo(`${who}@example.com`, '%asks for your approval')).toEqual({ n: 1 });
    expect(await mailsTo('carl@example.com', '%asks for your approval')).toEqual({ n: 0 });
    // The reviewer's dashboard lists it; so does the author's (their own), nobody else's outside.
    const board = (await call('rita', 'GET', '/api/dashboard')).json();
    expect(board.awaiting.items.map((p: { id: string }) => p.id)).toEqual([waiting.id]);
    expect((await call('carl', 'GET', '/api/dashboard')).json().awaiting.total).toBe(1);

    // Approving binds to what the reviewer read: an edit in between asks them to read again.
    const seen = (await call('rita', 'GET', `/api/posts/${waiting.id}`)).json().contentHash;
    const edited = await call(
      'carl',
      'PUT',
      `/api/posts/${waiting.id}`,
      post('Spring menu, now with tea', inMinutes(60)),
    );
    expect(edited.json().status).toBe('awaiting_approval');
    const stale = await call('rita', 'POST', `/api/posts/${waiting.id}/approve`, { hash: seen });
    expect([stale.statusCode, stale.json().code]).toEqual([409, 'POST_CHANGED']);
    expect((await call('carl', 'POST', `/api/posts/${waiting.id}/approve`, { hash: seen })).json().code).toBe(
      'WORKSPACE_ROLE',
    );
    const fresh = (await call('rita', 'GET', `/api/posts/${waiting.id}`)).json().contentHash;
    const approved = await call('rita', 'POST', `/api/posts/${waiting.id}/approve`, { hash: fresh });
    expect(approved.json()).toMatchObject({ status: 'scheduled', scheduledAt: inMinutes(60) });
    expect((await dueTimes(waiting.id)).map((d) => d && new Date(d).toISOString())).toEqual([inMinutes(60)]);
    expect(await history(waiting.id)).toEqual(['created:carl', 'approval_requested:carl', 'approved:rita']);

    // Saving it unchanged keeps the approval; changing its text or its time asks again.
    const same = await call(
      'carl',
      'PUT',
      `/api/posts/${waiting.id}`,
      post('Spring menu, now with tea', inMinutes(60)),
    );
    expect(same.json().status).toBe('scheduled');
    const moved = await call('carl', 'POST', `/api/posts/${waiting.id}/reschedule`, {
      date: inMinutes(60 + 24 * 60).slice(0, 10),
    });
    expect(moved.json().status).toBe('awaiting_approval');
    expect(await dueTimes(waiting.id)).toEqual([null]);
    expect((await history(waiting.id)).at(-1)).toBe('approval_requested:carl');
  });

  it('sends a post back to its author as a draft, with the reason, and "Post now" waits to go out once approved', async () => {
    const made = (await call('carl', 'POST', '/api/posts', post('Draft me back', inMinutes(90)))).json();
    const rejected = await call('rita', 'POST', `/api/posts/${made.id}/reject`, { reason: 'Too salty.' });
    expect(rejected.json()).toMatchObject({ status: 'draft', reviewNote: 'Too salty.' });
    expect(await mailsTo('carl@example.com', '%sent back')).toEqual({ n: 1 });
    expect(
      (await call('rita', 'POST', `/api/posts/${made.id}/reject`, { reason: 'Again' })).json().code,
    ).toBe('NOT_AWAITING_APPROVAL');
    expect(
      (await call('rita', 'POST', `/api/posts/${made.id}/reject`, { reason: ' ' })).json().fields,
    ).toEqual({
      reason: 'approvals.reasonRequired',
    });
    const again = await call('carl', 'PUT', `/api/posts/${made.id}`, post('Less salt', inMinutes(90)));
    expect(again.json()).toMatchObject({ status: 'awaiting_approval', reviewNote: null });

    const now_ = (await call('carl', 'POST', '/api/posts', post('Right away', null))).json();
    expect(now_).toMatchObject({ status: 'awaiting_approval', scheduledAt: null });
    const approved = await call('eddy', 'POST', `/api/posts/${now_.id}/approve`, { hash: now_.contentHash });
    expect(approved.json()).toMatchObject({ status: 'scheduled', scheduledAt: now.toISOString() });
  });

  it('never publishes a post still waiting at its time: it is "not approved", and its author is told', async () => {
    const late = (await call('carl', 'POST', '/api/posts', post('Too late', inMinutes(2)))).json();
    now = new Date(now.getTime() + 4 * MINUTE);
    const tooLate = await call('rita', 'POST', `/api/posts/${late.id}/approve`, { hash: late.contentHash });
    expect(tooLate.json().code).toBe('APPROVAL_TOO_LATE');
    expect(await t.ctx.approvals.expireDue()).toBeGreaterThanOrEqual(1);
    expect((await call('carl', 'GET', `/api/posts/${late.id}`)).json().status).toBe('not_approved');
    expect(await dueTimes(late.id)).toEqual([null]);
    expect(await mailsTo('carl@example.com', '%not approved in time')).toEqual({ n: 1 });
    expect((await history(late.id)).at(-1)).toBe('not_approved:-');
    // Run again, nothing more happens; a new time asks again.
    expect(await t.ctx.approvals.expireDue()).toBe(0);
    const moved = await call('carl', 'POST', `/api/posts/${late.id}/reschedule`, {
      date: inMinutes(2 * 24 * 60).slice(0, 10),
    });
    expect(moved.json().status).toBe('awaiting_approval');
  });

  it('closes every way around approval: recurring rules, retry; a reviewer writes nothing', async () => {
    const rule = {
      content: '<p>Every Monday</p>',
      platforms: ['bluesky'],
      media: [],
      startDate: inMinutes(60),
      frequency: 'daily',
      interval: 1,
      weekdays: [],
      timezone: 'UTC',
    };
    // A contributor's rule waits, making no post, until it is approved once; its approvers are told.
    const made = await call('carl', 'POST', '/api/recurring-posts', rule);
    expect(made.statusCode, made.body).toBe(201);
    const carlRule = made.json();
    expect(carlRule).toMatchObject({ approvalStatus: 'awaiting_approval', nextScheduledDate: null });
    const occurrences = async () =>
      (await sql(`select count(*)::int as n from posts where recurring_id = $1`, [carlRule.id])).rows[0];
    expect(await occurrences()).toEqual({ n: 0 });
    expect(await t.ctx.recurring.makeDueOccurrences()).toBe(0);
    expect(await mailsTo('olga@example.com', '%approval of a recurring post')).toEqual({ n: 1 });
    // The approvers' dashboards count it, and so does its author's; an editor's own count is none of his.
    for (const who of ['rita', 'carl'])
      expect((await call(who, 'GET', '/api/dashboard')).json().awaitingRecurring, who).toBe(1);
    // Only an approver approves, and only what they read.
    const byCarl = await call('carl', 'POST', `/api/recurring-posts/${carlRule.id}/approve`, {
      hash: carlRule.contentHash,
    });
    expect(byCarl.statusCode).toBe(403);
    const stale = await call('rita', 'POST', `/api/recurring-posts/${carlRule.id}/approve`, {
      hash: '0'.repeat(64),
    });
    expect(stale.json().code).toBe('POST_CHANGED');
    const approved = await call('rita', 'POST', `/api/recurring-posts/${carlRule.id}/approve`, {
      hash: carlRule.contentHash,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ approvalStatus: 'approved', active: true });
    expect(await occurrences()).toEqual({ n: 1 });
    // Saved unchanged it stays approved; changed by its contributor it waits again, its waiting post gone.
    const same = await call('carl', 'PUT', `/api/recurring-posts/${carlRule.id}`, rule);
    expect(same.json().approvalStatus).toBe('approved');
    const changed = await call('carl', 'PUT', `/api/recurring-posts/${carlRule.id}`, {
      ...rule,
      content: '<p>Every Monday, 9 sharp</p>',
    });
    expect(changed.json()).toMatchObject({ approvalStatus: 'awaiting_approval', nextScheduledDate: null });
    expect(await occurrences()).toEqual({ n: 0 });
    const sentBack = await call('eddy', 'POST', `/api/recurring-posts/${carlRule.id}/reject`, {
      reason: 'Not on Mondays',
    });
    expect(sentBack.json()).toMatchObject({ approvalStatus: 'rejected', reviewNote: 'Not on Mondays' });
    // An editor's rule needs none; a contributor changes no one else's.
    const eddyRule = await call('eddy', 'POST', '/api/recurring-posts', rule);
    expect(eddyRule.json().approvalStatus).toBe('approved');
    const others = await call('carl', 'PUT', `/api/recurring-posts/${eddyRule.json().id}`, rule);
    expect(others.json().code).toBe('WORKSPACE_ROLE');
    expect((await call('carl', 'DELETE', `/api/recurring-posts/${eddyRule.json().id}`)).statusCode).toBe(403);

    const failed = (await call('carl', 'POST', '/api/posts', post('Failed once', inMinutes(30)))).json();
    await sql(`update posts set status = 'failed' where id = $1`, [failed.id]);
    await sql(`update post_targets set status = 'failed' where post_id = $1`, [failed.id]);
    expect((await call('carl', 'POST', `/api/posts/${failed.id}/retry`)).json().code).toBe(
      'APPROVAL_REQUIRED',
    );

    expect(
      (await call('rita', 'POST', '/api/posts', post('Reviewer writes', inMinutes(30)))).json().code,
    ).toBe('WORKSPACE_ROLE');
    // An outsider finds nothing to approve.
    const outsider = await t.app.inject({
      method: 'POST',
      url: `/api/posts/${failed.id}/approve`,
      headers: { cookie: cookies.zed },
      payload: { hash: failed.contentHash },
    });
    expect(outsider.statusCode).toBe(404);
  });

  it('schedules directly once approval is off', async () => {
    await call('olga', 'PATCH', `/api/workspaces/${agency}`, { approvalRequired: false });
    await t.ctx.changes.sync();
    const made = await call('carl', 'POST', '/api/posts', post('No approval needed', inMinutes(45)));
    expect(made.json().status).toBe('scheduled');
  });
});
