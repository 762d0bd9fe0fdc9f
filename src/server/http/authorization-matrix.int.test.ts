import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, personalWorkspace, signIn, type TestApp } from '../../../test/test-app';
import {
  can,
  WORKSPACE_ROLES,
  type WorkspaceAction,
  type WorkspaceRole,
} from '../../shared/workspaces/rules';
import { EXPOSED_AUTH_PATHS } from '../auth/auth.routes';
import { workspaceActionOf } from '../auth/session';

type Access = 'public' | 'user' | 'admin' | 'super_admin';

/**
 * Who may call each /api route. A route that is not listed here fails this test: every new route must
 * say who may call it. `*` at the end of a key matches any rest of the path.
 */
const RULES: Record<string, Access> = {
  'GET /api/health': 'public',
  'GET /api/openapi.json': 'public',
  'GET /api/docs*': 'public',
  'GET /api/setup': 'public',
  'POST /api/setup/admin': 'public',
  'POST /api/auth/sign-in/email': 'public',
  'POST /api/auth/request-password-reset': 'public',
  'POST /api/auth/reset-password': 'public',
  'GET /api/auth/reset-password/:token': 'public',
  'POST /api/auth/sign-out': 'user',
  'GET /api/auth/get-session': 'user',
  // Sign-in with an identity provider (decision 025): public, in front of the library's unmounted
  // /sign-in/social and /callback/:id.
  'GET /api/auth/oidc/config': 'public',
  'GET /api/auth/oidc/start': 'public',
  'GET /api/auth/oidc/callback': 'public',
  'POST /api/trials': 'public',
  'GET /api/users/profile': 'user',
  'PUT /api/users/profile': 'user',
  'POST /api/users/profile/password': 'user',
  'GET /api/users': 'admin',
  'PUT /api/users/:uid': 'admin',
  'POST /api/users/:uid/extend-trial': 'admin',
  'POST /api/users/:uid/unlock': 'admin',
  'POST /api/users': 'super_admin',
  'DELETE /api/users/:uid': 'super_admin',
  'GET /api/trials': 'admin',
  'POST /api/trials/:id/approve': 'super_admin',
  'POST /api/trials/:id/reject': 'super_admin',
  'GET /api/settings': 'super_admin',
  'PUT /api/settings': 'super_admin',
  'GET /api/audit': 'super_admin',
  'GET /api/admin/stats': 'admin',
  'GET /api/ai/status': 'user',
  'GET /api/ai/posts/:id/insights': 'user',
  'POST /api/ai/generatePostInsights': 'user',
  'POST /api/ai/chatWithAI': 'user',
  'POST /api/ai/generateContent': 'user',
  'POST /api/ai/adaptForNetwork': 'user',
  'POST /api/ai/getPostSentiment': 'user',
  'POST /api/ai/analyzePostPerformance': 'user',
  'POST /api/ai/predictBestTimeToPost': 'user',
  'GET /api/posts': 'user',
  'GET /api/posts/drafts': 'user',
  'GET /api/posts/:id': 'user',
  'GET /api/dashboard': 'user',
  'GET /api/analytics/summary': 'user',
  'GET /api/analytics/posts': 'user',
  'GET /api/analytics/timeline': 'user',
  'GET /api/analytics/export.csv': 'user',
  'POST /api/posts': 'user',
  'PUT /api/posts/:id': 'user',
  'POST /api/posts/:id/reschedule': 'user',
  'DELETE /api/posts/:id': 'user',
  'POST /api/posts/:id/retry': 'user',
  'POST /api/posts/:id/approve': 'user',
  'POST /api/posts/:id/reject': 'user',
  'GET /api/posts/:id/history': 'user',
  'GET /api/posts/:id/comments': 'user',
  'POST /api/posts/:id/comments': 'user',
  'GET /api/recurring-posts/:id/comments': 'user',
  'POST /api/recurring-posts/:id/comments': 'user',
  'PATCH /api/comments/:id': 'user',
  'DELETE /api/comments/:id': 'user',
  'GET /api/notifications': 'user',
  'POST /api/notifications/read': 'user',
  'GET /api/review-links': 'user',
  'POST /api/review-links': 'user',
  'DELETE /api/review-links/:id': 'user',
  'GET /api/review/:token': 'public',
  'POST /api/review/:token/posts/:id/approve': 'public',
  'POST /api/review/:token/posts/:id/request-changes': 'public',
  'POST /api/review/:token/posts/:id/comments': 'public',
  'GET /api/recurring-posts': 'user',
  'GET /api/recurring-posts/:id': 'user',
  'POST /api/recurring-posts': 'user',
  'PUT /api/recurring-posts/:id': 'user',
  'POST /api/recurring-posts/:id/approve': 'user',
  'POST /api/recurring-posts/:id/reject': 'user',
  'DELETE /api/recurring-posts/:id': 'user',
  'GET /api/social/:platform/connect': 'user',
  // Reached by browser navigation from the network: decides itself (no session → to /login).
  'GET /api/social/:platform/callback': 'public',
  'POST /api/social/bluesky/connect': 'user',
  'DELETE /api/social/:platform/connection': 'user',
  'PUT /api/social/twitter/settings': 'user',
  'GET /api/social/accounts': 'user',
  'DELETE /api/social/accounts/:id': 'user',
  'PUT /api/social/accounts/:id/settings': 'user',
  'GET /api/social/accounts/:id/schedule': 'user',
  'PUT /api/social/accounts/:id/schedule': 'user',
  'GET /api/social/accounts/:id/queue': 'user',
  'GET /api/queue/free-slots': 'user',
  'PUT /api/social/accounts/:id/queue/order': 'user',
  'PUT /api/social/accounts/:id/queue/skips': 'user',
  // Signed, expiring link handed to networks that pull media: the signature is the permission.
  'GET /api/media/public/:id': 'public',
  'GET /api/media/capabilities': 'user',
  'GET /api/media/storage': 'user',
  'GET /api/media': 'user',
  'GET /api/imports/template': 'user',
  'POST /api/imports': 'user',
  'POST /api/imports/:id/confirm': 'user',
  'GET /api/imports/:id': 'user',
  'GET /api/feeds': 'user',
  'POST /api/feeds': 'user',
  'PUT /api/feeds/:id': 'user',
  'DELETE /api/feeds/:id': 'user',
  'GET /api/evergreen': 'user',
  'GET /api/posts/:id/evergreen': 'user',
  'PUT /api/posts/:id/evergreen': 'user',
  'DELETE /api/posts/:id/evergreen': 'user',
  'POST /api/imports/media': 'user',
  'GET /api/links/settings': 'user',
  'PUT /api/links/settings': 'user',
  'GET /api/links': 'user',
  'PUT /api/links/:id': 'user',
  'POST /api/media': 'user',
  'GET /api/media/:id': 'user',
  'GET /api/media/:id/thumbnail': 'user',
  'DELETE /api/media/:id': 'user',
  'GET /api/variables': 'user',
  'PUT /api/variables/:name': 'user',
  'DELETE /api/variables/:name': 'user',
  'GET /api/templates': 'user',
  'POST /api/templates': 'user',
  'PUT /api/templates/:id': 'user',
  'DELETE /api/templates/:id': 'user',
  'GET /api/hashtags': 'user',
  'GET /api/hashtags/suggestions': 'user',
  'POST /api/hashtags/custom': 'user',
  'DELETE /api/hashtags/custom/:category/:tag': 'user',
  'POST /api/hashtags/recent': 'user',
  'GET /api/posts/by-status': 'user',
  'POST /api/posts/:id/cancel': 'user',
  'POST /api/posts/:id/duplicate': 'user',
  'GET /api/tokens': 'user',
  'POST /api/tokens': 'user',
  'DELETE /api/tokens/:id': 'user',
  'GET /api/admin/tokens': 'admin',
  'DELETE /api/admin/tokens/:id': 'admin',
  'GET /api/alerts/preferences': 'user',
  'PUT /api/alerts/preferences': 'user',
  'GET /api/webhooks': 'user',
  'POST /api/webhooks': 'user',
  'PATCH /api/webhooks/:id': 'user',
  'DELETE /api/webhooks/:id': 'user',
  'POST /api/webhooks/:id/test': 'user',
  'GET /api/webhooks/:id/deliveries': 'user',
  'GET /api/admin/webhooks': 'admin',
  'DELETE /api/admin/webhooks/:id': 'admin',
  'GET /api/workspaces': 'user',
  'POST /api/workspaces': 'user',
  'GET /api/workspaces/:wid': 'user',
  'PATCH /api/workspaces/:wid': 'user',
  'DELETE /api/workspaces/:wid': 'user',
  'GET /api/workspaces/:wid/members': 'user',
  'PATCH /api/workspaces/:wid/members/:uid': 'user',
  'DELETE /api/workspaces/:wid/members/:uid': 'user',
  'DELETE /api/workspaces/:wid/membership': 'user',
  'GET /api/workspaces/:wid/invitations': 'user',
  'POST /api/workspaces/:wid/invitations': 'user',
  'DELETE /api/workspaces/:wid/invitations/:id': 'user',
  // An invitation's link, held by someone who may have no account yet (members.routes.ts).
  'GET /api/invitations/:token': 'public',
  'POST /api/invitations/:token/accept': 'public',
};

