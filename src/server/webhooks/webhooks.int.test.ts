import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminWebhook, CreatedWebhook, Delivery, Webhook } from '../../shared/api/webhooks.schemas';
import { startWebhookReceiver, type WebhookReceiver } from '../../../test/fakes/webhook-receiver';
import { waitFor } from '../../../test/publishing-helpers';
import { createTestApp, createUser, signIn, type TestApp } from '../../../test/test-app';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const as = (t: TestApp, cookie: string) => (method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

describe('webhooks: registration and who sees what', () => {
  let t: TestApp;
  let ann: ReturnType<typeof as>;
  let ben: ReturnType<typeof as>;
  let admin: ReturnType<typeof as>;

  beforeAll(async () => {
    // Outside development and test, and without WEBHOOKS_ALLOW_PRIVATE: the production rules.
    t = await createTestApp({ NODE_ENV: 'production' });
    await createUser(t.ctx, { email: 'ann@example.com' });
    await createUser(t.ctx, { email: 'ben@example.com' });
    await createUser(t.ctx, { email: 'ada@example.com', role: 'admin' });
    ann = as(t, await signIn(t.app, 'ann@example.com'));
    ben = as(t, await signIn(t.app, 'ben@example.com'));
    admin = as(t, await signIn(t.app, 'ada@example.com'));
  });
  afterAll(async () => t?.close());

  it('refuses bad input with a 400 naming the field', async () => {
    const cases: [object, string, string][] = [
      [{ events: ['post.published'] }, 'url', 'webhooks.urlInvalid'],
      [{ url: 'not a url', events: ['post.published'] }, 'url', 'webhooks.urlInvalid'],
      [{ url: 'ftp://example.com/x', events: ['post.published'] }, 'url', 'webhooks.urlInvalid'],
      [{ url: 'https://u:p@93.184.216.34/x', events: ['post.published'] }, 'url', 'webhooks.urlCredentials'],
      // User info of any kind, even empty, and a backslash, which parsers read differently.
      [{ url: 'https://:@8.8.8.8/', events: ['post.published'] }, 'url', 'webhooks.urlCredentials'],
      [{ url: 'https://hook@8.8.8.8/', events: ['post.published'] }, 'url', 'webhooks.urlCredentials'],
      [{ url: 'https://8.8.8.8\\@127.0.0.1/', events: ['post.published'] }, 'url', 'webhooks.urlBackslash'],
      [{ url: 'https:\\\\8.8.8.8/x', events: ['post.published'] }, 'url', 'webhooks.urlBackslash'],
      [{ url: 'https://93.184.216.34/x', events: [] }, 'events', 'webhooks.eventsRequired'],
      [{ url: 'https://93.184.216.34/x', events: ['post.deleted'] }, 'events.0', 'webhooks.eventsInvalid'],
      [
        { url: `https://93.184.216.34/${'a'.repeat(2100)}`, events: ['post.published'] },
        'url',
        'webhooks.urlInvalid',
      ],
    ];
    for (const [body, field, key] of cases) {
      const res = await ann('POST', '/api/webhooks', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fields[field], res.body).toBe(key);
    }
  });

  it('refuses plain http and private, loopback and link-local addresses (SSRF)', async () => {
    const refused: [string, string][] = [
      ['http://93.184.216.34/hook', 'webhooks.urlNotHttps'],
      ['https://127.0.0.1/hook', 'webhooks.urlPrivate'],
      ['https://localhost:8443/hook', 'webhooks.urlPrivate'],
      ['https://10.0.0.8/hook', 'webhooks.urlPrivate'],
      ['https://192.168.1.20/hook', 'webhooks.urlPrivate'],
      ['https://169.254.169.254/latest/meta-data', 'webhooks.urlPrivate'],
      ['https://[::1]/hook', 'webhooks.urlPrivate'],
      ['https://[fd00::1]/hook', 'webhooks.urlPrivate'],
      ['https://[::ffff:127.0.0.1]/hook', 'webhooks.urlPrivate'],
      // IPv4-compatible (::/96): [::127.0.0.1] is ::7f00:1, which ipaddr.js calls unicast.
      ['https://[::127.0.0.1]/hook', 'webhooks.urlPrivate'],
      ['https://[::8.8.8.8]/hook', 'webhooks.urlPrivate'],
      ['https://[::ffff:10.0.0.1]/hook', 'webhooks.urlPrivate'],
      ['https://0x7f.1/hook', 'webhooks.urlPrivate'],
      ['https://224.0.0.1/hook', 'webhooks.urlPrivate'],
    ];
    for (const [url, key] of refused) {
      const res = await ann('POST', '/api/webhooks', { url, events: ['post.published'] });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({ code: 'WEBHOOK_URL_REFUSED', fields: { url: key } });
    }
    expect((await ann('GET', '/api/webhooks')).json().data).toEqual([]);
  });

  it('creates, lists, turns off and deletes an endpoint, shows the secret once and audits', async () => {
    const created = await ann('POST', '/api/webhooks', {
      url: 'https://93.184.216.34/hooks/postwell',
      events: ['post.published', 'target.failed', 'post.published'],
    });
    expect(created.statusCode, created.body).toBe(201);
    const hook = created.json<CreatedWebhook>();
    expect(hook).toMatchObject({ events: ['post.published', 'target.failed'], scope: 'own', enabled: true });
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(hook.secret.startsWith(hook.secretPrefix)).toBe(true);
    const { rows } = await t.ctx.database.executeSql(
      'select secret_sealed from webhook_endpoints where id = $1',
      [hook.id],
    );
    expect(JSON.stringify(rows)).not.toContain(hook.secret.slice(6));

    const listed = (await ann('GET', '/api/webhooks')).json<{ data: Webhook[] }>().data;
    expect(listed).toHaveLength(1);
    expect(JSON.stringify(listed)).not.toContain(hook.secret);

    const off = await ann('PATCH', `/api/webhooks/${hook.id}`, { enabled: false });
    expect(off.json()).toMatchObject({ enabled: false });
    expect((await ann('POST', `/api/webhooks/${hook.id}/test`)).json().code).toBe('WEBHOOK_DISABLED');
    expect((await ann('PATCH', `/api/webhooks/${hook.id}`, {})).statusCode).toBe(400);

    expect((await ann('DELETE', `/api/webhooks/${hook.id}`)).statusCode).toBe(200);
    expect((await ann('GET', '/api/webhooks')).json().data).toEqual([]);
    const audit = await t.ctx.database.executeSql(
      `select action from audit_log where action like 'webhook.%' order by created_at`,
    );
    expect((audit.rows as { action: string }[]).map((r) => r.action)).toEqual([
      'webhook.created',
      'webhook.deleted',
    ]);
  });

  it('stores and answers the URL as it will be called (normalised)', async () => {
    const created = await ann('POST', '/api/webhooks', {
      url: ' HTTPS://93.184.216.34:443/a/../hooks/%7Ein?x=1 ',
      events: ['post.published'],
    });
    expect(created.statusCode, created.body).toBe(201);
    const normalised = 'https://93.184.216.34/hooks/%7Ein?x=1';
    expect(created.json<CreatedWebhook>().url).toBe(normalised);
    expect((await ann('GET', '/api/webhooks')).json<{ data: Webhook[] }>().data[0]!.url).toBe(normalised);
    const { rows } = await t.ctx.database.executeSql('select url from webhook_endpoints where id = $1', [
      created.json<CreatedWebhook>().id,
    ]);
    expect(rows).toEqual([{ url: normalised }]);
    expect((await ann('DELETE', `/api/webhooks/${created.json<CreatedWebhook>().id}`)).statusCode).toBe(200);
  });

  it("keeps another user's endpoints invisible; an administrator sees and deletes any", async () => {
    const hook = (
      await ann('POST', '/api/webhooks', { url: 'https://93.184.216.34/ann', events: ['post.published'] })
    ).json<CreatedWebhook>();
    expect((await ben('GET', '/api/webhooks')).json().data).toEqual([]);
    for (const [method, url, body] of [
      ['GET', `/api/webhooks/${hook.id}/deliveries`],
      ['POST', `/api/webhooks/${hook.id}/test`],
      ['PATCH', `/api/webhooks/${hook.id}`, { enabled: false }],
      ['DELETE', `/api/webhooks/${hook.id}`],
    ] as [Method, string, object?][]) {
      const res = await ben(method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await ben('GET', '/api/admin/webhooks')).statusCode).toBe(403);
    expect(
      (
        await ben('POST', '/api/webhooks', {
          url: 'https://93.184.216.34/x',
          events: ['target.failed'],
          scope: 'all',
        })
      ).statusCode,
    ).toBe(403);

    const all = (await admin('GET', '/api/admin/webhooks')).json<{ data: AdminWebhook[]; total: number }>();
    expect(all.total).toBe(1);
    expect(all.data[0]).toMatchObject({ id: hook.id, owner: { email: 'ann@example.com' } });
    expect(JSON.stringify(all)).not.toContain(hook.secret);

    const removed = await admin('DELETE', `/api/admin/webhooks/${hook.id}`);
    expect(removed.statusCode).toBe(200);
    expect((await ann('GET', '/api/webhooks')).json().data).toEqual([]);
    const audit = await t.ctx.database.executeSql(
      `select target_email from audit_log where action = 'webhook.deleted_by_admin'`,
    );
    expect(audit.rows).toEqual([{ target_email: 'ann@example.com' }]);
  });
});

describe('webhooks: signed deliveries to a local receiver', () => {
  let t: TestApp;
  let receiver: WebhookReceiver;
  let ann: ReturnType<typeof as>;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    t = await createTestApp({
      WEBHOOKS_ALLOW_PRIVATE: 'true',
      WEBHOOK_MAX_ATTEMPTS: '3',
      WEBHOOK_RETRY_BASE_MS: '150',
      WEBHOOK_TIMEOUT_MS: '2000',
    });
    await createUser(t.ctx, { email: 'ann@example.com' });
    ann = as(t, await signIn(t.app, 'ann@example.com'));
    await t.ctx.deliverer().start();
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  const deliveriesOf = async (id: string) =>
    (await ann('GET', `/api/webhooks/${id}/deliveries`)).json<{ data: Delivery[] }>().data;

  it('sends a test that the receiver verifies, and logs it', async () => {
    const hook = (
      await ann('POST', '/api/webhooks', { url: `${receiver.url}/in?src=pw`, events: ['post.published'] })
    ).json<CreatedWebhook>();
    receiver.secret = hook.secret;
    const queued = await ann('POST', `/api/webhooks/${hook.id}/test`);
    expect(queued.statusCode, queued.body).toBe(202);
    expect(queued.json()).toMatchObject({ event: 'webhook.test', status: 'pending' });

    const got = await waitFor(async () => receiver.received[0], 10_000, 'the test delivery');
    expect(got.verified).toBe(true);
    expect(got.path).toBe('/in?src=pw');
    expect(got.headers['postwell-event']).toBe('webhook.test');
    expect(got.headers['postwell-delivery']).toBe(queued.json().id);
    expect(JSON.parse(got.body)).toMatchObject({ type: 'webhook.test', data: { webhookId: hook.id } });

    const [logged] = await waitFor(async () => {
      const list = await deliveriesOf(hook.id);
      return list[0]?.status === 'succeeded' ? list : undefined;
    });
    expect(logged).toMatchObject({
      event: 'webhook.test',
      status: 'succeeded',
      attempts: 1,
      responseCode: 200,
    });
    expect(receiver.received).toHaveLength(1);
    // A signature made with another secret does not verify.
    receiver.secret = 'whsec_someone-else';
    expect(
      (await import('../../../test/fakes/webhook-receiver')).verifySignature(
        got.headers['postwell-signature'] as string,
        got.body,
        receiver.secret,
      ),
    ).toBe(false);
  });

  it('retries a failing receiver with backoff, then records the failure with a bounded excerpt', async () => {
    receiver.received.length = 0;
    receiver.answer = 500;
    receiver.answerBody = `boom ${'x'.repeat(5000)}`;
    const hook = (
      await ann('POST', '/api/webhooks', { url: `${receiver.url}/failing`, events: ['target.failed'] })
    ).json<CreatedWebhook>();
    receiver.secret = hook.secret;
    await ann('POST', `/api/webhooks/${hook.id}/test`);

    const retrying = await waitFor(async () => {
      const [d] = await deliveriesOf(hook.id);
      return d?.status === 'retrying' ? d : undefined;
    });
    expect(retrying).toMatchObject({ attempts: 1, responseCode: 500 });
    expect(retrying.nextAttemptAt).not.toBeNull();

    const [failed] = await waitFor(
      async () => {
        const list = await deliveriesOf(hook.id);
        return list[0]?.status === 'failed' ? list : undefined;
      },
      15_000,
      'the delivery to fail for good',
    );
    expect(failed).toMatchObject({ status: 'failed', attempts: 3, responseCode: 500 });
    expect(failed!.responseExcerpt!.startsWith('boom xxx')).toBe(true);
    expect(failed!.responseExcerpt!.length).toBeLessThanOrEqual(300);
    expect(receiver.received).toHaveLength(3);
    expect(receiver.received.every((r) => r.verified)).toBe(true);
    // Each try signs the same body again with its own timestamp; the retries waited (150 ms, then 600 ms).
    expect(new Set(receiver.received.map((r) => r.body)).size).toBe(1);
    receiver.answer = 200;
    receiver.answerBody = 'ok';
  });

  it('ends a delivery whose endpoint was turned off before its try, without sending it', async () => {
    receiver.received.length = 0;
    const hook = (
      await ann('POST', '/api/webhooks', { url: `${receiver.url}/later-off`, events: ['target.failed'] })
    ).json<CreatedWebhook>();
    await ann('PATCH', `/api/webhooks/${hook.id}`, { enabled: false });
    // A delivery queued just before the endpoint was turned off, tried by a worker of its own.
    const { rows } = await t.ctx.database.executeSql(
      `insert into webhook_deliveries (endpoint_id, event, body) values ($1, 'target.failed', '{}') returning id`,
      [hook.id],
    );
    await t.ctx.deliverer().deliver((rows[0] as { id: string }).id);
    const [d] = await deliveriesOf(hook.id);
    expect(d).toMatchObject({ status: 'failed', errorCode: 'endpoint_disabled', attempts: 0 });
    expect(receiver.received).toEqual([]);
  });

  it('does not follow a redirect', async () => {
    receiver.received.length = 0;
    receiver.answer = (request) => (request.path === '/moved' ? 302 : 200);
    const hook = (
      await ann('POST', '/api/webhooks', { url: `${receiver.url}/moved`, events: ['target.failed'] })
    ).json<CreatedWebhook>();
    await ann('POST', `/api/webhooks/${hook.id}/test`);
    const [d] = await waitFor(async () => {
      const list = await deliveriesOf(hook.id);
      return list[0]?.status === 'retrying' ? list : undefined;
    });
    expect(d).toMatchObject({ responseCode: 302 });
    // Retries (150 ms apart here) may have come already on a busy machine: each went to /moved again.
    expect(new Set(receiver.received.map((r) => r.path))).toEqual(new Set(['/moved']));
    await ann('DELETE', `/api/webhooks/${hook.id}`);
    receiver.answer = 200;
  });
});
