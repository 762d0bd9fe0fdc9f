import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { TestNetwork } from '@atproto/dev-env';
import { LOOPBACK, onLoopback } from './loopback';
import { pdsHandle, type TestPdsHandle } from './pds';
import { freePort } from './free-port';
import { freshDatabase } from './test-app';

/**
 * The whole local Bluesky network of `@atproto/dev-env` (`TestNetwork`): PLC directory, PDS, the
 * AppView (bsky) with its dataplane on PostgreSQL, and the Ozone moderation service it needs. Posts,
 * likes and reposts written on the PDS reach the AppView through the PDS's firehose, and the PDS
 * proxies `app.bsky.*` reads to it, exactly as on bsky.social. Every server binds 127.0.0.1.
 *
 * It needs PostgreSQL (a database of its own per network, dropped by `close`) and the name of a Redis,
 * which `TestNetwork` insists on (`REDIS_HOST`) though this version opens no connection to it: the one
 * answering on 127.0.0.1:6379, else a redis-server of our own on a free loopback port.
 */

const REDIS_PORT = 6379;
/** Schema names the AppView and Ozone prefix (`appview_…`, `ozone_…`); letters only. */
const SCHEMA = 'postwell';

/** True when a Redis answers PING on 127.0.0.1:`port`. */
async function redisAnswers(port: number): Promise<boolean> {
  const socket = net.connect({ host: LOOPBACK, port });
  socket.setTimeout(1000, () => socket.destroy());
  try {
    await once(socket, 'connect');
    socket.write('PING\r\n');
    const [reply] = (await once(socket, 'data')) as [Buffer];
    return reply.toString().startsWith('+PONG');
  } catch {
    return false;
  } finally {
    socket.destroy();
  }
}

const hasRedisServer = () => spawnSync('redis-server', ['--version']).status === 0;

/** Why the network cannot run here, or null when it can: for `describe.skipIf`. */
export async function blueskyNetworkUnavailable(): Promise<string | null> {
  if (process.env.TEST_DB !== 'postgres' || !process.env.TEST_DATABASE_URL)
    return 'the AppView needs PostgreSQL: runs in the db-postgres project (TEST_DATABASE_URL)';
  if (!(await redisAnswers(REDIS_PORT)) && !hasRedisServer())
    return `the AppView needs Redis: none answers on ${LOOPBACK}:${REDIS_PORT} and redis-server is not installed`;
  return null;
}

/** A Redis host to name: the running one, or our own, stopped by `stop`. */
async function redisHost(dir: string): Promise<{ host: string; stop: () => Promise<void> }> {
  if (await redisAnswers(REDIS_PORT)) return { host: `${LOOPBACK}:${REDIS_PORT}`, stop: async () => {} };
  const port = await freePort();
  const child: ChildProcess = spawn(
    'redis-server',
    ['--bind', LOOPBACK, '--port', String(port), '--save', '', '--appendonly', 'no', '--dir', dir],
    { stdio: 'ignore' },
  );
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    await exited;
  };
  const deadline = Date.now() + 10_000;
  while (!(await redisAnswers(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`redis-server did not start on ${LOOPBACK}:${port}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { host: `${LOOPBACK}:${port}`, stop };
}

export interface BlueskyNetworkHandle extends TestPdsHandle {
  /** Waits until the AppView has indexed everything the PDS has written so far. */
  indexed(): Promise<void>;
}

/** Starts a network; 5–15 s. Call it once per test file, after `blueskyNetworkUnavailable()`. */
export async function startBlueskyNetwork(): Promise<BlueskyNetworkHandle> {
  const started = performance.now();
  const dir = await mkdtemp(path.join(tmpdir(), 'postwell-bsky-'));
  const cleanups: (() => Promise<void>)[] = [() => rm(dir, { recursive: true, force: true })];
  const cleanUp = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  };
  try {
    const { url: dbPostgresUrl, drop } = await freshDatabase();
    if (!dbPostgresUrl) throw new Error('the Bluesky network needs TEST_DB=postgres');
    cleanups.push(drop);
    const redis = await redisHost(dir);
    cleanups.push(redis.stop);
    const previousRedis = process.env.REDIS_HOST;
    process.env.REDIS_HOST = redis.host;
    const network = await onLoopback(dir, () =>
      TestNetwork.create({ dbPostgresUrl, dbPostgresSchema: SCHEMA }),
    ).finally(() => {
      if (previousRedis === undefined) delete process.env.REDIS_HOST;
      else process.env.REDIS_HOST = previousRedis;
    });
    cleanups.push(() => network.close());
    return Object.assign(pdsHandle(network.pds.port, started, cleanUp), {
      indexed: () => network.processAll(20_000),
    });
  } catch (error) {
    await cleanUp();
    throw error;
  }
}
