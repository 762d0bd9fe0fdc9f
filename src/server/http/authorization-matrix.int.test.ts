import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, signIn, type TestApp } from '../../../test/test-app';

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
  'GET /api/auth/*': 'public',
  'POST /api/auth/*': 'public',
  'POST /api/trials': 'public',
  'GET /api/users/profile': 'user',
  'PUT /api/users/profile': 'user',
  'POST /api/users/profile/password': 'user',
  'GET /api/users': 'admin',
  'PUT /api/users/:uid': 'admin',
  'POST /api/users/:uid/extend-trial': 'admin',
  'POST /api/users': 'super_admin',
  'DELETE /api/users/:uid': 'super_admin',
  'GET /api/trials': 'admin',
  'POST /api/trials/:id/approve': 'super_admin',
  'POST /api/trials/:id/reject': 'super_admin',
  'GET /api/settings': 'super_admin',
  'PUT /api/settings': 'super_admin',
  'GET /api/audit': 'super_admin',
  'GET /api/admin/stats': 'admin',
  'GET /api/posts': 'user',
  'GET /api/posts/:id': 'user',
  'POST /api/posts': 'user',
  'PUT /api/posts/:id': 'user',
  'POST /api/posts/:id/reschedule': 'user',
  'DELETE /api/posts/:id': 'user',
  'POST /api/posts/:id/retry': 'user',
  'GET /api/social/:platform/connect': 'user',
  // Reached by browser navigation from the network: decides itself (no session → to /login).
  'GET /api/social/:platform/callback': 'public',
  'POST /api/social/bluesky/connect': 'user',
  'DELETE /api/social/:platform/connection': 'user',
  'PUT /api/social/twitter/settings': 'user',
  // Signed, expiring link handed to networks that pull media: the signature is the permission.
  'GET /api/media/public/:id': 'public',
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
};

const ACTORS = ['anonymous', 'user', 'another user', 'admin', 'super_admin'] as const;
type Actor = (typeof ACTORS)[number];
const RANK: Record<Exclude<Actor, 'anonymous'>, number> = {
  user: 1,
  'another user': 1,
  admin: 2,
  super_admin: 3,
};
const NEEDED: Record<Access, number> = { public: 0, user: 1, admin: 2, super_admin: 3 };

function ruleFor(key: string): Access | undefined {
  if (RULES[key]) return RULES[key];
  const wildcard = Object.keys(RULES).find((k) => k.endsWith('*') && key.startsWith(k.slice(0, -1)));
  return wildcard ? RULES[wildcard] : undefined;
}

function expected(access: Access, actor: Actor): 'allowed' | 401 | 403 {
  if (access === 'public') return 'allowed';
  if (actor === 'anonymous') return 401;
  return RANK[actor] >= NEEDED[access] ? 'allowed' : 403;
}

describe('authorization matrix: every /api route × every kind of caller', () => {
  let t: TestApp;
  const routes: { method: string; url: string }[] = [];
  const cookies: Partial<Record<Actor, string>> = {};

  beforeAll(async () => {
    t = await createTestApp(
      {},
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
      const email = `${actor.replace(' ', '-')}@example.com`;
      await createUser(t.ctx, { email, role });
      cookies[actor] = await signIn(t.app, email);
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
        .replace(':id', '00000000-0000-4000-8000-000000000000')
        .replace(':category', 'business')
        .replace(':tag', 'nope')
        .replace(':name', 'nope')
        .replace('*', 'get-session');
      for (const [i, actor] of ACTORS.entries()) {
        const res = await t.app.inject({
          method: method as 'GET',
          url: path,
          headers: actor === 'anonymous' ? {} : { cookie: cookies[actor]! },
          remoteAddress: `10.77.${r}.${i}`,
          ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
        });
        const want = expected(access, actor);
        const got = res.statusCode === 401 || res.statusCode === 403 ? res.statusCode : 'allowed';
        seen.push(`${method} ${url} as ${actor}: ${got}${got === want ? '' : ` (expected ${want})`}`);
        expect(res.statusCode, `${method} ${path} as ${actor}`).toBeLessThan(500);
      }
    }
    expect(seen.filter((line) => line.includes('expected'))).toEqual([]);
  });
});
