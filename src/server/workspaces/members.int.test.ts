import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cookieFrom,
  createTestApp,
  createUser,
  signedInUsers,
  signIn,
  type TestApp,
} from '../../../test/test-app';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('workspace members and invitations', () => {
  let t: TestApp;
  let now = new Date('2026-11-27T10:00:00Z');
  const cookies: Record<string, string> = {};
  const ids: Record<string, string> = {};
  let acme = '';
  type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
  const call = (who: string | undefined, method: Method, url: string, payload?: object, workspace?: string) =>
    t.app.inject({
      method,
      url,
      headers: {
        ...(who ? { cookie: cookies[who] } : {}),
        ...(workspace ? { 'x-postwell-workspace': workspace } : {}),
      },
      ...(payload ? { payload } : {}),
    });
  const sql = (text: string, values?: unknown[]) => t.ctx.database.executeSql(text, values);
  const tokenOf = (link: string) => link.split('#')[1]!;
  /** Invites `email` as `role` into acme, as `who`; the link to pass on (no mail server here). */
  const invite = async (email: string, role: string, who = 'owen') => {
    const res = await call(who, 'POST', `/api/workspaces/${acme}/invitations`, { email, role });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { invitation: { id: string; status: string }; link: string };
  };
  const members = async () =>
    (await call('owen', 'GET', `/api/workspaces/${acme}/members`)).json().data as {
      userId: string;
      role: string;
      email: string;
      lastActiveAt: string | null;
    }[];

  beforeAll(async () => {
    t = await createTestApp({ CREATE_RATE_PER_MINUTE: '10000' }, { clock: () => now });
    Object.assign(cookies, await signedInUsers(t, 'owen', 'ada', 'eve', 'zed'));
    const { rows } = await sql(`select id, email from users`);
    for (const row of rows as { id: string; email: string }[]) ids[row.email.split('@')[0]!] = row.id;
    acme = (await call('owen', 'POST', '/api/workspaces', { name: 'Acme' })).json().id;
  });
  afterAll(() => t.close());

  it('invites by a one-use link shown to the inviter when no mail can leave, and kept only hashed', async () => {
    const made = await invite('  Ada@Example.com ', 'admin');
    expect(made.link).toMatch(/^http:\/\/localhost:3000\/invite#[A-Za-z0-9_-]{43}$/);
    expect(made.invitation).toMatchObject({ email: 'ada@example.com', status: 'waiting' });
    const { rows } = await sql(`select token_hash from workspace_invitations`);
    expect(JSON.stringify(rows)).not.toContain(tokenOf(made.link));
    const outbox = await sql(`select "to", text from outbox where "to" = 'ada@example.com'`);
    expect((outbox.rows[0] as { text: string }).text).toContain(made.link);

    const view = await call(undefined, 'GET', `/api/invitations/${tokenOf(made.link)}`);
    expect(view.json()).toMatchObject({
      workspaceName: 'Acme',
      role: 'admin',
      email: 'ada@example.com',
      invitedBy: 'owen',
      hasAccount: true,
      passwordAccounts: true,
    });
    // Someone else signed in cannot take it; the invitee can, once.
    const wrong = await call('eve', 'POST', `/api/invitations/${tokenOf(made.link)}/accept`, {});
    expect(wrong.json()).toMatchObject({ code: 'INVITATION_EMAIL', params: { email: 'ada@example.com' } });
    const anonymous = await call(undefined, 'POST', `/api/invitations/${tokenOf(made.link)}/accept`, {
      name: 'Ada',
      password: 'another-horse-2',
    });
    expect(anonymous.json().code).toBe('INVITATION_SIGN_IN');
    const accepted = await call('ada', 'POST', `/api/invitations/${tokenOf(made.link)}/accept`, {});
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({ workspaceId: acme });
    expect((await call('ada', 'GET', '/api/posts/drafts', undefined, acme)).statusCode).toBe(200);
    const again = await call('ada', 'POST', `/api/invitations/${tokenOf(made.link)}/accept`, {});
    expect([again.statusCode, again.json().code]).toEqual([410, 'INVITATION_USED']);
    expect((await members()).map((m) => [m.email, m.role])).toEqual([
      ['owen@example.com', 'owner'],
      ['ada@example.com', 'admin'],
    ]);
  });

  it('makes an account for a new address even with sign-up closed, and signs it in', async () => {
    const made = await invite('newcomer@example.com', 'contributor');
    const token = tokenOf(made.link);
    expect((await call(undefined, 'GET', `/api/invitations/${token}`)).json().hasAccount).toBe(false);
    const short = await call(undefined, 'POST', `/api/invitations/${token}/accept`, {
      name: 'N',
      password: 'x',
    });
    expect(short.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: { password: 'setup.password_too_short' },
    });
    const missing = await call(undefined, 'POST', `/api/invitations/${token}/accept`, {});
    expect(missing.json().fields).toEqual({
      name: 'setup.name_required',
      password: 'setup.password_too_short',
    });
    const res = await call(undefined, 'POST', `/api/invitations/${token}/accept`, {
      name: 'Nia',
      password: 'newcomer-pass-1',
    });
    expect(res.statusCode).toBe(201);
    const cookie = cookieFrom(res.headers['set-cookie']);
    const mine = await t.app.inject({ url: '/api/workspaces', headers: { cookie } });
    expect(mine.json().data.map((w: { name: string; role: string }) => [w.name, w.role])).toEqual([
      ['Nia', 'owner'],
      ['Acme', 'contributor'],
    ]);
    const { rows } = await sql(`select role, trial_ends_at from users where email = 'newcomer@example.com'`);
    expect(rows).toEqual([{ role: 'user', trial_ends_at: null }]);
    // The link made one account; it makes no second.
    const twice = await call(undefined, 'POST', `/api/invitations/${token}/accept`, {
      name: 'X',
      password: 'yyyyyyyy1',
    });
    expect(twice.json().code).toBe('INVITATION_USED');
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { email: 'walk-in@example.com', password: 'walk-in-pass-1', name: 'W' },
    });
    expect(signUp.statusCode).toBeGreaterThanOrEqual(400);
  });

  it('lets no one use an expired, withdrawn, replaced or made-up link', async () => {
    const old = await invite('late@example.com', 'editor');
    now = new Date(now.getTime() + 7 * DAY_MS + 1000);
    const expired = await call(undefined, 'GET', `/api/invitations/${tokenOf(old.link)}`);
    expect([expired.statusCode, expired.json().code]).toEqual([410, 'INVITATION_EXPIRED']);
    const listed = (await call('owen', 'GET', `/api/workspaces/${acme}/invitations`)).json().data;
    expect(listed.find((i: { email: string }) => i.email === 'late@example.com').status).toBe('expired');
    // Inviting again replaces it: the old link stays dead, the new one works.
    const first = await invite('late@example.com', 'editor');
    const second = await invite('late@example.com', 'reviewer');
    expect((await call(undefined, 'GET', `/api/invitations/${tokenOf(first.link)}`)).json().code).toBe(
      'INVITATION_REVOKED',
    );
    const revoked = await call(
      'owen',
      'DELETE',
      `/api/workspaces/${acme}/invitations/${second.invitation.id}`,
    );
    expect(revoked.statusCode).toBe(204);
    expect((await call(undefined, 'GET', `/api/invitations/${tokenOf(second.link)}`)).json().code).toBe(
      'INVITATION_REVOKED',
    );
    const unknown = await call(undefined, 'GET', `/api/invitations/${'A'.repeat(43)}`);
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'INVITATION_NOT_FOUND']);
    const malformed = await call(undefined, 'GET', `/api/invitations/short`);
    expect(malformed.statusCode).toBe(400);
    expect(
      (await call('owen', 'DELETE', `/api/workspaces/${acme}/invitations/${second.invitation.id}`))
        .statusCode,
    ).toBe(404);
    const member = await call('owen', 'POST', `/api/workspaces/${acme}/invitations`, {
      email: 'ADA@example.com',
      role: 'editor',
    });
    expect(member.json().code).toBe('ALREADY_MEMBER');
    const bad = await call('owen', 'POST', `/api/workspaces/${acme}/invitations`, {
      email: 'nope',
      role: 'chief',
    });
    expect(bad.json().fields).toEqual({ email: 'login.email_invalid', role: 'members.roleRequired' });
  });

  it('lets an admin manage members but never an owner, and keeps the last owner', async () => {
    const eve = await invite('eve@example.com', 'editor');
    await call('eve', 'POST', `/api/invitations/${tokenOf(eve.link)}/accept`, {});
    // An admin (ada) may not invite an owner, promote to owner, or touch the owner.
    const ownerInvite = await call('ada', 'POST', `/api/workspaces/${acme}/invitations`, {
      email: 'boss@example.com',
      role: 'owner',
    });
    expect(ownerInvite.json().code).toBe('WORKSPACE_ROLE');
    expect(
      (await call('ada', 'PATCH', `/api/workspaces/${acme}/members/${ids.eve}`, { role: 'owner' })).json()
        .code,
    ).toBe('WORKSPACE_ROLE');
    expect(
      (await call('ada', 'PATCH', `/api/workspaces/${acme}/members/${ids.owen}`, { role: 'editor' })).json()
        .code,
    ).toBe('WORKSPACE_ROLE');
    expect((await call('ada', 'DELETE', `/api/workspaces/${acme}/members/${ids.owen}`)).json().code).toBe(
      'WORKSPACE_ROLE',
    );
    const changed = await call('ada', 'PATCH', `/api/workspaces/${acme}/members/${ids.eve}`, {
      role: 'reviewer',
    });
    expect(changed.json()).toMatchObject({ userId: ids.eve, role: 'reviewer' });
    // An editor or reviewer manages no one; an outsider finds nothing.
    expect((await call('eve', 'GET', `/api/workspaces/${acme}/invitations`)).json().code).toBe(
      'WORKSPACE_ROLE',
    );
    expect((await call('eve', 'GET', `/api/workspaces/${acme}/members`)).statusCode).toBe(200);
    expect((await call('zed', 'GET', `/api/workspaces/${acme}/members`)).json().code).toBe(
      'WORKSPACE_NOT_FOUND',
    );
    expect(
      (await call('owen', 'PATCH', `/api/workspaces/${acme}/members/${ids.zed}`, { role: 'editor' })).json()
        .code,
    ).toBe('MEMBER_NOT_FOUND');
    // The last owner can neither step down nor leave; with a second owner, they can.
    const demote = await call('owen', 'PATCH', `/api/workspaces/${acme}/members/${ids.owen}`, {
      role: 'admin',
    });
    expect([demote.statusCode, demote.json().code]).toEqual([409, 'LAST_OWNER']);
    expect((await call('owen', 'DELETE', `/api/workspaces/${acme}/membership`)).json().code).toBe(
      'LAST_OWNER',
    );
    await call('owen', 'PATCH', `/api/workspaces/${acme}/members/${ids.ada}`, { role: 'owner' });
    const both = await Promise.all([
      call('owen', 'PATCH', `/api/workspaces/${acme}/members/${ids.owen}`, { role: 'admin' }),
      call('ada', 'PATCH', `/api/workspaces/${acme}/members/${ids.ada}`, { role: 'admin' }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await members()).filter((m) => m.role === 'owner')).toHaveLength(1);
    // A personal workspace keeps its owner.
    const personal = (await call('owen', 'GET', '/api/workspaces')).json().data[0].id;
    expect((await call('owen', 'DELETE', `/api/workspaces/${personal}/membership`)).json().code).toBe(
      'PERSONAL_OWNER',
    );
  });

  it('takes a removed member out at once, their tokens with them, and audits every change', async () => {
    const token = await t.app.inject({
      method: 'POST',
      url: '/api/tokens',
      headers: { cookie: cookies.eve!, 'x-postwell-workspace': acme },
      payload: { name: 'script' },
    });
    expect(token.statusCode, token.body).toBe(201);
    const bearer = { authorization: `Bearer ${token.json().token}` };
    expect((await t.app.inject({ url: '/api/posts/drafts', headers: bearer })).statusCode).toBe(200);
    const owner = (await members()).find((m) => m.role === 'owner')!.email.split('@')[0]!;
    expect((await call(owner, 'DELETE', `/api/workspaces/${acme}/members/${ids.eve}`)).statusCode).toBe(204);
    expect((await call('eve', 'GET', '/api/posts/drafts', undefined, acme)).json().code).toBe(
      'WORKSPACE_NOT_FOUND',
    );
    expect((await t.app.inject({ url: '/api/posts/drafts', headers: bearer })).statusCode).toBe(401);
    // Leaving works for anyone but the last owner.
    const nia = await signIn(t.app, 'newcomer@example.com', 'newcomer-pass-1');
    cookies.nia = nia;
    expect((await call('nia', 'DELETE', `/api/workspaces/${acme}/membership`)).statusCode).toBe(204);
    const { rows } = await sql(
      `select action from audit_log where action like 'workspace.%' order by created_at, id`,
    );
    expect(new Set((rows as { action: string }[]).map((r) => r.action))).toEqual(
      new Set([
        'workspace.created',
        'workspace.invited',
        'workspace.invitation_accepted',
        'workspace.invitation_revoked',
        'workspace.member_role_changed',
        'workspace.member_removed',
        'workspace.left',
      ]),
    );
  });

  it('shows when each member was last active there', async () => {
    await createUser(t.ctx, { email: 'ida@example.com' });
    cookies.ida = await signIn(t.app, 'ida@example.com');
    const made = await invite(
      'ida@example.com',
      'reviewer',
      (await members()).find((m) => m.role === 'owner')!.email.split('@')[0],
    );
    await call('ida', 'POST', `/api/invitations/${tokenOf(made.link)}/accept`, {});
    const ida = async () => (await members()).find((m) => m.email === 'ida@example.com')!;
    expect((await ida()).lastActiveAt).toBeNull();
    await call('ida', 'GET', '/api/posts/drafts', undefined, acme);
    await expect.poll(async () => (await ida()).lastActiveAt).toBe(now.toISOString());
  });
});
