import type { AddressInfo } from 'node:net';
import parsePrometheusTextFormat, { type PromFamily } from 'parse-prometheus-text-format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startXFake, type XFake } from '../../../test/fakes/twitter';
import {
  callAs,
  connectOAuth,
  createPost,
  waitUntilSettled,
  type Call,
} from '../../../test/publishing-helpers';
import { createTestApp, signedInUsers, type TestApp } from '../../../test/test-app';
import type { Publisher } from '../publishing/publisher';
import { startMetricsServer, tokenMatches } from './metrics.routes';

const TOKEN = 'metrics-token-for-the-test-0123456789';

describe('/metrics in Prometheus text format', () => {
  let t: TestApp;
  let x: XFake;
  let ann: Call;
  let publisher: Publisher;

  beforeAll(async () => {
    x = await startXFake();
    t = await createTestApp({ ...x.env, METRICS_TOKEN: TOKEN, PUBLISH_POLL_SECONDS: '0.5' });
    ann = callAs(t, (await signedInUsers(t, 'ann')).ann);
    publisher = t.ctx.publisher();
    await publisher.start();
  });
  afterAll(async () => {
    await publisher?.stop();
    await t?.close();
    await x?.close();
  });

  /**
   * The parsed scrape. The parser (1.1.1) folds a histogram with labels into one sample without them,
   * so histograms are also read a second time with their TYPE line left out: each of `_bucket`, `_sum`
   * and `_count` then comes as a family of its own, labels kept.
   */
  const scrape = async (): Promise<PromFamily[]> => {
    const res = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const untyped = res.body.replace(/^# TYPE \S+ histogram\n/gm, '');
    return [...parsePrometheusTextFormat(res.body), ...parsePrometheusTextFormat(untyped)];
  };
  /** The family `name`, its samples gathered (read untyped, each label set comes as a family of its own). */
  const family = (families: PromFamily[], name: string): PromFamily => {
    const found = families.filter((f) => f.name === name);
    if (!found.length) throw new Error(`no metric ${name}`);
    return { ...found[0]!, metrics: found.flatMap((f) => f.metrics) };
  };
  const sample = (f: PromFamily, labels: Record<string, string>) =>
    f.metrics.find((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v));

  it('refuses a scrape without the token, or with a wrong one, and leaks nothing', async () => {
    for (const authorization of [undefined, 'Bearer wrong', `Basic ${TOKEN}`, `Bearer ${TOKEN}x`]) {
      const res = await t.app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(res.statusCode, authorization).toBe(401);
      expect(res.headers['www-authenticate']).toContain('Bearer');
      expect(res.body).not.toContain('postwell_');
    }
    expect(tokenMatches(TOKEN, TOKEN)).toBe(true);
    expect(tokenMatches(TOKEN.slice(0, -1), TOKEN)).toBe(false);
  });

  it('counts publishes by network and outcome, their lateness, queues and HTTP latency by route', async () => {
    await connectOAuth(ann, 'twitter');
    const published = await createPost(ann, { text: 'Counted by Prometheus', platforms: ['twitter'] });
    expect((await waitUntilSettled(ann, published.id)).status).toBe('published');
    x.fault.next('garbage', { method: 'POST', path: '/2/tweets' });
    const failed = await createPost(ann, { text: 'This one fails for good', platforms: ['twitter'] });
    expect((await waitUntilSettled(ann, failed.id)).status).toBe('failed');
    t.ctx.metrics.webhookDelivery('delivered');

    const families = await scrape();
    const publishes = family(families, 'postwell_publishes_total');
    expect(publishes.type).toBe('COUNTER');
    expect(sample(publishes, { network: 'twitter', outcome: 'published' })?.value).toBe('1');
    expect(sample(publishes, { network: 'twitter', outcome: 'failed' })?.value).toBe('1');

    expect(family(families, 'postwell_publish_lateness_seconds').type).toBe('HISTOGRAM');
    const lateness = family(families, 'postwell_publish_lateness_seconds_count');
    expect(sample(lateness, { network: 'twitter' })?.value).toBe('1');

    // The route's pattern, never the URL with the post's id in it.
    expect(family(families, 'postwell_http_request_duration_seconds').type).toBe('HISTOGRAM');
    const http = family(families, 'postwell_http_request_duration_seconds_count');
    expect(sample(http, { route: '/api/posts/:id', method: 'GET', status: '2xx' })).toBeDefined();
    expect(http.metrics.some((m) => m.labels?.route?.includes(published.id))).toBe(false);
    await t.app.inject({ url: `/api/no-such-thing/${published.id}` });
    const after = family(await scrape(), 'postwell_http_request_duration_seconds_count');
    expect(sample(after, { route: 'unmatched', status: '4xx' })).toBeDefined();
    expect(after.metrics.some((m) => m.labels?.route?.includes(published.id))).toBe(false);

    const lag = family(families, 'postwell_queue_lag_seconds');
    expect(sample(lag, { queue: 'publish-target' })).toBeDefined();
    expect(sample(family(families, 'postwell_queue_due_jobs'), { queue: 'publish-target' })?.value).toBe('0');
    expect(
      sample(family(families, 'postwell_webhook_deliveries_total'), { outcome: 'delivered' })?.value,
    ).toBe('1');
    for (const name of ['postwell_renders_total', 'postwell_metric_collections_total'])
      expect(family(families, name).type).toBe('COUNTER');
  });

  it('keeps each app instance’s counters apart', async () => {
    const other = await createTestApp({ METRICS_TOKEN: TOKEN });
    try {
      const res = await other.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      const publishes = parsePrometheusTextFormat(res.body).find(
        (f) => f.name === 'postwell_publishes_total',
      );
      expect(publishes?.metrics ?? []).toEqual([]);
    } finally {
      await other.close();
    }
  });

  it('answers 404 without METRICS_TOKEN, and serves the admin port on 127.0.0.1', async () => {
    const plain = await createTestApp();
    try {
      const res = await plain.app.inject({ url: '/metrics' });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('postwell_');
      const server = await startMetricsServer({
        metrics: plain.ctx.metrics,
        port: 0,
        logger: plain.ctx.logger,
      });
      try {
        const { address, port } = server.server.address() as AddressInfo;
        expect(address).toBe('127.0.0.1');
        const scraped = await fetch(`http://127.0.0.1:${port}/metrics`);
        expect(scraped.status).toBe(200);
        expect(await scraped.text()).toContain('# TYPE postwell_publishes_total counter');
      } finally {
        await server.close();
      }
    } finally {
      await plain.close();
    }
  });
});