/**
 * Routes an API token may not call even when its owner may (403 SESSION_REQUIRED): managing tokens, and
 * what is bound to a browser session (signing out, the password, starting an OAuth consent).
 */
const SESSION_ONLY = new Set([
  'GET /api/tokens',
  'POST /api/tokens',
  'DELETE /api/tokens/:id',
  'GET /api/admin/tokens',
  'DELETE /api/admin/tokens/:id',
  'POST /api/auth/sign-out',
  'POST /api/users/profile/password',
  'GET /api/social/:platform/connect',
  'POST /api/workspaces',
  'DELETE /api/workspaces/:wid',
  'DELETE /api/workspaces/:wid/membership',
]);

const ACTORS = [
  'anonymous',
  'user',
  'another user',
  'admin',
  'super_admin',
  'user token',
  'admin token',
  'super_admin token',
] as const;
type Actor = (typeof ACTORS)[number];
const RANK: Record<Exclude<Actor, 'anonymous'>, number> = {
  user: 1,
  'another user': 1,
  admin: 2,
  super_admin: 3,
  'user token': 1,
  'admin token': 2,
  'super_admin token': 3,
};
/** Token callers, by the signed-in user whose token they hold. */
const TOKEN_OWNER = {
  'user token': 'user',
  'admin token': 'admin',
  'super_admin token': 'super_admin',
} as const;
const isToken = (actor: Actor): actor is keyof typeof TOKEN_OWNER => actor in TOKEN_OWNER;
const NEEDED: Record<Access, number> = { public: 0, user: 1, admin: 2, super_admin: 3 };

