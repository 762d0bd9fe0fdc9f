import { randomBytes } from 'node:crypto';
import { json } from './fake-server';
import type { FakeReply, FakeRequest } from './fake-server';
import type { FakeMetrics } from './shared';

/**
 * The Graph API as the Facebook and Instagram fakes both answer it: its error bodies, how it reads
 * parameters, times and lists, and its numeric ids.
 */

/** A Graph error to inject with `failNext` or answer from a route. */
export interface GraphErrorSpec {
  /** HTTP status; Graph uses 400 for almost everything (default 400). */
  status?: number;
  code: number;
  subcode?: number;
  message?: string;
  type?: string;
  isTransient?: boolean;
  userMessage?: string;
  headers?: Record<string, string>;
}

/** Graph's error answer. */
export function graphError(spec: GraphErrorSpec): FakeReply {
  return json(
    spec.status ?? 400,
    {
      error: {
        message: spec.message ?? `(#${spec.code}) error`,
        type: spec.type ?? 'OAuthException',
        code: spec.code,
        ...(spec.subcode === undefined ? {} : { error_subcode: spec.subcode }),
        ...(spec.isTransient === undefined ? {} : { is_transient: spec.isTransient }),
        ...(spec.userMessage ? { error_user_msg: spec.userMessage } : {}),
        fbtrace_id: randomBytes(8).toString('base64url'),
      },
    },
    spec.headers,
  );
}

/** The request's parameters as Graph reads them: query, then form or multipart text fields. */
export function params(req: FakeRequest): Record<string, string> {
  const merged: Record<string, string> = Object.fromEntries(req.query);
  Object.assign(merged, req.form ?? {});
  for (const part of req.parts ?? [])
    if (part.filename === undefined) merged[part.name] = part.data.toString('utf8');
  return merged;
}

/** Graph-style time: `2024-05-01T12:00:00+0000`. */
export const graphTimestamp = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, '+0000');

/** Graph accepts a version prefix (`/v21.0/me`); the fakes route without it. */
export const stripVersion = (path: string) => path.replace(/^\/v\d+(\.\d+)?(?=\/)/, '');

/** A Graph time parameter (`since`, `until`): unix seconds or a date string; NaN when neither. */
export function graphTimeParam(value: string): number {
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  return Date.parse(value);
}

/** What a Graph list request asks for: its fields and the page window (see `pageNewestFirst`). */
export interface GraphListRequest {
  fields: string[];
  window: { limit: number; after: string | null; since?: number; until?: number };
}

/** Graph's largest page. */
const MAX_GRAPH_LIMIT = 100;

/**
 * Reads a Graph list request: `fields` (default `defaults`; unknown ones are Graph's 400), `limit`
 * (default 25, at most 100), `since` / `until`, and the `after` cursor; or the Graph error to answer.
 */
export function graphList(
  req: FakeRequest,
  known: readonly string[],
  defaults = known,
): GraphListRequest | FakeReply {
  const fields = (req.query.get('fields') ?? defaults.join(',')).split(',').filter(Boolean);
  const unknown = fields.find((field) => !known.includes(field));
  if (unknown)
    return graphError({ code: 100, message: `(#100) Tried accessing nonexisting field (${unknown})` });
  const limit = Number(req.query.get('limit') ?? 25);
  if (!Number.isInteger(limit) || limit < 1)
    return graphError({ code: 100, message: '(#100) The parameter limit must be a positive integer' });
  const window: GraphListRequest['window'] = {
    limit: Math.min(limit, MAX_GRAPH_LIMIT),
    after: req.query.get('after'),
  };
  for (const name of ['since', 'until'] as const) {
    const value = req.query.get(name);
    if (value === null) continue;
    const at = graphTimeParam(value);
    if (!Number.isFinite(at)) return graphError({ code: 100, message: `(#100) Invalid parameter ${name}` });
    window[name] = at;
  }
  return { fields, window };
}

/** Only the fields asked for (`id` always), leaving out absent values. */
export function pickFields(
  fields: readonly string[],
  values: Record<string, unknown>,
): Record<string, unknown> {
  const picked: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values))
    if ((key === 'id' || fields.includes(key)) && value !== undefined) picked[key] = value;
  return picked;
}

/**
 * Graph's `paging` for a page: while more follow, the `after` cursor and `next`, the same request with
 * that cursor, on this fake's host (as Graph's own links are on graph.facebook.com); nothing on the last.
 */
export function graphPaging(req: FakeRequest, after: string | undefined) {
  if (!after) return {};
  const next = new URL(req.url.pathname + req.url.search, `http://${req.headers.host ?? '127.0.0.1'}`);
  next.searchParams.set('after', after);
  return { cursors: { after }, next: next.toString() };
}

let idCounter = 100_000_000;
/** A numeric Graph id, unique within the test process. */
export const nextGraphId = () => String(++idCounter);

/** A field list as Graph reads `fields`: top-level names, with any `.summary(…)`/`.limit(…)` modifiers cut off. */
const fieldNames = (req: FakeRequest) =>
  (params(req).fields ?? '').split(',').map((field) => field.split('.')[0]!.trim());

/**
 * A Page post's counts as `GET /{post-id}?fields=reactions.summary(total_count),comments.summary(…),shares`
 * answers them: each edge with an empty `data` and its `summary`, and `shares` left out when nobody
 * shared (as Graph does).
 */
export function pagePostCounts(req: FakeRequest, id: string, counts: FakeMetrics): FakeReply {
  const fields = fieldNames(req);
  const edge = (total: number | undefined) =>
    total === undefined ? undefined : { data: [], summary: { total_count: total } };
  return json(200, {
    id,
    ...(fields.includes('reactions') && counts.likes !== undefined ? { reactions: edge(counts.likes) } : {}),
    ...(fields.includes('comments') && counts.comments !== undefined
      ? { comments: edge(counts.comments) }
      : {}),
    ...(fields.includes('shares') && counts.shares ? { shares: { count: counts.shares } } : {}),
  });
}

/**
 * `GET /{object}/insights?metric=a,b`: one entry per metric with its lifetime value, in `values` as
 * Graph answers post insights. `known` maps each metric the object has to its count; asking for one it
 * lacks is Graph's (#100) error, and a count the test left undefined is left out of the answer.
 */
export function insightsReply(
  req: FakeRequest,
  id: string,
  known: Record<string, number | undefined>,
): FakeReply {
  const metrics = (params(req).metric ?? '').split(',').filter(Boolean);
  const unknown = metrics.find((metric) => !(metric in known));
  if (!metrics.length || unknown)
    return graphError({
      code: 100,
      message: `(#100) metric[0] must be one of the following values: ${Object.keys(known).join(', ')}`,
    });
  const data = metrics
    .filter((metric) => known[metric] !== undefined)
    .map((metric) => ({
      name: metric,
      period: 'lifetime',
      values: [{ value: known[metric] }],
      title: metric,
      description: metric,
      id: `${id}/insights/${metric}/lifetime`,
    }));
  return json(200, { data });
}
