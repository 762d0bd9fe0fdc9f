import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, signedInUsers, signIn, type TestApp } from '../../../test/test-app';
import { OWNED_WORKSPACES_MAX } from '../../shared/api/workspaces.schemas';
import type { WorkspaceRole } from '../../shared/workspaces/rules';

const DRAFT = { content: '<p>Hello</p>', platforms: [], action: 'draft', timezone: 'UTC' } as const;

describe('workspaces: what a request acts in, and who may do what there', () => {
  let t: TestApp;
  let ann: string;
  let bob: string;
  let cat: string;
  const ids: Record<string, string> = {};
  type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A call as the holder of `cookie`, in `workspace` when given (the X-Postwell-Workspace header). */
  const call = (cookie: string, method: Method, url: string, payload?: object, workspace?: string) =>
    t.app.inject({
      method,
      url,
      headers: { cookie, ...(workspace ? { 'x-postwell-workspace': workspace } : {}) },
      ...(payload ? { payload } : {}),
    });
  const sql = (text: string, values?: unknown[]) => t.ctx.database.executeSql(text, values);
  /** Makes `user` a member of `workspace` with `role`, as an accepted invitation will. */
  const join = async (workspace: string, user: string, role: WorkspaceRole) => {
    await sql(
      `insert into workspace_members (workspace_id, user_id, role) values ($1, $2, $3)
       on conflict (workspace_id, user_id) do update set role = excluded.role`,
      [workspace, ids[user], role],
    );
    await t.ctx.changes.sync();
  };

  beforeAll(async () => {
    t = await createTestApp({ CREATE_RATE_PER_MINUTE: '10000' });
    ({ ann, bob, cat } = await signedInUsers(t, 'ann', 'bob', 'cat'));
    const { rows } = await sql(`select id, email from users`);
    for (const row of rows as { id: string; email: string }[]) ids[row.email.split('@')[0]!] = row.id;
  });
  afterAll(() => t.close());

  it('gives every user a personal workspace they own, where requests without a header act', async () => {
    const res = await call(ann, 'GET', '/api/workspaces');
    expect(res.statusCode).toBe(200);
    const { data, current } = res.json();
    expect(data).toEqual([
      { id: current, name: 'ann', timeZone: null, approvalRequired: false, personal: true, role: 'owner' },
    ]);
    expect((await call(bob, 'GET', '/api/workspaces')).json().current).not.toBe(current);
  });

  it('keeps what is made in one workspace out of another, and out of other users’ reach', async () => {
    const made = await call(ann, 'POST', '/api/workspaces', {
      name: '  Acme brand ',
      timeZone: 'Europe/Paris',
    });
    expect(made.statusCode).toBe(201);
    const acme = made.json();
    expect(acme).toMatchObject({
      name: 'Acme brand',
      timeZone: 'Europe/Paris',
      personal: false,
      role: 'owner',
    });
    const personal = (await call(ann, 'GET', '/api/workspaces')).json().current;

    expect((await call(ann, 'PUT', '/api/variables/brand', { value: 'Acme' }, acme.id)).statusCode).toBe(200);
    const post = (await call(ann, 'POST', '/api/posts', DRAFT, acme.id)).json();
    expect((await call(ann, 'GET', '/api/variables', undefined, acme.id)).json()).toEqual({
      data: { brand: 'Acme' },
    });
    expect((await call(ann, 'GET', '/api/variables')).json()).toEqual({ data: {} });
    expect((await call(ann, 'GET', `/api/posts/${post.id}`, undefined, acme.id)).statusCode).toBe(200);
    expect((await call(ann, 'GET', `/api/posts/${post.id}`, undefined, personal)).statusCode).toBe(404);
    expect((await call(ann, 'GET', `/api/posts/${post.id}`)).statusCode).toBe(404);

    // Bob is no member: naming Ann's workspace answers exactly as one that does not exist.
    for (const workspace of [acme.id, personal, '00000000-0000-4000-8000-000000000000']) {
      const res = await call(bob, 'GET', '/api/variables', undefined, workspace);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('WORKSPACE_NOT_FOUND');
    }
    expect((await call(bob, 'GET', `/api/workspaces/${acme.id}`)).statusCode).toBe(404);
    expect((await call(bob, 'PATCH', `/api/workspaces/${acme.id}`, { name: 'Mine' })).statusCode).toBe(404);
    expect((await call(bob, 'DELETE', `/api/workspaces/${acme.id}`)).statusCode).toBe(404);
    ids.acme = acme.id;
  });

  it('answers 400 naming the header when it is not a workspace id', async () => {
    const res = await call(ann, 'GET', '/api/variables', undefined, 'personal');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('X-Postwell-Workspace');
  });

  it('renames a workspace and sets its zone; refuses a bad name or zone with 400 naming the field', async () => {
    const renamed = await call(ann, 'PATCH', `/api/workspaces/${ids.acme}`, { name: 'Acme', timeZone: null });
    expect(renamed.json()).toMatchObject({ name: 'Acme', timeZone: null });
    const bad = await call(ann, 'PATCH', `/api/workspaces/${ids.acme}`, { name: ' ', timeZone: 'Mars/Base' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({
      name: 'workspaces.nameRequired',
      timeZone: 'profile.timeZoneInvalid',
    });
    expect((await call(ann, 'POST', '/api/workspaces', { name: 'x'.repeat(81) })).json().fields).toEqual({
      name: 'workspaces.nameTooLong',
    });
  });

  it('lets each role do what the rules table says, and no more', async () => {
    await join(ids.acme!, 'bob', 'reviewer');
    const post = (await call(ann, 'POST', '/api/posts', DRAFT, ids.acme)).json();
    // A reviewer reads, and writes nothing.
    expect((await call(bob, 'GET', `/api/posts/${post.id}`, undefined, ids.acme)).statusCode).toBe(200);
    expect((await call(bob, 'GET', '/api/variables', undefined, ids.acme)).json()).toEqual({
      data: { brand: 'Acme' },
    });
    for (const [method, url, body] of [
      ['POST', '/api/posts', DRAFT],
      ['PUT', `/api/posts/${post.id}`, DRAFT],
      ['DELETE', `/api/posts/${post.id}`, undefined],
      ['PUT', '/api/variables/brand', { value: 'Mine' }],
      ['GET', '/api/webhooks', undefined],
    ] as const) {
      const res = await call(bob, method, url, body, ids.acme);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().code).toBe('WORKSPACE_ROLE');
    }
    expect((await call(bob, 'PATCH', `/api/workspaces/${ids.acme}`, { name: 'Mine' })).statusCode).toBe(403);
    // A contributor writes their own posts, and only their own.
    await join(ids.acme!, 'bob', 'contributor');
    const own = await call(bob, 'POST', '/api/posts', DRAFT, ids.acme);
    expect(own.statusCode).toBe(201);
    expect((await call(bob, 'PUT', `/api/posts/${own.json().id}`, DRAFT, ids.acme)).statusCode).toBe(200);
    const others = await call(bob, 'PUT', `/api/posts/${post.id}`, DRAFT, ids.acme);
    expect(others.statusCode).toBe(403);
    expect((await call(bob, 'DELETE', `/api/posts/${post.id}`, undefined, ids.acme)).statusCode).toBe(403);
    // An editor changes anyone's post; an admin the settings; only an owner deletes the workspace.
    await join(ids.acme!, 'bob', 'editor');
    expect((await call(bob, 'PUT', `/api/posts/${post.id}`, DRAFT, ids.acme)).statusCode).toBe(200);
    expect((await call(bob, 'GET', '/api/webhooks', undefined, ids.acme)).statusCode).toBe(403);
    await join(ids.acme!, 'bob', 'admin');
    expect((await call(bob, 'GET', '/api/webhooks', undefined, ids.acme)).statusCode).toBe(200);
    expect((await call(bob, 'PATCH', `/api/workspaces/${ids.acme}`, { name: 'Acme' })).statusCode).toBe(200);
    expect((await call(bob, 'DELETE', `/api/workspaces/${ids.acme}`)).statusCode).toBe(403);
    // Every refusal is in the audit log.
    const { rows } = await sql(
      `select count(*)::int as n from audit_log where action = 'access.denied' and actor_id = $1`,
      [ids.bob],
    );
    expect((rows[0] as { n: number }).n).toBeGreaterThanOrEqual(8);
  });

  it('takes a removed member’s access away at once, their API token’s too', async () => {
    await join(ids.acme!, 'cat', 'editor');
    const made = await call(cat, 'POST', '/api/tokens', { name: 'script' }, ids.acme);
    expect(made.json()).toMatchObject({ workspaceId: ids.acme, workspaceName: 'Acme' });
    const bearer = { authorization: `Bearer ${made.json().token}` };
    // The token acts in its workspace without a header, and in no other one.
    expect((await t.app.inject({ url: '/api/variables', headers: bearer })).json()).toEqual({
      data: { brand: 'Acme' },
    });
    const personal = (await call(cat, 'GET', '/api/workspaces')).json().data[0].id;
    const elsewhere = await t.app.inject({
      url: '/api/variables',
      headers: { ...bearer, 'x-postwell-workspace': personal },
    });
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json().code).toBe('TOKEN_WORKSPACE');
    // Warm the remembered session, then remove the member: the very next calls are refused.
    expect((await call(cat, 'GET', '/api/variables', undefined, ids.acme)).statusCode).toBe(200);
    await sql(`delete from workspace_members where workspace_id = $1 and user_id = $2`, [ids.acme, ids.cat]);
    await t.ctx.changes.sync();
    expect((await call(cat, 'GET', '/api/variables', undefined, ids.acme)).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/variables', headers: bearer })).statusCode).toBe(404);
    // Their own workspace still works.
    expect((await call(cat, 'GET', '/api/variables')).statusCode).toBe(200);
  });

  it('deletes a workspace with everything in it, never a personal one', async () => {
    const personal = (await call(ann, 'GET', '/api/workspaces')).json().current;
    const kept = await call(ann, 'DELETE', `/api/workspaces/${personal}`);
    expect(kept.statusCode).toBe(409);
    expect(kept.json().code).toBe('PERSONAL_WORKSPACE');
    expect((await call(ann, 'DELETE', `/api/workspaces/${ids.acme}`)).statusCode).toBe(204);
    const { rows } = await sql(`select count(*)::int as n from posts where workspace_id = $1`, [ids.acme]);
    expect(rows[0]).toEqual({ n: 0 });
    expect((await call(ann, 'GET', '/api/variables', undefined, ids.acme)).statusCode).toBe(404);
    expect((await call(bob, 'GET', '/api/workspaces')).json().data).toHaveLength(1);
  });

  it(`lets a user own at most ${OWNED_WORKSPACES_MAX} workspaces, however many are asked for at once`, async () => {
    const answers = await Promise.all(
      Array.from({ length: OWNED_WORKSPACES_MAX + 5 }, (_, i) =>
        call(cat, 'POST', '/api/workspaces', { name: `Brand ${i}` }),
      ),
    );
    const codes = answers.map((res) => res.statusCode);
    // The personal workspace is one of those the user owns.
    expect(codes.filter((code) => code === 201)).toHaveLength(OWNED_WORKSPACES_MAX - 1);
    expect(answers.find((res) => res.statusCode === 409)!.json()).toMatchObject({
      code: 'TOO_MANY_WORKSPACES',
      params: { max: OWNED_WORKSPACES_MAX },
    });
  });

  it('deletes the workspaces a deleted user was the only member of, and keeps shared ones', async () => {
    const shared = (await call(ann, 'POST', '/api/workspaces', { name: 'Shared' })).json();
    await join(shared.id, 'cat', 'editor');
    await createUser(t.ctx, { email: 'root@example.com', role: 'super_admin' });
    const root = await signIn(t.app, 'root@example.com');
    expect((await call(root, 'DELETE', `/api/users/${ids.cat}`)).statusCode).toBe(204);
    const { rows } = await sql(
      `select (select count(*)::int from workspaces where personal_of = $1) as personal,
              (select count(*)::int from workspaces where name like 'Brand %') as brands,
              (select count(*)::int from workspaces where id = $2) as shared`,
      [ids.cat, shared.id],
    );
    expect(rows[0]).toEqual({ personal: 0, brands: 0, shared: 1 });
  });
});
