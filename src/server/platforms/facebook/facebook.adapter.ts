import { createHmac } from 'node:crypto';
import { openAsBlob } from 'node:fs';
import { z } from 'zod';
import type { Platform } from '../../../shared/platforms/rules';
import { PlatformError } from '../contract';
import type {
  Credentials,
  MediaFile,
  NetworkConfig,
  PlatformAdapter,
  PublishInput,
  PublishResult,
} from '../contract';
import { PLATFORM_NAMES, expectShape, requestJson, unexpectedAnswer } from '../http';
import type { RequestOptions } from '../http';
import { assertMediaFits, imageNeeds, prepareImage } from '../media';

/**
 * Facebook Pages through the Graph API. The person logs in with Facebook, we keep the first Page they
 * manage: its page token publishes, the long-lived user token lets `refresh` fetch a new page token.
 * Graph answers most failures with HTTP 400 and a code in the body, so every call goes through
 * `graphRequest`, which reads that code (190 expired token → auth, 4/17/32/613 rate limit → transient).
 */

/** What a Page needs from the person: list their Pages, read the feed (resume), post. */
const SCOPES = ['pages_show_list', 'pages_read_engagement', 'pages_manage_posts'];
/** Graph's limit for photos uploaded as `source` (DESIGN: jpeg/png/gif ≤ 4 MB). */
const IMAGE_NEEDS = imageNeeds('facebook');
/** A post found on resume counts as ours when created at most this long before the first attempt. */
export const RESUME_SLACK_MS = 60_000;
/**
 * A resumed attempt reads the account's posts since its first attempt (minus the slack) in pages of
 * this size, at most this many pages; a burst that made more posts than that is a transient failure
 * (`resume_lookup_incomplete`), because posting without having looked could post twice.
 */
export const RESUME_PAGE_SIZE = 100;
export const RESUME_MAX_PAGES = 20;
/** Graph's rate limits reset within the hour; without readable headers we wait this long. */
const RATE_LIMIT_WAIT_MS = 60_000;

type GraphPlatform = Extract<Platform, 'facebook' | 'instagram'>;

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
 * `requestJson` for Graph (Facebook and Instagram): the same transport classification, then a 4xx
 * re-classified by the Graph error code in its body.
 */
export async function graphRequest(
  platform: GraphPlatform,
  url: string,
  options: Omit<RequestOptions, 'errorMessage'>,
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

/** Graph times look like `2024-05-01T12:00:00+0000`; a missing or odd one is never "ours". */
export function graphTime(value: string | undefined): number {
  if (!value) return Number.NaN;
  return Date.parse(value.replace(/([+-]\d\d)(\d\d)$/, '$1:$2'));
}

/** Whether a post listed on the account is the one an earlier attempt of this target created. */
export function isOurPost(
  input: Pick<PublishInput, 'text' | 'firstAttemptAt'>,
  post: { text?: string; createdAt?: string },
): boolean {
  const created = graphTime(post.createdAt);
  return (
    (post.text ?? '').trim() === input.text.trim() &&
    Number.isFinite(created) &&
    created >= resumeSince(input)
  );
}

const TokenAnswer = z.object({ access_token: z.string().min(1), expires_in: z.number().optional() });
const PagesAnswer = z.object({
  data: z.array(z.object({ id: z.string(), name: z.string(), access_token: z.string().min(1) })),
});
const IdAnswer = z.object({ id: z.string().min(1), post_id: z.string().optional() });
const FeedItem = z.object({
  id: z.string(),
  message: z.string().optional(),
  created_time: z.string().optional(),
});
/** Graph's paging block: follow `next` while there is one (a page may be empty and still have it). */
const GraphPaging = z.object({
  cursors: z.object({ before: z.string().optional(), after: z.string().optional() }).optional(),
  next: z.string().optional(),
});

/** A resumed attempt that could not read back far enough: try again later rather than post twice. */
export const lookupIncomplete = (platform: Platform) =>
  new PlatformError(
    'transient',
    `${PLATFORM_NAMES[platform]} lists more posts since the first attempt than Postwell looks through; trying again later`,
    { code: 'resume_lookup_incomplete' },
  );

/** The start of the resume window (the first attempt minus the slack), in epoch milliseconds. */
export const resumeSince = (input: Pick<PublishInput, 'firstAttemptAt'>) =>
  input.firstAttemptAt.getTime() - RESUME_SLACK_MS;

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
 * `limit`), page after page, until `verdict` says an item is ours (returned), an item is older than the
 * resume window (null), or the list ends (null). More than RESUME_MAX_PAGES pages throws
 * `resume_lookup_incomplete` (transient).
 */
