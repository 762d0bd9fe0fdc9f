import { open, stat } from 'node:fs/promises';
import { z } from 'zod';
import { expiresAtFrom, refreshWithGrant } from '../oauth';
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
import { assertMediaFits, imageNeeds } from '../media';
import { pauseBeforePoll } from '../poll';
import { fetchVideoMetrics } from './tiktok.metrics';

/**
 * TikTok through the Content Posting API v2 (direct post). A video is uploaded from disk in chunks
 * (FILE_UPLOAD); photos are pulled by TikTok from their signed `publicUrl` (PULL_FROM_URL). Both end with
 * polling the publish status. The publish_id is checkpointed right after init: TikTok has no way to find
 * a post again, so a retry must poll that publish instead of posting a second time.
 */

/** Polling and upload tuning; tests make polling fast and chunks small. */
export interface TiktokOptions {
  pollIntervalMs?: number;
  maxPolls?: number;
  /** The chunk size for videos larger than it (TikTok: 5–64 MB; the last chunk takes the rest). */
  chunkBytes?: number;
}

/** `video.list` reads the counts of the account's videos (analytics). */
const SCOPES = ['user.info.basic', 'video.publish', 'video.upload', 'video.list'];
/** The status endpoint allows 30 calls a minute per user token: poll gently. */
const DEFAULT_POLL_MS = 2500;
/** Two minutes of polling per attempt; a later attempt resumes from the checkpoint. */
const DEFAULT_MAX_POLLS = 48;
const DEFAULT_CHUNK_BYTES = 10 * 1024 * 1024;
/** TikTok's daily post cap resets within a day; try again in an hour. */
const POST_CAP_WAIT_MS = 60 * 60 * 1000;

/** The URL TikTok pulls a photo from: only JPEG and WebP, so anything else asks for a JPEG rendition. */
export function tiktokPhotoUrl(file: MediaFile): string {
  if (imageNeeds('tiktok').accepts.includes(file.mime)) return file.publicUrl;
  return `${file.publicUrl}${file.publicUrl.includes('?') ? '&' : '?'}format=jpeg`;
}

const ApiError = z.object({
  code: z.string(),
  message: z.string().optional(),
  log_id: z.string().optional(),
});
type ApiError = z.infer<typeof ApiError>;
const ErrorEnvelope = z.object({ error: ApiError });
const TokenAnswer = z.object({
  access_token: z.string().min(1),
  expires_in: z.number(),
  open_id: z.string().min(1),
  refresh_token: z.string().min(1),
  refresh_expires_in: z.number().optional(),
  scope: z.string().optional(),
});
const TokenRefusal = z.object({ error: z.string(), error_description: z.string().optional() });
const UserInfo = z.object({ user: z.object({ open_id: z.string(), display_name: z.string().optional() }) });
const CreatorInfo = z.object({
  creator_username: z.string().optional(),
  privacy_level_options: z.array(z.string()),
  max_video_post_duration_sec: z.number().optional(),
});
const VideoInit = z.object({ publish_id: z.string().min(1), upload_url: z.string().min(1) });
const PhotoInit = z.object({ publish_id: z.string().min(1) });
const PublishStatus = z.object({
  status: z.string(),
  fail_reason: z.string().optional(),
  // TikTok's own spelling. The ids are int64 numbers: JSON.parse cannot keep those above 2^53 exact.
  publicaly_available_post_id: z.array(z.union([z.string(), z.number()])).optional(),
  uploaded_bytes: z.number().optional(),
});

const AUTH_CODES = new Set(['access_token_invalid', 'scope_not_authorized', 'scope_permission_missed']);
const POST_CAP_CODES = new Set(['spam_risk_too_many_posts', 'spam_risk_too_many_pending_share']);

/** TikTok's error code turned into how we handle it (Content Posting API, "Error codes"). */
function classify(error: ApiError, status: number): PlatformError {
  const message = error.message || `TikTok refused (${error.code})`;
  // An old token lacks a scope added since (video.list, for metrics): an auth refusal, but one that a
  // metric read must not take as "reconnect" (publishing still works); the code tells them apart.
  if (error.code === 'scope_not_authorized')
    return new PlatformError('auth', message, { status, code: 'scope_not_authorized' });
  if (AUTH_CODES.has(error.code))
    return new PlatformError('auth', message, { status, code: 'token_invalid' });
  if (error.code === 'rate_limit_exceeded')
    return new PlatformError('transient', 'TikTok rate limit reached', { status, code: 'rate_limited' });
  if (POST_CAP_CODES.has(error.code))
    return new PlatformError('transient', message, {
      status,
      code: 'rate_limited',
      retryAfterMs: POST_CAP_WAIT_MS,
    });
  if (error.code === 'internal_error')
    return new PlatformError('transient', message, { status, code: 'server_error' });
  return new PlatformError('permanent', message, { status });
}