function ruleFor(key: string): Access | undefined {
  if (RULES[key]) return RULES[key];
  const wildcard = Object.keys(RULES).find((k) => k.endsWith('*') && key.startsWith(k.slice(0, -1)));
  return wildcard ? RULES[wildcard] : undefined;
}

function expected(key: string, access: Access, actor: Actor): 'allowed' | 401 | 403 {
  if (access === 'public') return 'allowed';
  if (actor === 'anonymous') return 401;
  if (isToken(actor) && SESSION_ONLY.has(key)) return 403;
  return RANK[actor] >= NEEDED[access] ? 'allowed' : 403;
}

const emailOf = (actor: Actor) => `${actor.replace(' ', '-')}@example.com`;

/**
 * Every endpoint the auth library (better-auth and its admin plugin) can answer, by its path under
 * /api/auth: either exposed through one of our routes (EXPOSED_AUTH_PATHS, which the rules above cover)
 * or not mounted at all. A library upgrade that adds an endpoint fails this test until it is listed here.
 */
const NOT_MOUNTED_AUTH_PATHS = [
  '/sign-in/social',
  '/callback/:id',
  '/sign-up/email',
  '/verify-password',
  '/verify-email',
  '/send-verification-email',
  '/change-email',
  '/change-password',
  '/update-session',
  '/update-user',
  '/delete-user',
  '/list-sessions',
  '/revoke-session',
  '/revoke-sessions',
  '/revoke-other-sessions',
  '/link-social',
  '/list-accounts',
  '/delete-user/callback',
  '/unlink-account',
  '/refresh-token',
  '/get-access-token',
  '/account-info',
  '/admin/set-role',
  '/admin/get-user',
  '/admin/create-user',
  '/admin/update-user',
  '/admin/list-users',
  '/admin/list-user-sessions',
  '/admin/unban-user',
  '/admin/ban-user',
  '/admin/impersonate-user',
  '/admin/stop-impersonating',
  '/admin/revoke-user-session',
  '/admin/revoke-user-sessions',
  '/admin/remove-user',
  '/admin/set-user-password',
  '/admin/has-permission',
  '/ok',
  '/error',
];