export async function findInGraphList<Item>(
  platform: GraphPlatform,
  first: string,
  item: z.ZodType<Item>,
  signal: AbortSignal,
  verdict: (item: Item) => 'ours' | 'older' | 'other',
): Promise<Item | null> {
  const Page = z.object({ data: z.array(item), paging: GraphPaging.optional() });
  let url: string | undefined = first;
  for (let page = 0; page < RESUME_MAX_PAGES; page += 1) {
    const answer = expectShape(platform, Page, await graphRequest(platform, url, { method: 'GET', signal }));
    for (const entry of answer.data) {
      const seen = verdict(entry);
      if (seen === 'ours') return entry;
      if (seen === 'older') return null;
    }
    url = nextGraphPage(platform, first, answer.paging);
    if (!url) return null;
  }
  throw lookupIncomplete(platform);
}

/** Where a listed post stands on resume: ours, older than the resume window, or another recent post. */
export function graphVerdict(
  input: Pick<PublishInput, 'text' | 'firstAttemptAt'>,
  post: { text?: string; createdAt?: string },
): 'ours' | 'older' | 'other' {
  if (isOurPost(input, post)) return 'ours';
  return graphTime(post.createdAt) < resumeSince(input) ? 'older' : 'other';
}

/** Proof that the caller knows the app secret; Graph requires it when the app turns it on. */
const appSecretProof = (config: NetworkConfig, token: string) =>
  config.clientSecret ? createHmac('sha256', config.clientSecret).update(token).digest('hex') : undefined;

/** The Pages the user token manages, with their page tokens. */
async function listPages(config: NetworkConfig, userToken: string, signal: AbortSignal) {
  const url = withQuery(`${config.apiUrl}/me/accounts`, {
    fields: 'id,name,access_token',
    access_token: userToken,
    appsecret_proof: appSecretProof(config, userToken),
  });
  return expectShape('facebook', PagesAnswer, await graphRequest('facebook', url, { method: 'GET', signal }))
    .data;
}

/** Code → short-lived user token → long-lived user token (page tokens from it never expire). */
async function userTokenFor(config: NetworkConfig, code: string, redirectUri: string, signal: AbortSignal) {
  const app = { client_id: config.clientId, client_secret: config.clientSecret };
  const short = expectShape(
    'facebook',
    TokenAnswer,
    await graphRequest('facebook', withQuery(config.tokenUrl, { ...app, redirect_uri: redirectUri, code }), {
      method: 'GET',
      signal,
    }),
  );
  const exchangeUrl = withQuery(config.tokenUrl, {
    ...app,
    grant_type: 'fb_exchange_token',
    fb_exchange_token: short.access_token,
  });
  return expectShape(
    'facebook',
    TokenAnswer,
    await graphRequest('facebook', exchangeUrl, { method: 'GET', signal }),
  );
}

function oauthFor(config: NetworkConfig): NonNullable<PlatformAdapter['oauth']> {
  return {
    authorizeUrl: ({ state, redirectUri }) =>
      withQuery(config.authUrl, {
        client_id: config.clientId,
        redirect_uri: redirectUri,
        state,
        response_type: 'code',
        scope: SCOPES.join(','),
      }),

    async exchangeCode({ code, redirectUri }, signal) {
      const user = await userTokenFor(config, code, redirectUri, signal);
      const page = (await listPages(config, user.access_token, signal))[0];
      if (!page)
        throw new PlatformError('permanent', 'this Facebook account manages no Page', { code: 'no_page' });
      const credentials: Credentials = {
        accessToken: page.access_token,
        refreshToken: null,
        expiresAt: null,
        extra: { userToken: user.access_token, pageId: page.id },
      };
      return { credentials, account: { id: page.id, username: page.name } };
    },

    async refresh(credentials, signal) {
      const { userToken, pageId } = credentials.extra ?? {};
      // A page token from a long-lived user token does not expire: nothing to renew without the user token.
      if (!userToken || !pageId) return credentials;
      let pages;
      try {
        pages = await listPages(config, userToken, signal);
      } catch (error) {
        if (error instanceof PlatformError && error.kind === 'permanent')
          throw new PlatformError('auth', error.message, error.options);
        throw error;
      }
      const page = pages.find((candidate) => candidate.id === pageId);
      if (!page)
        throw new PlatformError('auth', 'the Facebook Page is no longer shared with Postwell', {
          code: 'page_gone',
        });
      return { ...credentials, accessToken: page.access_token };
    },
  };
}

/** Everything one publish needs to call Graph as the Page. */
interface PageCall {
  config: NetworkConfig;
  pageId: string;
  token: string;
  signal: AbortSignal;
}

const auth = (call: PageCall) => ({
  access_token: call.token,
  appsecret_proof: appSecretProof(call.config, call.token),
});

/** A POST with form fields (text-only calls). */
async function postForm(call: PageCall, path: string, fields: Record<string, string | undefined>) {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...fields, ...auth(call) }))
    if (value !== undefined) form.set(key, value);
  const body = await graphRequest('facebook', `${call.config.apiUrl}/${path}`, {
    method: 'POST',
    body: form,
    signal: call.signal,
  });
  return expectShape('facebook', IdAnswer, body);
}

