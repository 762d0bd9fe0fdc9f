import { z } from 'zod';
import type { Platform } from '../../shared/platforms/rules';
import { PlatformError, type PublishInput } from './contract';
import { PLATFORM_NAMES } from '../../shared/platforms/names';
import { expectShape, requestJson, unexpectedAnswer } from './http';
import type { RequestOptions } from './http';
import { type ResumeVerdict, findNewestFirst, resumeVerdict } from './resume';

/**
 * The Graph API, as Facebook Pages and Instagram (with Instagram Login) both speak it. Graph answers
 * most failures with HTTP 400 and a code in the body, so every call goes through `graphRequest`, which
 * reads that code (190 expired token → auth, 4/17/32/613 rate limit → transient); lists page with a
 * `paging` block that resume follows (`findInGraphList`).
 */

export type GraphPlatform = Extract<Platform, 'facebook' | 'instagram'>;

/** Graph's rate limits reset within the hour; without readable headers we wait this long. */
const RATE_LIMIT_WAIT_MS = 60_000;

const GraphErrorBody = z.object({
  error: z.object({
    message: z.string(),
    type: z.string().optional(),
    code: z.number().optional(),
    error_subcode: z.number().optional(),
    is_transient: z.boolean().optional(),
    error_user_msg: z.string().optional(),
    fbtrace_id: z.string().optional(),
  }),
});
type GraphError = z.infer<typeof GraphErrorBody>['error'];

/** Instagram's token endpoint (api.instagram.com) still answers errors the old flat way. */
const FlatErrorBody = z.object({ error_message: z.string(), code: z.number().optional() });

const RATE_LIMIT_CODES = new Set([4, 17, 32, 613]);
const AUTH_CODES = new Set([102, 190]);

/** Graph's error code turned into how we handle it (docs: "Handling Errors", Graph API). */
function classifyGraphError(platform: GraphPlatform, graph: GraphError, status: number): PlatformError {
  const code = graph.code ?? 0;
  const message = graph.error_user_msg || graph.message;
  if (AUTH_CODES.has(code) || code === 10 || (code >= 200 && code < 300))
    return new PlatformError('auth', message, { status, code: 'token_invalid' });
  if (RATE_LIMIT_CODES.has(code) || (code >= 80001 && code <= 80014))
    return new PlatformError('transient', `${PLATFORM_NAMES[platform]} rate limit reached`, {
      status,
      code: 'rate_limited',
      retryAfterMs: RATE_LIMIT_WAIT_MS,
    });
  if (graph.is_transient || code === 1 || code === 2)
    return new PlatformError('transient', message, { status, code: 'server_error' });
  return new PlatformError('permanent', message, { status });
}

/**
 * `requestJson` for Graph: the same transport classification, then a 4xx re-classified by the Graph
 * error code in its body. Answers the parsed body.
 */
export async function graphRequest(
  platform: GraphPlatform,
  url: string,
  {
    notFound,
    ...options
  }: Omit<RequestOptions, 'errorMessage'> & {
    /** The failure for an object Graph says does not exist (code 100, subcode 33), when it means more. */
    notFound?: () => PlatformError;
  },
): Promise<unknown> {
  let graph: GraphError | undefined;
  const errorMessage = (body: unknown) => {
    const parsed = GraphErrorBody.safeParse(body);
    if (parsed.success) graph = parsed.data.error;
    const flat = FlatErrorBody.safeParse(body);
    return graph ? graph.error_user_msg || graph.message : flat.success ? flat.data.error_message : undefined;
  };
  try {
    return (await requestJson(platform, url, { ...options, errorMessage })).body;
  } catch (error) {
    if (!(error instanceof PlatformError) || !graph) throw error;
    if (notFound && graph.code === 100 && graph.error_subcode === 33) throw notFound();
    const classified = classifyGraphError(platform, graph, error.options.status ?? 400);
    // A 401 stays `auth` even when its Graph code says nothing more specific.
    throw classified.kind === 'permanent' && error.kind === 'auth' ? error : classified;
  }
}

/** A URL with query parameters; undefined values are left out. */
export function withQuery(base: string, params: Record<string, string | undefined>): string {
  const url = new URL(base);
  for (const [key, value] of Object.entries(params))
    if (value !== undefined) url.searchParams.set(key, value);
  return url.toString();
}

