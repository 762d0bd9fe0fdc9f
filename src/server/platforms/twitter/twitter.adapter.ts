import { openAsBlob } from 'node:fs';
import { z } from 'zod';
import { expiresAtFrom, pkceAuthorizeUrl, refreshWithGrant } from '../oauth';
import { PlatformError } from '../contract';
import type {
  Credentials,
  MediaFile,
  NetworkConfig,
  PlatformAdapter,
  PublishInput,
  PublishResult,
} from '../contract';
import { expectShape, requestJson } from '../http';
import type { RequestOptions } from '../http';
import { assertMediaFits, imageNeeds, prepareImage } from '../media';
import { pauseBeforePoll } from '../poll';
import { fetchTweetMetrics } from './twitter.metrics';
import { RESUME_PAGE_SIZE, findNewestFirst, resumeSince, resumeVerdict } from '../resume';
import { multipartBody, type MultipartValue } from '../multipart';

/**
 * X through API v2 with OAuth 2.0 (PKCE, confidential client). Images go up in one multipart call;
 * videos and GIFs through INIT/APPEND/FINALIZE and STATUS polling (docs: "Media upload", v2); then one
 * `POST /2/tweets`. A resumed attempt first looks for its tweet on the account's timeline, and X's
 * duplicate-content 403 on a resumed attempt resolves to that tweet too.
 */

/** Read and write tweets, upload media, know who we are, and get a refresh token. */
const SCOPES = ['tweet.read', 'tweet.write', 'users.read', 'media.write', 'offline.access'];
/** X's limits for a simple image upload, and for animated GIFs, which go through the chunked flow. */
const IMAGE_NEEDS = imageNeeds('twitter');
const GIF_NEEDS = imageNeeds('twitter', 'gif');
/** APPEND chunk size (X accepts up to 5 MB a segment). */
const CHUNK_BYTES = 4 * 1024 * 1024;
/** STATUS polls before we give up on X's video processing (the attempt is then retried). */
const MAX_STATUS_POLLS = 120;
/** X's limit for alt text. */
const MAX_ALT_TEXT = 1000;

/** X's error bodies: RFC 7807 problems, `errors[]`, or OAuth's `error_description`. */
const ErrorBody = z.object({
  detail: z.string().optional(),
  title: z.string().optional(),
  errors: z.array(z.object({ message: z.string().optional(), detail: z.string().optional() })).optional(),
  error_description: z.string().optional(),
  error: z.string().optional(),
});

/** The most specific human message in an X error body. */
export function xErrorMessage(body: unknown): string | undefined {
  const parsed = ErrorBody.safeParse(body);
  if (!parsed.success) return undefined;
  const { detail, title, errors, error_description, error } = parsed.data;
  const first = errors?.[0];
  // "One or more parameters to your request was invalid." says less than the first error's message.
  return first?.message ?? first?.detail ?? detail ?? error_description ?? title ?? error;
}

const TokenAnswer = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1).optional(),
  expires_in: z.number().optional(),
  scope: z.string().optional(),
  token_type: z.string().optional(),
});
const MeAnswer = z.object({ data: z.object({ id: z.string().min(1), username: z.string().min(1) }) });
const ProcessingInfo = z.object({
  state: z.enum(['pending', 'in_progress', 'succeeded', 'failed']),
  check_after_secs: z.number().optional(),
  error: z.object({ message: z.string().optional() }).optional(),
});
const MediaAnswer = z.object({
  data: z.object({ id: z.string().min(1), processing_info: ProcessingInfo.optional() }),
});
const TweetAnswer = z.object({ data: z.object({ id: z.string().min(1) }) });
const TimelineAnswer = z.object({
  data: z.array(z.object({ id: z.string(), text: z.string(), created_at: z.string().optional() })).optional(),
  meta: z.object({ result_count: z.number().optional(), next_token: z.string().optional() }).optional(),
});