/** A POST with a file (`source`) and form fields, to a full URL (videos go to another host). */
async function postFile(
  call: PageCall,
  url: string,
  file: { blob: Blob; name: string },
  fields: Record<string, string | undefined>,
) {
  const form = new FormData();
  for (const [key, value] of Object.entries({ ...fields, ...auth(call) }))
    if (value !== undefined) form.set(key, value);
  form.set('source', file.blob, file.name);
  const body = await graphRequest('facebook', url, {
    method: 'POST',
    body: form,
    signal: call.signal,
  });
  return expectShape('facebook', IdAnswer, body);
}

/** One image as Graph takes it: ≤ 4 MB, JPEG/PNG/GIF. */
async function imageBlob(file: MediaFile) {
  const image = await prepareImage(file, IMAGE_NEEDS);
  const extension = image.mime.split('/')[1] ?? 'jpeg';
  return {
    blob: new Blob([new Uint8Array(image.data)], { type: image.mime }),
    name: `${file.id}.${extension}`,
  };
}

const altText = (file: MediaFile) => file.altText.trim() || undefined;

/**
 * The Page post an earlier attempt of this target created, if any: every post on the feed since the
 * first attempt (minus the slack), page by page, however many newer posts a burst put above it.
 */
async function findExisting(call: PageCall, input: PublishInput): Promise<PublishResult | null> {
  const url = withQuery(`${call.config.apiUrl}/${call.pageId}/feed`, {
    fields: 'id,message,created_time',
    since: String(Math.floor(resumeSince(input) / 1000)),
    limit: String(RESUME_PAGE_SIZE),
    ...auth(call),
  });
  const post = await findInGraphList('facebook', url, FeedItem, call.signal, (item) =>
    graphVerdict(input, { text: item.message, createdAt: item.created_time }),
  );
  return post ? result(post.id) : null;
}

const result = (id: string): PublishResult => ({ remoteId: id, url: `https://www.facebook.com/${id}` });

async function publishPhotos(call: PageCall, images: MediaFile[], message: string | undefined) {
  if (images.length === 1) {
    const image = images[0]!;
    const answer = await postFile(
      call,
      `${call.config.apiUrl}/${call.pageId}/photos`,
      await imageBlob(image),
      {
        message,
        alt_text_custom: altText(image),
      },
    );
    return result(answer.post_id ?? answer.id);
  }
  // Several photos: upload each unpublished, then one feed post that attaches them all.
  const attached: Record<string, string> = {};
  for (const [index, image] of images.entries()) {
    const photo = await postFile(
      call,
      `${call.config.apiUrl}/${call.pageId}/photos`,
      await imageBlob(image),
      {
        published: 'false',
        alt_text_custom: altText(image),
      },
    );
    attached[`attached_media[${index}]`] = JSON.stringify({ media_fbid: photo.id });
  }
  return result((await postForm(call, `${call.pageId}/feed`, { message, ...attached })).id);
}

/** Graph takes video uploads on its own host (graph-video.facebook.com); fakes and proxies keep theirs. */
const videoApi = (apiUrl: string) => apiUrl.replace('://graph.facebook.com', '://graph-video.facebook.com');

async function publishVideo(call: PageCall, video: MediaFile, description: string | undefined) {
  const blob = await openAsBlob(video.path, { type: video.mime });
  const extension = video.mime.split('/')[1] ?? 'mp4';
  const answer = await postFile(
    call,
    `${videoApi(call.config.apiUrl)}/${call.pageId}/videos`,
    { blob, name: `${video.id}.${extension}` },
    {
      description,
    },
  );
  return result(answer.id);
}

async function publish(config: NetworkConfig, input: PublishInput): Promise<PublishResult> {
  const call: PageCall = {
    config,
    pageId: input.account.id,
    token: input.credentials.accessToken,
    signal: input.signal,
  };
  assertMediaFits('facebook', input.media);
  const images = input.media.filter((file) => file.kind === 'image');
  const videos = input.media.filter((file) => file.kind === 'video');
  if (input.resumed) {
    const existing = await findExisting(call, input);
    if (existing) return existing;
  }
  const message = input.text.trim() ? input.text : undefined;
  if (videos[0]) return publishVideo(call, videos[0], message);
  if (images.length) return publishPhotos(call, images, message);
  return result((await postForm(call, `${call.pageId}/feed`, { message })).id);
}

/** The Facebook Pages adapter; endpoints come from `networkConfig(env, 'facebook')`. */
export function createFacebookAdapter(config: NetworkConfig): PlatformAdapter {
  return {
    platform: 'facebook',
    configured: Boolean(config.clientId && config.clientSecret),
    oauth: oauthFor(config),
    publish: (input) => publish(config, input),
  };
}