describe('authorization matrix: every /api route × every kind of caller', () => {
  let t: TestApp;
  const routes: { method: string; url: string }[] = [];
  const cookies: Partial<Record<Actor, string>> = {};
  const tokens: Partial<Record<Actor, string>> = {};
  const headersOf = (actor: Actor): Record<string, string> =>
    actor === 'anonymous'
      ? {}
      : isToken(actor)
        ? { authorization: `Bearer ${tokens[actor]!}` }
        : { cookie: cookies[actor]! };

  beforeAll(async () => {
    t = await createTestApp(
      // Each token calls every route once: more than the default budget of a minute.
      { API_TOKEN_RATE_PER_MINUTE: '100000' },
      {
        onRoute: (route: RouteOptions) => {
          for (const method of [route.method].flat()) {
            if (method !== 'HEAD' && route.url.startsWith('/api')) routes.push({ method, url: route.url });
          }
        },
      },
    );
    for (const [actor, role] of [
      ['user', 'user'],
      ['another user', 'user'],
      ['admin', 'admin'],
      ['super_admin', 'super_admin'],
    ] as const) {
      const email = emailOf(actor);
      await createUser(t.ctx, { email, role });
      cookies[actor] = await signIn(t.app, email);
    }
    for (const [actor, owner] of Object.entries(TOKEN_OWNER) as [Actor, Actor][]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/tokens',
        headers: { cookie: cookies[owner]! },
        payload: { name: actor },
      });
      tokens[actor] = res.json().token;
    }
  });
  afterAll(() => t.close());

  it('has a rule for every route, and every rule names a route', () => {
    const keys = routes.map((r) => `${r.method} ${r.url}`);
    expect(keys.filter((k) => !ruleFor(k))).toEqual([]);
    expect(
      Object.keys(RULES).filter(
        (rule) =>
          !keys.some(
            (k) => ruleFor(k) && (k === rule || (rule.endsWith('*') && k.startsWith(rule.slice(0, -1)))),
          ),
      ),
    ).toEqual([]);
  });

  it('answers each caller as the rule says', async () => {
    const seen: string[] = [];
    for (const [r, { method, url }] of routes.entries()) {
      const access = ruleFor(`${method} ${url}`)!;
      const path = url
        .replace(':uid', 'no-such-user')
        .replace(':wid', '00000000-0000-4000-8000-000000000000')
        .replace(':id', '00000000-0000-4000-8000-000000000000')
        .replace(':category', 'business')
        .replace(':tag', 'nope')
        .replace(':name', 'nope')
        .replace(':token', 'no-such-token');
      for (const [i, actor] of ACTORS.entries()) {
        const res = await t.app.inject({
          method: method as 'GET',
          url: path,
          headers: headersOf(actor),
          remoteAddress: `10.77.${r}.${i}`,
          ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
        });
        // Signing out ends the caller's session: sign in again for the routes after this one.
        if (
          url === '/api/auth/sign-out' &&
          !isToken(actor) &&
          actor !== 'anonymous' &&
          res.statusCode === 200
        )
          cookies[actor] = await signIn(t.app, emailOf(actor));
        const want = expected(`${method} ${url}`, access, actor);
        const got = res.statusCode === 401 || res.statusCode === 403 ? res.statusCode : 'allowed';
        seen.push(`${method} ${url} as ${actor}: ${got}${got === want ? '' : ` (expected ${want})`}`);
        expect(res.statusCode, `${method} ${path} as ${actor}`).toBeLessThan(500);
      }
    }
    expect(seen.filter((line) => line.includes('expected'))).toEqual([]);
  });

  it('classifies every endpoint of the auth library, and the ones not mounted answer 404 to everyone', async () => {
    const library = Object.values(
      t.ctx.auth.api as Record<string, { path?: string; options?: { method?: string | string[] } }>,
    )
      .filter((endpoint) => endpoint.path)
      .map((endpoint) => ({ path: endpoint.path!, methods: [endpoint.options?.method ?? 'GET'].flat() }));
    const exposed: readonly string[] = EXPOSED_AUTH_PATHS;
    expect(
      library.map((e) => e.path).filter((p) => !exposed.includes(p) && !NOT_MOUNTED_AUTH_PATHS.includes(p)),
    ).toEqual([]);
    for (const path of exposed)
      expect(
        routes.some((r) => r.url === `/api/auth${path}`),
        path,
      ).toBe(true);

    const answered: string[] = [];
    for (const { path, methods } of library.filter((e) => NOT_MOUNTED_AUTH_PATHS.includes(e.path))) {
      for (const method of methods.filter((m) => m !== '*')) {
        for (const actor of ACTORS) {
          const res = await t.app.inject({
            method: method as 'GET',
            url: `/api/auth${path.replace(':id', 'credential')}`,
            headers: headersOf(actor),
            ...(method === 'GET' ? {} : { payload: { userId: 'x', role: 'super_admin' } }),
          });
          if (res.statusCode !== 404) answered.push(`${method} ${path} as ${actor}: ${res.statusCode}`);
        }
      }
    }
    expect(answered).toEqual([]);
  });

  it("gives an admin no way to make themselves super_admin through the library's admin endpoints", async () => {
    const admin = await t.app.inject({ url: '/api/auth/get-session', headers: { cookie: cookies.admin! } });
    const { id } = admin.json().user;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/admin/set-role',
      headers: { cookie: cookies.admin! },
      payload: { userId: id, role: 'super_admin' },
    });
    expect(res.statusCode).toBe(404);
    const after = await t.app.inject({ url: '/api/auth/get-session', headers: { cookie: cookies.admin! } });
    expect(after.json().user).toMatchObject({ id, role: 'admin' });
    expect(after.body).not.toContain('token');
  });
});

