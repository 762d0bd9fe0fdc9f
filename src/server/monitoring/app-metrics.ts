import type { QueueStat } from '../jobs/queue';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';

/** HTTP methods a route can have; anything else is counted as `other` (a bounded label). */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

export type PublishOutcome = 'published' | 'failed' | 'retry';
export type RenderOutcome = 'ready' | 'failed' | 'cancelled';
export type CollectionOutcome = 'read' | 'paused' | 'failed';
export type WebhookOutcome = 'delivered' | 'retry' | 'failed';

export type { QueueStat } from '../jobs/queue';

/**
 * The process's Prometheus metrics (decision 024). One registry per app instance, never the global one,
 * so that two apps in one test process count apart. Labels hold only bounded values: a network, an
 * outcome, a queue's name, a route's pattern.
 */
export function createAppMetrics(options: { queueStats?: () => Promise<QueueStat[]> } = {}) {
  const registry = new Registry();
  const publishes = new Counter({
    name: 'postwell_publishes_total',
    help: 'Publish attempts by network and outcome (published, failed for good, retry later)',
    labelNames: ['network', 'outcome'] as const,
    registers: [registry],
  });
  const lateness = new Histogram({
    name: 'postwell_publish_lateness_seconds',
    help: 'How long after its scheduled time a target was published',
    labelNames: ['network'] as const,
    buckets: [1, 5, 15, 30, 60, 120, 300, 900, 1800, 3600, 4 * 3600],
    registers: [registry],
  });
  const http = new Histogram({
    name: 'postwell_http_request_duration_seconds',
    help: 'HTTP requests by route pattern, method and status class',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const renders = new Counter({
    name: 'postwell_renders_total',
    help: 'Video renders by outcome',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const collections = new Counter({
    name: 'postwell_metric_collections_total',
    help: 'Reads of published posts’ figures by network and outcome',
    labelNames: ['network', 'outcome'] as const,
    registers: [registry],
  });
  const webhooks = new Counter({
    name: 'postwell_webhook_deliveries_total',
    help: 'Webhook delivery attempts by outcome',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  // One read of the queue per scrape, shared by its three gauges (prom-client collects them together).
  let reading: { at: number; stats: Promise<QueueStat[] | null> } | undefined;
  const readQueue = () => {
    if (!options.queueStats) return Promise.resolve(null);
    if (!reading || performance.now() - reading.at > 1000)
      // A database that does not answer leaves the last values; the rest of the scrape still answers.
      reading = { at: performance.now(), stats: options.queueStats().catch(() => null) };
    return reading.stats;
  };
  const queueGauge = (name: string, help: string, pick: (s: QueueStat) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['queue'] as const,
      registers: [registry],
      async collect() {
        const stats = await readQueue();
        if (!stats) return;
        this.reset();
        for (const s of stats) this.set({ queue: s.queue }, pick(s));
      },
    });
  queueGauge('postwell_queue_due_jobs', 'Jobs due and not yet started, per queue', (s) => s.due);
  queueGauge('postwell_queue_active_jobs', 'Jobs running now, per queue', (s) => s.active);
  queueGauge(
    'postwell_queue_lag_seconds',
    'How long the oldest due job of each queue has waited to start',
    (s) => s.lagSeconds,
  );

  const httpSeries = new Map<string, ReturnType<typeof http.labels>>();
  return {
    registry,
    publish(network: string, outcome: PublishOutcome) {
      publishes.inc({ network, outcome });
    },
    publishLateness(network: string, seconds: number) {
      lateness.observe({ network }, Math.max(0, seconds));
    },
    /** `route` is the router's pattern (`/api/posts/:id`), never the URL as sent. */
    httpRequest(route: string | undefined, method: string, statusCode: number, seconds: number) {
      const labels = {
        route: route ?? 'unmatched',
        method: METHODS.has(method) ? method : 'other',
        status: `${Math.floor(statusCode / 100)}xx`,
      };
      // One child per label set (bounded: routes × methods × classes), so a request does not hash
      // its labels again.
      const key = `${labels.route} ${labels.method} ${labels.status}`;
      let series = httpSeries.get(key);
      if (!series) httpSeries.set(key, (series = http.labels(labels)));
      series.observe(seconds);
    },
    render(outcome: RenderOutcome) {
      renders.inc({ outcome });
    },
    metricCollection(network: string, outcome: CollectionOutcome) {
      collections.inc({ network, outcome });
    },
    /** For the webhooks feature: one call per delivery attempt. */
    webhookDelivery(outcome: WebhookOutcome) {
      webhooks.inc({ outcome });
    },
    /** The text Prometheus scrapes. */
    text: () => registry.metrics(),
    contentType: registry.contentType,
  };
}
export type AppMetrics = ReturnType<typeof createAppMetrics>;
