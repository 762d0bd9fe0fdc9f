import { createHash, timingSafeEqual } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { FastifyBaseLogger } from 'fastify';
import type { AppMetrics } from './app-metrics';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Compares in constant time (over SHA-256 digests, so a length difference tells nothing either). */
export function tokenMatches(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * `GET /metrics` in Prometheus text format (decision 024). On the app's own port it exists only with
 * METRICS_TOKEN set and asks for `Authorization: Bearer <METRICS_TOKEN>` (401 otherwise); without a
 * token it answers 404 like any unknown path. `requireToken: false` is for the admin port on
 * 127.0.0.1 (METRICS_PORT) when no token is set.
 */
export async function metricsRoutes(
  app: FastifyInstance,
  deps: { metrics: AppMetrics; token?: string; requireToken: boolean },
) {
  const notFound = (reply: FastifyReply) =>
    reply.status(404).send({ statusCode: 404, code: 'NOT_FOUND', message: 'No route GET /metrics.' });
  app.get(
    '/metrics',
    {
      schema: { hide: true },
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
    },
    async (request: FastifyRequest, reply: FastifyReply) => {
      if (deps.requireToken && !deps.token) return notFound(reply);
      if (deps.token) {
        const match = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '');
        if (!match || !tokenMatches(match[1]!.trim(), deps.token)) {
          return reply
            .status(401)
            .header('www-authenticate', 'Bearer realm="metrics"')
            .send({ statusCode: 401, code: 'UNAUTHORIZED', message: 'A valid metrics token is required.' });
        }
      }
      const text = await deps.metrics.text();
      return reply.header('cache-control', 'no-store').type(deps.metrics.contentType).send(text);
    },
  );
}

/**
 * The admin port (METRICS_PORT): `/metrics` alone, on 127.0.0.1 only, in any role. A worker process,
 * which has no HTTP server of its own, publishes its counters here.
 */
export async function startMetricsServer(deps: {
  metrics: AppMetrics;
  token?: string;
  port: number;
  logger: FastifyBaseLogger;
}) {
  const server = Fastify({ loggerInstance: deps.logger });
  await metricsRoutes(server, { metrics: deps.metrics, token: deps.token, requireToken: false });
  await server.listen({ port: deps.port, host: '127.0.0.1' });
  return server;
}
