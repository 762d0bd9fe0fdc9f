import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type ChildServer, startServer } from '../../../test/child-server';
import { freePort } from '../../../test/publishing-helpers';

const TOKEN = 'a-metrics-token-of-the-roles-test-0123';

/** The real entry point (main.ts) in its roles: who beats, and where /metrics answers. */
describe('health and metrics of the processes main.ts starts', () => {
  const stops: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const stop of stops.splice(0).reverse()) await stop();
  });
  const start = async (args: string[], env: Record<string, string> = {}): Promise<ChildServer> => {
    const dataDir = await mkdtemp(join(tmpdir(), 'postwell-roles-'));
    const server = await startServer({ DATA_DIR: dataDir, ...env }, { port: await freePort(), args });
    stops.push(async () => {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    });
    return server;
  };

  it('an API started alone says no worker runs', async () => {
    const api = await start(['--role=api']);
    const health = await (await fetch(`${api.base}/api/health`)).json();
    expect(health).toMatchObject({ status: 'degraded', worker: 'missing', workerSeenSecondsAgo: null });
  }, 60_000);

  it('a process of every role beats before it answers, and serves /metrics on its admin port', async () => {
    const metricsPort = await freePort();
    const all = await start(['--role=all'], { METRICS_TOKEN: TOKEN, METRICS_PORT: String(metricsPort) });
    const health = await (await fetch(`${all.base}/api/health`)).json();
    expect(health).toMatchObject({ status: 'ok', worker: 'ok', queue: 'ok' });

    const admin = `http://127.0.0.1:${metricsPort}/metrics`;
    expect((await fetch(admin)).status).toBe(401);
    const scraped = await fetch(admin, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(scraped.status).toBe(200);
    expect(await scraped.text()).toContain(
      'postwell_http_request_duration_seconds_count{route="/api/health"',
    );
    expect((await fetch(`${all.base}/metrics`)).status).toBe(401);
  }, 60_000);
});