/** One Content Posting API call: JSON in, `{data, error}` out, failures classified by `error.code`. */
async function apiCall<T>(
  call: { apiUrl: string; token: string; signal: AbortSignal },
  path: string,
  init: { method: 'GET' | 'POST'; json?: unknown },
  schema: z.ZodType<T>,
): Promise<T> {
  let refused: ApiError | undefined;
  const errorMessage = (body: unknown) => {
    const parsed = ErrorEnvelope.safeParse(body);
    if (parsed.success) refused = parsed.data.error;
    return refused?.message;
  };
  let body: unknown;
  try {
    ({ body } = await requestJson('tiktok', `${call.apiUrl}${path}`, {
      method: init.method,
      headers: {
        authorization: `Bearer ${call.token}`,
        ...(init.json === undefined ? {} : { 'content-type': 'application/json; charset=UTF-8' }),
      },
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
      signal: call.signal,
      errorMessage,
    }));
  } catch (error) {
    if (error instanceof PlatformError && refused && error.kind !== 'transient')
      throw classify(refused, error.options.status ?? 400);
    throw error;
  }
  const envelope = expectShape('tiktok', ErrorEnvelope, body);
  if (envelope.error.code !== 'ok') throw classify(envelope.error, 200);
  return expectShape('tiktok', z.object({ data: schema }), body).data;
}

/** The token endpoint: form in, tokens out; an `error` body (any status) is a refusal. */
async function tokenCall(config: NetworkConfig, fields: Record<string, string>, signal: AbortSignal) {
  const { body } = await requestJson('tiktok', config.tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'cache-control': 'no-cache' },
    body: new URLSearchParams({
      client_key: config.clientId ?? '',
      client_secret: config.clientSecret ?? '',
      ...fields,
    }),
    signal,
    errorMessage: (answer) => {
      const refusal = TokenRefusal.safeParse(answer);
      return refusal.success ? refusal.data.error_description || refusal.data.error : undefined;
    },
  });
  const refusal = TokenRefusal.safeParse(body);
  if (refusal.success)
    throw new PlatformError('permanent', refusal.data.error_description || refusal.data.error, {
      status: 200,
    });
  const token = expectShape('tiktok', TokenAnswer, body);
  const credentials: Credentials = {
    accessToken: token.access_token,
    refreshToken: token.refresh_token,
    expiresAt: expiresAtFrom(token.expires_in),
    extra: { openId: token.open_id, refreshExpiresAt: expiresAtFrom(token.refresh_expires_in) ?? '' },
  };
  return { credentials, openId: token.open_id };
}

function oauthFor(config: NetworkConfig): NonNullable<PlatformAdapter['oauth']> {
  return {
    authorizeUrl: ({ state, codeChallenge, redirectUri }) => {
      const url = new URL(config.authUrl);
      url.search = new URLSearchParams({
        client_key: config.clientId ?? '',
        scope: SCOPES.join(','),
        response_type: 'code',
        redirect_uri: redirectUri,
        state,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
      }).toString();
      return url.toString();
    },

    async exchangeCode({ code, codeVerifier, redirectUri }, signal) {
      const { credentials, openId } = await tokenCall(
        config,
        { code, grant_type: 'authorization_code', redirect_uri: redirectUri, code_verifier: codeVerifier },
        signal,
      );
      const call = { apiUrl: config.apiUrl, token: credentials.accessToken, signal };
      // `username` needs the user.info.profile scope; the creator info (video.publish) carries the handle.
      const info = await apiCall(
        call,
        '/v2/user/info/?fields=open_id,display_name',
        { method: 'GET' },
        UserInfo,
      );
      const creator = await apiCall(
        call,
        '/v2/post/publish/creator_info/query/',
        { method: 'POST', json: {} },
        CreatorInfo,
      );
      const username = creator.creator_username || info.user.display_name || openId;
      return { credentials, account: { id: info.user.open_id || openId, username } };
    },

    refresh: (credentials, signal) =>
      refreshWithGrant('tiktok', credentials, async (refreshToken) => {
        const fresh = await tokenCall(
          config,
          { grant_type: 'refresh_token', refresh_token: refreshToken },
          signal,
        );
        return fresh.credentials;
      }),
  };
}

/** Everything one publish needs. */
interface PublishCall {
  apiUrl: string;
  token: string;
  signal: AbortSignal;
  pollIntervalMs: number;
  maxPolls: number;
  chunkBytes: number;
}

