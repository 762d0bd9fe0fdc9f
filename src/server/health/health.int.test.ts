import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { sendMailJob } from '../mail/send-mail.job';

describe('health, OpenAPI, 404s and the SPA fallback', () => {
  let t: TestApp;
  beforeAll(async () => {
    const web = await mkdtemp(join(tmpdir(), 'postwell-web-'));
    await writeFile(join(web, 'index.html'), '<!doctype html><title>spa</title>');
    t = await createTestApp({ WEB_DIST_DIR: web });
  });
  afterAll(() => t.close());

  it('says so when no worker runs (an api alone): degraded, still 200, status words and numbers only', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'degraded',
      database: 'ok',
      queue: 'ok',
      worker: 'missing',
      workerSeenSecondsAgo: null,
      queueLagSeconds: 0,
    });
  });

  it('is ok while a worker beats, missing a minute after its last beat, and reports the queue lag', async () => {
    let now = new Date('2026-11-24T10:00:00Z');
    const app = await createTestApp({}, { clock: () => now });
    try {
      const health = async () => (await app.app.inject({ url: '/api/health' })).json();
      const heartbeat = app.ctx.heartbeat('worker');
      await heartbeat.start();
      heartbeat.stop();
      expect(await health()).toEqual({
        status: 'ok',
        database: 'ok',
        queue: 'ok',
        worker: 'ok',
        workerSeenSecondsAgo: 0,
        queueLagSeconds: 0,
      });
      now = new Date(now.getTime() + 45_000);
      expect(await health()).toMatchObject({ status: 'ok', worker: 'ok', workerSeenSecondsAgo: 45 });
      now = new Date(now.getTime() + 30_000);
      expect(await health()).toMatchObject({
        status: 'degraded',
        worker: 'missing',
        workerSeenSecondsAgo: 75,
      });

      // A job due 90 s before "now" that no worker started: its wait is the lag.
      await heartbeat.start();
      heartbeat.stop();
      await app.ctx.queue.send(
        sendMailJob,
        { outboxId: randomUUID() },
        { startAfter: new Date(now.getTime() - 90_000) },
      );
      expect(await health()).toMatchObject({ status: 'ok', worker: 'ok', queueLagSeconds: 90 });
      now = new Date(now.getTime() + 40_000);
      // Over two minutes of lag is degraded even with a worker seen.
      expect(await health()).toMatchObject({ status: 'degraded', worker: 'ok', queueLagSeconds: 130 });
    } finally {
      await app.close();
    }
  });

  it('reports the queue unavailable, not a 500, when the queue cannot be read', async () => {
    const broken = await createTestApp();
    broken.ctx.monitoring.health = async () => {
      throw new Error('relation "pgboss.job" does not exist');
    };
    const res = await broken.app.inject({ url: '/api/health' });
    await broken.close();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'degraded', queue: 'unavailable', worker: 'missing' });
    expect(res.body).not.toContain('pgboss');
  });

  it('answers 503 with a clear error when the database does not answer', async () => {
    const broken = await createTestApp();
    const ping = broken.ctx.database.ping;
    broken.ctx.database.ping = async () => {
      throw new Error('connection refused');
    };
    const res = await broken.app.inject({ url: '/api/health' });
    broken.ctx.database.ping = ping;
    await broken.close();
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      code: 'DATABASE_UNAVAILABLE',
      message: 'The database does not answer.',
    });
    expect(res.body).not.toContain('connection refused');
  });

  it('serves an OpenAPI document generated from the route schemas, and a reference page', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/health',
        '/api/users/profile',
        '/api/trials',
        '/api/auth/sign-in/email',
        '/api/setup/admin',
      ]),
    );
    expect(doc.paths['/api/trials'].post.requestBody.content['application/json'].schema.required).toEqual([
      'name',
      'email',
    ]);
    const page = await t.app.inject({ url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
  });

  it('answers unknown /api paths with a JSON 404, and other paths with the SPA', async () => {
    const api = await t.app.inject({ url: '/api/does-not-exist' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({
      statusCode: 404,
      code: 'NOT_FOUND',
      message: 'No route GET /api/does-not-exist.',
    });
    const spa = await t.app.inject({ url: '/posts/anything?x=1' });
    expect(spa.statusCode).toBe(200);
    expect(spa.body).toContain('<title>spa</title>');
  });

  it('refuses malformed JSON with a 400 that says so, never a 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/trials',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/JSON/i);
  });

  it('sets security headers', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain("style-src 'self' 'unsafe-inline'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['x-powered-by']).toBeUndefined();
    // Not only on routes that answer: an unknown API path gets them too.
    const missing = await t.app.inject({ url: '/api/nothing-here' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-security-policy']).toBe(res.headers['content-security-policy']);
  });
});
