import type { WorkspaceRole } from '../src/shared/workspaces/rules';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { Logger } from 'pino';
import pg from 'pg';
import type { Role } from '../src/shared/roles';
import { buildApp } from '../src/server/app';
import { type AppContext, createContext, JOBS } from '../src/server/context';
import { createChangeFeed } from '../src/server/db/change-feed';
import { type Database, openDatabase } from '../src/server/db/client';
import { loadEnv, NETWORK_DEFAULTS } from '../src/server/env';
import { createLogger } from '../src/server/logger';
import { startQueue } from '../src/server/jobs/queue';
import type { Platform } from '../src/shared/platforms/rules';
import type { PlatformAdapter } from '../src/server/platforms/contract';
import { createAdapters } from '../src/server/platforms/registry';

export const PUBLIC_URL = 'http://localhost:3000';

/** A closed port on this machine: a call no test pointed at a fake fails at once, and stays here. */
export const NOWHERE = 'http://127.0.0.1:9';

/**
 * Every URL the server calls that defaults to a service on the internet, at NOWHERE unless the test sets
 * it (issue 23). Sign-in pages (`*_AUTH_URL`) are only handed to browsers and keep their defaults.
 */
function offlineUrls(env: Record<string, string>): Record<string, string> {
  return {
    BLUESKY_SERVICE_URL: NOWHERE,
    ...Object.fromEntries(
      Object.keys(NETWORK_DEFAULTS).flatMap((network) => [
        [`${network}_TOKEN_URL`, NOWHERE],
        [`${network}_API_URL`, NOWHERE],
      ]),
    ),
    // A bucket without an endpoint is Amazon's.
    ...(env.S3_BUCKET ? { S3_ENDPOINT: NOWHERE } : {}),
  };
}

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  close(): Promise<void>;
}

/**
 * The real app on a fresh database of its own: in-memory PGlite, or a new PostgreSQL database on
 * TEST_DATABASE_URL when the project runs with TEST_DB=postgres. Dropped again by close().
 */
export interface TestAppOptions {
  clock?: () => Date;
  onRoute?: (route: RouteOptions) => void;
  /** The token key, when a child process must read what this app stored (scale-out tests). */
  encryptionKey?: Buffer;
  /** Replace some networks' adapters (the rest are the real ones, configured from env). */
  adapters?: Partial<Record<Platform, PlatformAdapter>>;
  /** The app's logger, for a test that reads what was logged. */
  logger?: Logger;
  /**
   * Database change notices this app never hears (the payload, e.g. `auth:<user>`): for a test of what
   * the process knows from its own writes before the database's notice of them arrives.
   */
  dropNotice?: (payload: string) => boolean;
}

