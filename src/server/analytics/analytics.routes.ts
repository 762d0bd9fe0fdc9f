import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AnalyticsPostListSchema,
  AnalyticsPostsQuerySchema,
  AnalyticsRangeQuerySchema,
  AnalyticsSummarySchema,
  AnalyticsTimelineSchema,
} from '../../shared/api/analytics.schemas';
import { ApiErrorSchema } from '../../shared/api/errors.schemas';
import { type Guards, userOf } from '../auth/session';
import type { AnalyticsService } from './analytics.service';

const E = ApiErrorSchema;
const RANGE =
  '`from` and `to` are days (YYYY-MM-DD) in your profile time zone, both included, at most 366 days ' +
  'apart; left out, the last 30 days. Only your own posts, whatever your role.';

export async function analyticsRoutes(
  app: FastifyInstance,
  { analytics, guards }: { analytics: AnalyticsService; guards: Guards },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = guards.requireUser;
  const tags = ['analytics'];

  r.get(
    '/api/analytics/summary',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Per network: posts published in the range and the sums of their latest figures',
        description: `${RANGE} A figure no post of a network gave (Bluesky has no reach) is null, not 0.`,
        querystring: AnalyticsRangeQuerySchema,
        response: { 200: AnalyticsSummarySchema, 400: E, 401: E },
      },
    },
    async (request) => analytics.summary(userOf(request), request.query),
  );

  r.get(
    '/api/analytics/posts',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Each published post of the range per network, with its latest figures and reading state',
        description: RANGE,
        querystring: AnalyticsPostsQuerySchema,
        response: { 200: AnalyticsPostListSchema, 400: E, 401: E },
      },
    },
    async (request) => analytics.listPosts(userOf(request), request.query),
  );

  r.get(
    '/api/analytics/timeline',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Likes, shares and comments gained each day of the range',
        description: RANGE,
        querystring: AnalyticsRangeQuerySchema,
        response: { 200: AnalyticsTimelineSchema, 400: E, 401: E },
      },
    },
    async (request) => analytics.timeline(userOf(request), request.query),
  );

  r.get(
    '/api/analytics/export.csv',
    {
      onRequest,
      schema: {
        tags,
        summary: 'The posts of the range with their latest figures, as CSV (a header row, then one per post)',
        description: `${RANGE} Cells a spreadsheet would read as a formula are prefixed with a quote.`,
        querystring: AnalyticsRangeQuerySchema,
        response: {
          200: {
            description: 'The CSV file, UTF-8, as an attachment',
            content: { 'text/csv': { schema: z.string() } },
          },
          400: E,
          401: E,
        },
      },
    },
    async (request, reply) => {
      const { range, csv } = await analytics.exportCsv(userOf(request), request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="postwell-analytics-${range.from}-${range.to}.csv"`,
        )
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
}