/** The privacy the person chose (connection setting), else public when allowed; never a silent downgrade. */
function privacyLevel(options: string[], wanted: string | undefined): string {
  if (wanted) {
    if (options.includes(wanted)) return wanted;
    throw new PlatformError('permanent', `this TikTok account cannot post as ${wanted}`, {
      code: 'privacy_level_option_mismatch',
    });
  }
  if (options.includes('PUBLIC_TO_EVERYONE')) return 'PUBLIC_TO_EVERYONE';
  const first = options[0];
  if (!first) throw new PlatformError('permanent', 'TikTok offers no privacy level for this account');
  return first;
}

/** TikTok's chunk rule: one chunk when small, else `floor(size / chunk)` chunks, the last one takes the rest. */
export function chunkPlan(size: number, chunkBytes: number) {
  const count = Math.max(1, Math.floor(size / chunkBytes));
  return { chunkSize: count === 1 ? size : chunkBytes, count };
}

async function readRange(path: string, start: number, length: number) {
  const handle = await open(path, 'r');
  try {
    const buffer = new Uint8Array(length);
    const { bytesRead } = await handle.read(buffer, 0, length, start);
    if (bytesRead < length)
      throw new PlatformError('permanent', 'the video file changed while it was being sent', {
        code: 'media_changed',
      });
    return buffer;
  } finally {
    await handle.close();
  }
}

/** PUTs the chunks `from` … last to the upload URL, in order, with their Content-Range. */
async function uploadChunks(
  call: PublishCall,
  video: { path: string; mime: string; size: number },
  uploadUrl: string,
  plan: { chunkSize: number; count: number },
  from = 0,
) {
  for (let index = from; index < plan.count; index++) {
    const start = index * plan.chunkSize;
    const end = index === plan.count - 1 ? video.size - 1 : start + plan.chunkSize - 1;
    const chunk = await readRange(video.path, start, end - start + 1);
    await requestJson('tiktok', uploadUrl, {
      method: 'PUT',
      headers: {
        // One of MEDIA_RULES.tiktok.video.types: assertMediaFits refused any other before the upload.
        'content-type': video.mime,
        'content-range': `bytes ${start}-${end}/${video.size}`,
      },
      body: chunk,
      signal: call.signal,
    });
  }
}

async function fetchStatus(call: PublishCall, publishId: string) {
  return apiCall(
    call,
    '/v2/post/publish/status/fetch/',
    { method: 'POST', json: { publish_id: publishId } },
    PublishStatus,
  );
}

/** Polls until the post is live (or refused); still processing after `maxPolls` is transient. */
async function waitForPost(
  call: PublishCall,
  publishId: string,
  link: { username: string; kind: 'video' | 'photo' },
): Promise<PublishResult> {
  for (let poll = 0; poll < call.maxPolls; poll++) {
    if (poll > 0) await pauseBeforePoll('tiktok', call.pollIntervalMs, call.signal);
    const status = await fetchStatus(call, publishId);
    if (status.status === 'FAILED') {
      const reason = status.fail_reason ?? 'unknown reason';
      throw new PlatformError('permanent', `TikTok refused the post (${reason})`, {
        code: 'media_processing_failed',
      });
    }
    if (status.status === 'PUBLISH_COMPLETE' || status.status === 'SEND_TO_USER_INBOX') {
      const postId = status.publicaly_available_post_id?.[0];
      if (postId === undefined) return { remoteId: publishId, url: null };
      const url = link.username ? `https://www.tiktok.com/@${link.username}/${link.kind}/${postId}` : null;
      return { remoteId: String(postId), url };
    }
  }
  throw new PlatformError('transient', 'TikTok is still processing the post', { code: 'media_processing' });
}

async function creatorInfo(call: PublishCall) {
  return apiCall(call, '/v2/post/publish/creator_info/query/', { method: 'POST', json: {} }, CreatorInfo);
}