export async function createTestApp(
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const { url, drop } = await freshDatabase();
  const dataDir = await mkdtemp(join(tmpdir(), 'postwell-test-'));
  const database = await openDatabase({ url });
  const config = loadEnv({
    ...(url ? { DATABASE_URL: url } : {}),
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PUBLIC_URL,
    WEB_DIST_DIR: '/nonexistent',
    DATA_DIR: dataDir,
    ...offlineUrls(env),
    ...env,
  });
  const logger = options.logger ?? createLogger(process.env.TEST_LOG_LEVEL ?? 'silent');
  // The real queue on the test's database; workers run only when a test starts the publisher.
  const queue = await startQueue(database, logger, {
    worker: false,
    jobs: JOBS,
  });
  const ctx = createContext({
    env: config,
    database,
    logger,
    queue,
    secret: randomBytes(32).toString('hex'),
    encryptionKey: options.encryptionKey ?? randomBytes(32),
    clock: options.clock,
    changes: await createChangeFeed(withoutNotices(database, options.dropNotice), logger),
    ...(options.adapters ? { adapters: { ...createAdapters(config), ...options.adapters } } : {}),
  });
  const app = await buildApp(ctx, { onRoute: options.onRoute });
  await app.ready();
  return {
    app,
    ctx,
    async close() {
      await app.close();
      await queue.stop();
      await database.close();
      await drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The database as the change feed hears it: without the notices `drop` picks. */
function withoutNotices(database: Database, drop?: (payload: string) => boolean): Database {
  if (!drop) return database;
  return {
    ...database,
    listen: (channel, handlers) =>
      database.listen(channel, {
        ...handlers,
        message: (payload) => {
          if (!drop(payload)) handlers.message(payload);
        },
      }),
  };
}

export async function freshDatabase(): Promise<{ url?: string; drop: () => Promise<void> }> {
  if (process.env.TEST_DB !== 'postgres') return { url: undefined, drop: async () => {} };
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `postwell_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** A user made the way an administrator makes one, with a known password. */
export async function createUser(
  ctx: AppContext,
  input: { email: string; role?: Role; name?: string; password?: string },
) {
  const { user } = await ctx.auth.api.createUser({
    body: {
      email: input.email,
      password: input.password ?? 'correct-horse-1',
      name: input.name ?? input.email.split('@')[0]!,
      role: (input.role ?? 'user') as never,
    },
  });
  return user;
}

/** Signs in through the HTTP API and returns the session cookie to send with later requests. */
export async function signIn(
  app: FastifyInstance,
  email: string,
  password = 'correct-horse-1',
): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email, password },
  });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  return cookieFrom(response.headers['set-cookie']);
}

export function cookieFrom(header: string | string[] | undefined): string {
  const list = Array.isArray(header) ? header : header ? [header] : [];
  const cookie = list.map((c) => c.split(';')[0]).join('; ');
  if (!cookie) throw new Error('no session cookie was set');
  return cookie;
}

/** Users made by name (`name@example.com`, role user) and signed in: their session cookies by name. */
export async function signedInUsers<N extends string>(t: TestApp, ...names: N[]): Promise<Record<N, string>> {
  const cookies = {} as Record<N, string>;
  for (const name of names) {
    await createUser(t.ctx, { email: `${name}@example.com` });
    cookies[name] = await signIn(t.app, `${name}@example.com`);
  }
  return cookies;
}

/**
 * A team (issue 25): users signed in by name, the first of whom makes the workspace `name` and owns it,
 * the others its members with the roles given. Answers their cookies, their ids and the workspace's id.
 */
export async function teamWorkspace<O extends string, M extends string, X extends string = never>(
  t: TestApp,
  name: string,
  owner: O,
  members: Record<M, WorkspaceRole>,
  ...others: X[]
) {
  type N = O | M | X;
  const everyone: N[] = [owner, ...(Object.keys(members) as M[]), ...others];
  const cookies = await signedInUsers<N>(t, ...everyone);
  const ids = {} as Record<N, string>;
  const { rows } = await t.ctx.database.executeSql(`select id, email from users`);
  for (const row of rows as { id: string; email: string }[]) ids[row.email.split('@')[0] as N] = row.id;
  const made = await t.app.inject({
    method: 'POST',
    url: '/api/workspaces',
    headers: { cookie: cookies[owner] },
    payload: { name },
  });
  const workspace = made.json<{ id: string }>().id;
  for (const [who, role] of Object.entries(members) as [M, WorkspaceRole][])
    await t.ctx.database.executeSql(
      `insert into workspace_members (workspace_id, user_id, role) values ($1, $2, $3)`,
      [workspace, ids[who], role],
    );
  await t.ctx.changes.sync();
  return { cookies, ids, workspace };
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * `app.inject` as a member of a team (their cookie from `cookies`), in the workspace `workspace()`
 * unless told another. Lazy, as `t` and the workspace are made in a `beforeAll`.
 */
export const memberCaller =
  (t: () => TestApp, cookies: Record<string, string>, workspace: () => string) =>
  (who: string, method: Method | 'PATCH', url: string, payload?: object, inWorkspace: string = workspace()) =>
    t().app.inject({
      method,
      url,
      headers: { cookie: cookies[who], 'x-postwell-workspace': inWorkspace },
      ...(payload ? { payload } : {}),
    });

/** `app.inject` on behalf of the holder of a session cookie, with an optional JSON body. */
export const requestAs = (t: TestApp) => (cookie: string, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

/** A user's personal workspace, as the guard hands it to their requests (decision 042). */
export async function personalWorkspace(ctx: AppContext, userId: string) {
  const [workspace] = await ctx.workspacesRepo.membershipsOf(userId);
  if (!workspace?.personal) throw new Error(`${userId} has no personal workspace`);
  return workspace;
}
