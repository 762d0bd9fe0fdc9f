import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedWebhook } from '../../shared/api/webhooks.schemas';
import { startLinkedinFake, type LinkedinFake } from '../../../test/fakes/linkedin';
import { startXFake, type XFake } from '../../../test/fakes/twitter';
import {
  startWebhookReceiver,
  verifySignature,
  type ReceivedDelivery,
  type WebhookReceiver,
} from '../../../test/fakes/webhook-receiver';
import {
  callAs,
  connectOAuth,
  createPost,
  sleep,
  waitFor,
  waitUntilSettled,
  type Call,
} from '../../../test/publishing-helpers';
import { createTestApp, createUser, signIn, type TestApp } from '../../../test/test-app';
import type { Publisher } from '../publishing/publisher';

interface EventJson {
  id: string;
  type: string;
  data: Record<string, unknown> & {
    postId?: string;
    platform?: string;
    targets?: { platform: string; status: string; accountId: string | null }[];
  };
}

/** The events from real publishing: the worker records outcomes, and the deliveries go out signed. */
describe('webhook events fired by publishing', () => {
  let t: TestApp;
  let x: XFake;
  let linkedin: LinkedinFake;
  let receiver: WebhookReceiver;
  let publisher: Publisher;
  let ann: Call;
  const secrets: Record<string, string> = {};

  beforeAll(async () => {
    [x, linkedin, receiver] = await Promise.all([startXFake(), startLinkedinFake(), startWebhookReceiver()]);
    t = await createTestApp({
      ...x.env,
      ...linkedin.env,
      PUBLISH_RETRY_BASE_MS: '50',
      PUBLISH_MAX_ATTEMPTS: '2',
      PUBLISH_POLL_SECONDS: '0.5',
      WEBHOOKS_ALLOW_PRIVATE: 'true',
    });
    for (const [email, role] of [
      ['ann@example.com', 'user'],
      ['ben@example.com', 'user'],
      ['ada@example.com', 'admin'],
    ] as const)
      await createUser(t.ctx, { email, role });
    ann = callAs(t, await signIn(t.app, 'ann@example.com'));
    const ben = callAs(t, await signIn(t.app, 'ben@example.com'));
    const ada = callAs(t, await signIn(t.app, 'ada@example.com'));
    const register = async (call: Call, path: string, events: string[], scope = 'own') => {
      const res = await call('POST', '/api/webhooks', { url: `${receiver.url}${path}`, events, scope });
      expect(res.statusCode, res.body).toBe(201);
      secrets[path] = res.json<CreatedWebhook>().secret;
    };
    const all = ['post.published', 'post.partially_failed', 'target.failed', 'account.needs_reconnect'];
    await register(ann, '/ann', all);
    await register(ben, '/ben', all);
    // An administrator's endpoint for every user's failures.
    await register(ada, '/ops', ['target.failed'], 'all');
    await connectOAuth(ann, 'twitter');
    await connectOAuth(ann, 'linkedin');
    publisher = t.ctx.publisher();
    await publisher.start();
    await t.ctx.deliverer().start();
  }, 60_000);
  afterAll(async () => {
    await publisher?.stop();
    await t?.close();
    await Promise.all([x?.close(), linkedin?.close(), receiver?.close()]);
  });

  const eventsAt = (path: string) =>
    receiver.received.filter((r) => r.path === path).map((r) => JSON.parse(r.body) as EventJson);
  const about = (postId: string) => (path: string) => eventsAt(path).filter((e) => e.data.postId === postId);
  const waitForEvents = (path: string, pick: (e: EventJson) => boolean, n: number) =>
    waitFor(
      async () => {
        const found = eventsAt(path).filter(pick);
        return found.length >= n ? found : undefined;
      },
      20_000,
      `${n} event(s) at ${path}`,
    );
  const signedRight = (r: ReceivedDelivery) =>
    verifySignature(r.headers['postwell-signature'] as string, r.body, secrets[r.path]!);

  it('announces a post published on every network, to its owner only', async () => {
    const post = await createPost(ann, { text: 'Webhooks hello', platforms: ['twitter', 'linkedin'] });
    expect((await waitUntilSettled(ann, post.id)).status).toBe('published');
    const [published] = await waitForEvents('/ann', (e) => e.data.postId === post.id, 1);
    expect(published).toMatchObject({
      type: 'post.published',
      data: { postId: post.id, status: 'published' },
    });
    expect(published!.data.targets!.map((target) => [target.platform, target.status])).toEqual([
      ['linkedin', 'published'],
      ['twitter', 'published'],
    ]);
    // Each names the account it went to, as GET /api/social/accounts lists it.
    const accounts = (await ann('GET', '/api/social/accounts')).json<{ data: { id: string }[] }>().data;
    for (const target of published!.data.targets!)
      expect(accounts.map((a) => a.id)).toContain(target.accountId);
    await sleep(500);
    expect(about(post.id)('/ann')).toHaveLength(1);
    expect(about(post.id)('/ops')).toEqual([]);
  });

  it('announces a network that failed for good and the post partially failed; the admin hears of the failure', async () => {
    linkedin.fault.next('500', { method: 'POST' });
    linkedin.fault.next('500', { method: 'POST' });
    const post = await createPost(ann, { text: 'Half of it fails', platforms: ['twitter', 'linkedin'] });
    expect((await waitUntilSettled(ann, post.id)).status).toBe('partially_failed');
    const events = await waitForEvents('/ann', (e) => e.data.postId === post.id, 2);
    expect(events.map((e) => e.type).sort()).toEqual(['post.partially_failed', 'target.failed']);
    expect(events.find((e) => e.type === 'target.failed')!.data).toMatchObject({ platform: 'linkedin' });
    const [ops] = await waitForEvents('/ops', (e) => e.data.postId === post.id, 1);
    expect(ops).toMatchObject({ type: 'target.failed', data: { platform: 'linkedin' } });
    // The same event (same id) went to both endpoints.
    expect(events.find((e) => e.type === 'target.failed')!.id).toBe(ops!.id);
  });

  it('announces an account that needs reconnecting, once', async () => {
    linkedin.revokeToken(linkedin.tokens.at(-1)!.accessToken);
    const post = await createPost(ann, { text: 'To a revoked account', platforms: ['linkedin'] });
    expect((await waitUntilSettled(ann, post.id)).status).toBe('failed');
    const [reconnect] = await waitForEvents('/ann', (e) => e.type === 'account.needs_reconnect', 1);
    expect(reconnect!.data).toMatchObject({ platform: 'linkedin' });
    await waitForEvents('/ann', (e) => e.type === 'target.failed' && e.data.postId === post.id, 1);

    const again = await createPost(ann, { text: 'Still revoked', platforms: ['linkedin'] });
    await waitUntilSettled(ann, again.id);
    await waitForEvents('/ann', (e) => e.type === 'target.failed' && e.data.postId === again.id, 1);
    await sleep(300);
    expect(eventsAt('/ann').filter((e) => e.type === 'account.needs_reconnect')).toHaveLength(1);
  });

  it("signs every delivery with its endpoint's secret and tells another user nothing", () => {
    expect(receiver.received.length).toBeGreaterThan(0);
    expect(receiver.received.filter((r) => !signedRight(r))).toEqual([]);
    expect(eventsAt('/ben')).toEqual([]);
  });
});