async function publishVideo(call: PublishCall, input: PublishInput, video: MediaFile) {
  const creator = await creatorInfo(call);
  const maxSeconds = creator.max_video_post_duration_sec;
  if (maxSeconds && video.durationSeconds && video.durationSeconds > maxSeconds) {
    const message = `TikTok takes videos up to ${maxSeconds} seconds from this account`;
    throw new PlatformError('permanent', message, { code: 'video_too_long' });
  }
  const size = (await stat(video.path)).size;
  const plan = chunkPlan(size, call.chunkBytes);
  const init = await apiCall(
    call,
    '/v2/post/publish/video/init/',
    {
      method: 'POST',
      json: {
        post_info: {
          title: input.text,
          privacy_level: privacyLevel(creator.privacy_level_options, input.settings.tiktokPrivacyLevel),
          disable_comment: false,
          disable_duet: false,
          disable_stitch: false,
        },
        source_info: {
          source: 'FILE_UPLOAD',
          video_size: size,
          chunk_size: plan.chunkSize,
          total_chunk_count: plan.count,
        },
      },
    },
    VideoInit,
  );
  await input.saveCheckpoint({
    publishId: init.publish_id,
    uploadUrl: init.upload_url,
    chunkSize: String(plan.chunkSize),
  });
  await uploadChunks(call, { path: video.path, mime: video.mime, size }, init.upload_url, plan);
  return waitForPost(call, init.publish_id, {
    username: creator.creator_username || input.account.username,
    kind: 'video',
  });
}

async function publishPhotos(call: PublishCall, input: PublishInput, images: MediaFile[]) {
  const creator = await creatorInfo(call);
  const init = await apiCall(
    call,
    '/v2/post/publish/content/init/',
    {
      method: 'POST',
      json: {
        post_info: {
          description: input.text,
          privacy_level: privacyLevel(creator.privacy_level_options, input.settings.tiktokPrivacyLevel),
          disable_comment: false,
          auto_add_music: true,
        },
        source_info: {
          source: 'PULL_FROM_URL',
          photo_cover_index: 0,
          photo_images: images.map(tiktokPhotoUrl),
        },
        post_mode: 'DIRECT_POST',
        media_type: 'PHOTO',
      },
    },
    PhotoInit,
  );
  await input.saveCheckpoint({ publishId: init.publish_id });
  return waitForPost(call, init.publish_id, {
    username: creator.creator_username || input.account.username,
    kind: 'photo',
  });
}

/** After a crash mid-upload: the chunks TikTok does not have yet, to the same upload URL, same plan. */
async function finishUpload(
  call: PublishCall,
  video: MediaFile,
  checkpoint: Record<string, string>,
  uploadedBytes: number,
) {
  const { uploadUrl, chunkSize } = checkpoint;
  if (!uploadUrl || !chunkSize) return;
  const size = (await stat(video.path)).size;
  if (uploadedBytes >= size) return;
  const plan = chunkPlan(size, Number(chunkSize));
  const from = Math.floor(uploadedBytes / plan.chunkSize);
  await uploadChunks(call, { path: video.path, mime: video.mime, size }, uploadUrl, plan, from);
}

/** An earlier attempt got a publish_id: finish its upload if TikTok still waits for bytes, then poll it. */
async function resume(
  call: PublishCall,
  input: PublishInput,
  publishId: string,
  video: MediaFile | undefined,
) {
  const status = await fetchStatus(call, publishId);
  if (video && status.status === 'PROCESSING_UPLOAD' && status.uploaded_bytes !== undefined)
    await finishUpload(call, video, input.checkpoint, status.uploaded_bytes);
  return waitForPost(call, publishId, { username: input.account.username, kind: video ? 'video' : 'photo' });
}

async function publish(config: NetworkConfig, options: TiktokOptions, input: PublishInput) {
  const call: PublishCall = {
    apiUrl: config.apiUrl,
    token: input.credentials.accessToken,
    signal: input.signal,
    pollIntervalMs: options.pollIntervalMs ?? DEFAULT_POLL_MS,
    maxPolls: options.maxPolls ?? DEFAULT_MAX_POLLS,
    chunkBytes: options.chunkBytes ?? DEFAULT_CHUNK_BYTES,
  };
  assertMediaFits('tiktok', input.media);
  const videos = input.media.filter((file) => file.kind === 'video');
  const images = input.media.filter((file) => file.kind === 'image');
  const publishId = input.checkpoint.publishId;
  if (publishId) return resume(call, input, publishId, videos[0]);
  return videos[0] ? publishVideo(call, input, videos[0]) : publishPhotos(call, input, images);
}

/** The TikTok adapter; endpoints come from `networkConfig(env, 'tiktok')`. */
export function createTiktokAdapter(config: NetworkConfig, options: TiktokOptions = {}): PlatformAdapter {
  return {
    platform: 'tiktok',
    configured: Boolean(config.clientId && config.clientSecret),
    oauth: oauthFor(config),
    publish: (input) => publish(config, options, input),
    fetchMetrics: (input) =>
      fetchVideoMetrics(
        (path, json, schema) =>
          apiCall(
            { apiUrl: config.apiUrl, token: input.credentials.accessToken, signal: input.signal },
            path,
            { method: 'POST', json },
            schema,
          ),
        input.remoteId,
      ),
  };
}