/**
 * Left out of the loop: signing out ends the session; deleting or leaving the workspace is tested on its
 * own (members.int.test.ts for leaving).
 */
const NOT_IN_LOOP = new Set([
  'POST /api/auth/sign-out',
  'DELETE /api/workspaces/:wid',
  'DELETE /api/workspaces/:wid/membership',
]);

describe('authorization matrix: every workspace route × every workspace role × own and other workspace', () => {
  let t: TestApp;
  const routes: { method: string; url: string; action: WorkspaceAction }[] = [];
  const cookies: Partial<Record<WorkspaceRole | 'outsider', string>> = {};
  let shared = '';
  let elsewhere = '';

  beforeAll(async () => {
    t = await createTestApp(
      { CREATE_RATE_PER_MINUTE: '100000' },
      {
        onRoute: (route: RouteOptions) => {
          for (const method of [route.method].flat()) {
            const key = `${method} ${route.url}`;
            if (method === 'HEAD' || ruleFor(key) !== 'user' || NOT_IN_LOOP.has(key)) continue;
            const action = workspaceActionOf(route.onRequest) ?? 'read';
            routes.push({ method, url: route.url, action });
          }
        },
      },
    );
    for (const who of [...WORKSPACE_ROLES, 'outsider'] as const) {
      const user = await createUser(t.ctx, { email: `${who}@example.com` });
      cookies[who] = await signIn(t.app, `${who}@example.com`);
      if (who === 'outsider') elsewhere = (await personalWorkspace(t.ctx, user.id)).id;
    }
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/workspaces',
      headers: { cookie: cookies.owner! },
      payload: { name: 'Agency' },
    });
    shared = made.json().id;
    const { rows } = await t.ctx.database.executeSql(`select id, email from users`);
    for (const { id, email } of rows as { id: string; email: string }[]) {
      const role = email.split('@')[0] as WorkspaceRole;
      if (role !== 'owner' && WORKSPACE_ROLES.includes(role))
        await t.ctx.database.executeSql(
          `insert into workspace_members (workspace_id, user_id, role) values ($1, $2, $3)`,
          [shared, id, role],
        );
    }
    await t.ctx.changes.sync();
  });
  afterAll(() => t.close());

  it('covers the routes of a member', () => {
    expect(routes.length).toBeGreaterThan(60);
    expect(routes.filter((r) => r.action !== 'read').length).toBeGreaterThan(25);
  });

  it('answers each role as the rules table says, and a workspace of others as one that does not exist', async () => {
    const seen: string[] = [];
    for (const [r, { method, url, action }] of routes.entries()) {
      const path = url
        .replace(':wid', shared)
        .replace(':uid', 'no-such-user')
        .replace(':id', '00000000-0000-4000-8000-000000000000')
        .replace(':category', 'business')
        .replace(':tag', 'nope')
        .replace(':name', 'nope')
        .replace(':platform', 'twitter')
        .replace(':token', 'no-such-token');
      for (const [i, role] of WORKSPACE_ROLES.entries()) {
        for (const [j, workspace] of [shared, elsewhere].entries()) {
          if (url.includes(':wid') && workspace === elsewhere) continue;
          const res = await t.app.inject({
            method: method as 'GET',
            url: path,
            headers: { cookie: cookies[role]!, 'x-postwell-workspace': workspace },
            remoteAddress: `10.${j + 1}.${r}.${i}`,
            ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
          });
          expect(res.statusCode, `${method} ${path} as ${role}`).toBeLessThan(500);
          const code = res.statusCode >= 400 ? (res.json() as { code?: string }).code : undefined;
          const got =
            code === 'WORKSPACE_NOT_FOUND' ? 404 : code === 'WORKSPACE_ROLE' ? 403 : ('allowed' as const);
          const want = workspace === elsewhere ? 404 : can(role, action) ? 'allowed' : 403;
          seen.push(
            `${method} ${url} as ${role} (${action})${j ? ' elsewhere' : ''}: ${got}${got === want ? '' : ` (expected ${want})`}`,
          );
        }
      }
      // Someone who belongs to neither finds the shared workspace exactly as one that does not exist.
      const outsider = await t.app.inject({
        method: method as 'GET',
        url: path,
        headers: { cookie: cookies.outsider!, 'x-postwell-workspace': shared },
        remoteAddress: `10.9.${r}.1`,
        ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
      });
      if (outsider.statusCode !== 404)
        seen.push(`${method} ${url} as an outsider: ${outsider.statusCode} (expected 404)`);
    }
    expect(seen.filter((line) => line.includes('expected'))).toEqual([]);
  });

  it('lets only an owner delete the workspace', async () => {
    for (const role of ['reviewer', 'contributor', 'editor', 'admin'] as const) {
      const res = await t.app.inject({
        method: 'DELETE',
        url: `/api/workspaces/${shared}`,
        headers: { cookie: cookies[role]! },
      });
      expect(res.statusCode, role).toBe(403);
    }
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/workspaces/${shared}`,
      headers: { cookie: cookies.owner! },
    });
    expect(res.statusCode).toBe(204);
  });
});