/** One call to X: JSON answer, X's error messages. */
async function xRequest(url: string, init: Omit<RequestOptions, 'errorMessage'>) {
  return requestJson('twitter', url, { ...init, errorMessage: xErrorMessage });
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** X authenticates confidential clients at the token endpoint with HTTP Basic. */
const basic = (config: NetworkConfig) => ({
  authorization: `Basic ${Buffer.from(
    `${encodeURIComponent(config.clientId ?? '')}:${encodeURIComponent(config.clientSecret ?? '')}`,
  ).toString('base64')}`,
});

/** A token endpoint answer as our credentials; X answers `expires_in` in seconds (2 hours). */
function credentialsFrom(answer: z.infer<typeof TokenAnswer>, previous?: Credentials): Credentials {
  return {
    accessToken: answer.access_token,
    refreshToken: answer.refresh_token ?? previous?.refreshToken ?? null,
    expiresAt: expiresAtFrom(answer.expires_in),
  };
}

async function tokenCall(config: NetworkConfig, fields: Record<string, string>, signal: AbortSignal) {
  const { body } = await xRequest(config.tokenUrl, {
    method: 'POST',
    headers: basic(config),
    body: new URLSearchParams({ ...fields, client_id: config.clientId ?? '' }),
    signal,
  });
  return expectShape('twitter', TokenAnswer, body);
}

function oauthFor(config: NetworkConfig): NonNullable<PlatformAdapter['oauth']> {
  return {
    authorizeUrl: (input) => pkceAuthorizeUrl(config, SCOPES, input),

    async exchangeCode({ code, codeVerifier, redirectUri }, signal) {
      const answer = await tokenCall(
        config,
        { grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: codeVerifier },
        signal,
      );
      const { body } = await xRequest(`${config.apiUrl}/2/users/me`, {
        method: 'GET',
        headers: bearer(answer.access_token),
        signal,
      });
      const me = expectShape('twitter', MeAnswer, body).data;
      return { credentials: credentialsFrom(answer), account: { id: me.id, username: me.username } };
    },

    refresh: (credentials, signal) =>
      refreshWithGrant('twitter', credentials, async (refreshToken) => {
        const answer = await tokenCall(
          config,
          { grant_type: 'refresh_token', refresh_token: refreshToken },
          signal,
        );
        return credentialsFrom(answer, credentials);
      }),
  };
}

/** Everything one publish needs to call X as the account. */
interface Call {
  config: NetworkConfig;
  token: string;
  signal: AbortSignal;
}

async function uploadForm(call: Call, form: Blob) {
  const { body } = await xRequest(`${call.config.apiUrl}/2/media/upload`, {
    method: 'POST',
    headers: bearer(call.token),
    body: form,
    signal: call.signal,
  });
  return body;
}

const formOf = (fields: Record<string, MultipartValue>) => multipartBody(Object.entries(fields));

/** Waits as X asks, then asks again, until processing has succeeded. */
async function awaitProcessing(
  call: Call,
  mediaId: string,
  first: z.infer<typeof ProcessingInfo> | undefined,
) {
  let info = first;
  for (let poll = 0; info && info.state !== 'succeeded'; poll += 1) {
    if (info.state === 'failed')
      throw new PlatformError('permanent', info.error?.message ?? 'X could not process the media', {
        code: 'media_processing_failed',
      });
    if (poll >= MAX_STATUS_POLLS)
      throw new PlatformError('transient', 'X is still processing the media', { code: 'media_processing' });
    await pauseBeforePoll('twitter', Math.max(0, info.check_after_secs ?? 1) * 1000, call.signal);
    const url = new URL(`${call.config.apiUrl}/2/media/upload`);
    url.search = new URLSearchParams({ command: 'STATUS', media_id: mediaId }).toString();
    const { body } = await xRequest(url.toString(), {
      method: 'GET',
      headers: bearer(call.token),
      signal: call.signal,
    });
    info = expectShape('twitter', MediaAnswer, body).data.processing_info;
  }
}

/** INIT, APPEND in chunks, FINALIZE, then STATUS until processed: for videos and animated GIFs. */
async function uploadChunked(call: Call, blob: Blob, mime: string, category: 'tweet_video' | 'tweet_gif') {
  const init = await uploadForm(
    call,
    formOf({ command: 'INIT', media_type: mime, total_bytes: String(blob.size), media_category: category }),
  );
  const mediaId = expectShape('twitter', MediaAnswer, init).data.id;
  for (let index = 0; index * CHUNK_BYTES < blob.size; index += 1) {
    const chunk = blob.slice(index * CHUNK_BYTES, (index + 1) * CHUNK_BYTES, 'application/octet-stream');
    await uploadForm(
      call,
      formOf({
        command: 'APPEND',
        media_id: mediaId,
        segment_index: String(index),
        media: { blob: chunk, filename: 'blob' },
      }),
    );
  }
  const finalized = expectShape(
    'twitter',
    MediaAnswer,
    await uploadForm(call, formOf({ command: 'FINALIZE', media_id: mediaId })),
  ).data;
  await awaitProcessing(call, mediaId, finalized.processing_info);
  return mediaId;
}

/** Alt text through the media metadata endpoint (images and GIFs). */
async function setAltText(call: Call, mediaId: string, altText: string) {
  const text = altText.trim().slice(0, MAX_ALT_TEXT);
  if (!text) return;
  await xRequest(`${call.config.apiUrl}/2/media/metadata`, {
    method: 'POST',
    headers: { ...bearer(call.token), 'content-type': 'application/json' },
    body: JSON.stringify({ id: mediaId, metadata: { alt_text: { text } } }),
    signal: call.signal,
  });
}

/** One image: simple upload when still, chunked `tweet_gif` when it is a GIF (keeps animation). */
async function uploadImage(call: Call, file: MediaFile): Promise<string> {
  const image = await prepareImage(file, file.mime === 'image/gif' ? GIF_NEEDS : IMAGE_NEEDS);
  const blob = new Blob([new Uint8Array(image.data)], { type: image.mime });
  let mediaId: string;
  if (image.mime === 'image/gif') mediaId = await uploadChunked(call, blob, image.mime, 'tweet_gif');
  else {
    const extension = image.mime.split('/')[1] ?? 'jpeg';
    const form = formOf({
      media: { blob, filename: `${file.id}.${extension}` },
      media_category: 'tweet_image',
    });
    mediaId = expectShape('twitter', MediaAnswer, await uploadForm(call, form)).data.id;
  }
  await setAltText(call, mediaId, file.altText);
  return mediaId;
}

async function uploadVideo(call: Call, file: MediaFile): Promise<string> {
  return uploadChunked(call, await openAsBlob(file.path, { type: file.mime }), file.mime, 'tweet_video');
}

/**
 * A tweet's text as compared on resume. X escapes `&<>` as entities, replaces links with t.co links and
 * appends one for attached media, so links are left out of the comparison.
 */
export function comparableTweetText(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/https?:\/\/\S+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .normalize('NFC');
}

/** X's `start_time`: RFC 3339 to the second, rounded down so that the bound stays inclusive. */
const xTime = (ms: number) => new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');

const result = (input: PublishInput, id: string): PublishResult => ({
  remoteId: id,
  url: input.account.username
    ? `https://x.com/${encodeURIComponent(input.account.username)}/status/${id}`
    : `https://x.com/i/web/status/${id}`,
});

/**
 * The tweet an earlier attempt of this target created, if any: every tweet of the account since the
 * first attempt (minus the slack), page by page (`next_token` → `pagination_token`), however many newer
 * tweets a burst put above it (`findNewestFirst`). Links are left out of the text compared
 * (`comparableTweetText`).
 */
async function findExisting(call: Call, input: PublishInput): Promise<PublishResult | null> {
  const query = {
    max_results: String(RESUME_PAGE_SIZE),
    'tweet.fields': 'created_at',
    start_time: xTime(resumeSince(input)),
  };
  const tweet = await findNewestFirst<{ id: string; text: string; created_at?: string }, string>(
    'twitter',
    async (token) => {
      const url = new URL(`${call.config.apiUrl}/2/users/${encodeURIComponent(input.account.id)}/tweets`);
      url.search = new URLSearchParams({
        ...query,
        ...(token ? { pagination_token: token } : {}),
      }).toString();
      const { body } = await xRequest(url.toString(), {
        method: 'GET',
        headers: bearer(call.token),
        signal: call.signal,
      });
      const answer = expectShape('twitter', TimelineAnswer, body);
      return { items: answer.data ?? [], next: answer.meta?.next_token || undefined };
    },
    (candidate) =>
      resumeVerdict(input, {
        sameText: comparableTweetText(candidate.text) === comparableTweetText(input.text),
        createdAt: candidate.created_at ? Date.parse(candidate.created_at) : Number.NaN,
      }),
  );
  return tweet ? result(input, tweet.id) : null;
}

const isDuplicate = (error: unknown) =>
  error instanceof PlatformError && error.options.status === 403 && /duplicate content/i.test(error.message);

async function createTweet(call: Call, input: PublishInput, mediaIds: string[]): Promise<PublishResult> {
  const payload = {
    ...(input.text.trim() ? { text: input.text } : {}),
    ...(mediaIds.length ? { media: { media_ids: mediaIds } } : {}),
  };
  try {
    const { body } = await xRequest(`${call.config.apiUrl}/2/tweets`, {
      method: 'POST',
      headers: { ...bearer(call.token), 'content-type': 'application/json' },
      body: JSON.stringify(payload),
      signal: call.signal,
    });
    return result(input, expectShape('twitter', TweetAnswer, body).data.id);
  } catch (error) {
    if (!input.resumed || !isDuplicate(error)) throw error;
    // The earlier attempt's tweet exists after all (the timeline had not shown it yet).
    const existing = await findExisting(call, input);
    if (existing) return existing;
    throw error;
  }
}

async function publish(config: NetworkConfig, input: PublishInput): Promise<PublishResult> {
  assertMediaFits('twitter', input.media);
  const call: Call = { config, token: input.credentials.accessToken, signal: input.signal };
  if (input.resumed) {
    const existing = await findExisting(call, input);
    if (existing) return existing;
  }
  const mediaIds: string[] = [];
  for (const file of input.media)
    mediaIds.push(file.kind === 'video' ? await uploadVideo(call, file) : await uploadImage(call, file));
  return createTweet(call, input, mediaIds);
}

/** The X adapter; endpoints come from `networkConfig(env, 'twitter')`. */
export function createTwitterAdapter(config: NetworkConfig): PlatformAdapter {
  return {
    platform: 'twitter',
    configured: Boolean(config.clientId && config.clientSecret),
    oauth: oauthFor(config),
    publish: (input) => publish(config, input),
    fetchMetrics: (input) =>
      fetchTweetMetrics(
        async (path) =>
          (
            await xRequest(`${config.apiUrl}${path}`, {
              method: 'GET',
              headers: bearer(input.credentials.accessToken),
              signal: input.signal,
            })
          ).body,
        input.remoteId,
      ),
  };
}
