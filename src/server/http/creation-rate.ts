import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import { AppError } from './errors';

/**
 * A route's `config.rateLimit` for creating things a user keeps (recurring posts, templates, variables,
 * custom tags): `perMinute` per user and route, in this process's memory like every other rate here.
 * Counted after the guard and the body's validation (preHandler), so a refused or malformed request
 * costs nothing; the 429 names the limit and says when to try again (Retry-After, retryAfterSeconds).
 */
export function creationRate(perMinute: number, what: string): RateLimitOptions {
  return {
    max: perMinute,
    timeWindow: '1 minute',
    hook: 'preHandler',
    // The guard has run: every request here has a user (the address only keeps the type honest).
    keyGenerator: (request: FastifyRequest) => request.sessionUser?.id ?? request.ip,
    errorResponseBuilder: (_request, context) => {
      const retryAfterSeconds = Math.max(1, Math.ceil(context.ttl / 1000));
      return new AppError(
        429,
        'RATE_LIMITED',
        `Too many ${what}: at most ${perMinute} a minute. Try again in ${retryAfterSeconds} seconds.`,
        { retryAfterSeconds, params: { max: perMinute } },
      );
    },
  };
}