/** Graph times look like `2024-05-01T12:00:00+0000`; a missing or odd one is NaN (never "ours"). */
export function graphTime(value: string | undefined): number {
  if (!value) return Number.NaN;
  return Date.parse(value.replace(/([+-]\d\d)(\d\d)$/, '$1:$2'));
}

/** Where a listed Graph post stands on resume: same text, created since the first attempt (minus slack). */
export const graphVerdict = (
  input: Pick<PublishInput, 'text' | 'firstAttemptAt'>,
  post: { text?: string; createdAt?: string },
): ResumeVerdict =>
  resumeVerdict(input, {
    sameText: (post.text ?? '').trim() === input.text.trim(),
    createdAt: graphTime(post.createdAt),
  });

/** Graph's paging block: follow `next` while there is one (a page may be empty and still have it). */
const GraphPaging = z.object({
  cursors: z.object({ before: z.string().optional(), after: z.string().optional() }).optional(),
  next: z.string().optional(),
});

/**
 * The URL of the page after this one: `paging.next` as Graph gave it (on our API host only, with our
 * token), or our own first URL with the `after` cursor; undefined when this was the last page.
 */
function nextGraphPage(
  platform: GraphPlatform,
  first: string,
  paging: z.infer<typeof GraphPaging> | undefined,
): string | undefined {
  if (!paging?.next) return undefined;
  const start = new URL(first);
  let next: URL | undefined;
  try {
    next = new URL(paging.next);
  } catch {
    next = undefined;
  }
  if (next?.origin === start.origin) {
    for (const key of ['access_token', 'appsecret_proof']) {
      const value = start.searchParams.get(key);
      if (value !== null && !next.searchParams.has(key)) next.searchParams.set(key, value);
    }
    return next.toString();
  }
  if (paging.cursors?.after) return withQuery(first, { after: paging.cursors.after });
  throw unexpectedAnswer(platform);
}

/**
 * Reads a Graph list of the account's posts, newest first, from `first` (which asks for `since` and
 * `limit`), following its paging, until `verdict` finds ours (`findNewestFirst`).
 */
export function findInGraphList<Item>(
  platform: GraphPlatform,
  first: string,
  item: z.ZodType<Item>,
  signal: AbortSignal,
  verdict: (item: Item) => ResumeVerdict,
): Promise<Item | null> {
  const Page = z.object({ data: z.array(item), paging: GraphPaging.optional() });
  return findNewestFirst<Item, string>(
    platform,
    async (url = first) => {
      const body = await graphRequest(platform, url, { method: 'GET', signal });
      const answer = expectShape(platform, Page, body);
      return { items: answer.data, next: nextGraphPage(platform, first, answer.paging) };
    },
    verdict,
  );
}

/** An insights answer: one entry per metric, its lifetime value in `values` (or `total_value`). */
const Insights = z.object({
  data: z.array(
    z.object({
      name: z.string(),
      values: z.array(z.object({ value: z.unknown() })).optional(),
      total_value: z.object({ value: z.unknown() }).optional(),
    }),
  ),
});

/**
 * `/{object}/insights?metric=…` as a map of metric name to number. A metric Graph left out, or gave as
 * something other than a number, is absent (not zero). A refusal of insights alone (a permission the
 * token lacks, media too old or of a kind without insights) answers an empty map: the caller has read
 * the object itself with the same token, so the account is fine and these figures are simply not given.
 */
export async function graphInsights(
  platform: GraphPlatform,
  url: string,
  signal: AbortSignal,
): Promise<Map<string, number>> {
  let body: unknown;
  try {
    body = await graphRequest(platform, url, { method: 'GET', signal });
  } catch (error) {
    if (error instanceof PlatformError && error.kind !== 'transient') return new Map();
    throw error;
  }
  const figures = new Map<string, number>();
  for (const metric of expectShape(platform, Insights, body).data) {
    const value = metric.total_value?.value ?? metric.values?.at(-1)?.value;
    if (typeof value === 'number') figures.set(metric.name, value);
  }
  return figures;
}
