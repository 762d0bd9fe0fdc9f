import { createHash, randomBytes } from 'node:crypto';
import type { NetworkConfig } from '../../src/server/platforms/contract';
import { bearer, json, redirect, startFakeServer } from './fake-server';
import type { FakeReply, FakeRequest, FakeServer, FaultMatch } from './fake-server';
import { createFailQueue, createMetricsStore, createTokenStore, pullMedia, sniffMedia } from './shared';
import type { FakeMetrics, FakeTokenState, MediaFetch } from './shared';

/**
 * A fake TikTok (Login Kit v2 + Content Posting API v2) on 127.0.0.1, built on `fake-server.ts`:
 * `/v2/auth/authorize/` → `/v2/oauth/token/` (PKCE S256 checked) → `/v2/user/info/` (fields checked
 * against scopes) → `/v2/post/publish/creator_info/query/` → `/v2/post/publish/video/init/` + chunked
 * `PUT upload_url` (Content-Range checked against the announced chunk plan) or
 * `/v2/post/publish/content/init/` for photos (PULL_FROM_URL: really fetched) → `/v2/post/publish/status/fetch/`.
 * Errors are `{error:{code,message,log_id}}` with TikTok's codes.
 */

export interface TiktokFakeOptions {
  clientKey?: string;
  clientSecret?: string;
  openId?: string;
  username?: string;
  displayName?: string;
  /** What creator_info offers (default public, friends, self only). */
  privacyLevelOptions?: string[];
  maxVideoPostDurationSec?: number;
  /** Smallest non-final chunk TikTok accepts (default 5 MB); lower it to test chunking with small files. */
  minChunkBytes?: number;
  /** Status polls answered PROCESSING_* after the media is complete (default 1). */
  processingPolls?: number;
  /** False: posts end without `publicaly_available_post_id` (as for private / unaudited apps). */
  publicPostIds?: boolean;
  /** When set, PULL_FROM_URL photos must start with one of these (TikTok's verified URL prefixes). */
  verifiedUrlPrefixes?: string[];
  random?: () => number;
}

export interface TiktokToken extends FakeTokenState {
  refreshToken: string;
  openId: string;
  scope: string[];
  expired: boolean;
}

/** One publish (a `publish_id`), from init to its end. */
export interface TiktokPublish {
  publishId: string;
  kind: 'video' | 'photo';
  openId: string;
  postInfo: Record<string, unknown>;
  sourceInfo: Record<string, unknown>;
  /** Video: where the chunks go, the announced plan and what arrived. */
  uploadUrl?: string;
  videoSize?: number;
  chunkSize?: number;
  totalChunks?: number;
  chunks: Buffer[];
  uploadedBytes: number;
  /** Photos: the URLs and what was fetched from them. */
  photoUrls?: string[];
  photoFetches?: MediaFetch[];
  /** Resolves when the photo fetches are done. */
  ready: Promise<void>;
  status: 'PROCESSING_UPLOAD' | 'PROCESSING_DOWNLOAD' | 'PUBLISH_COMPLETE' | 'FAILED';
  failReason?: string;
  pollsLeft: number;
  postId?: number;
  createdAt: Date;
}

/** A post that went live. */
export interface TiktokPost {
  publishId: string;
  postId: number;
  kind: 'video' | 'photo';
  openId: string;
  /** The video's `title`, or the photo post's `description` (and `title`). */
  text: string;
  title?: string;
  privacyLevel: string;
  /** The video bytes, or each photo's bytes in order. */
  media: Buffer[];
  createdAt: Date;
}

export interface TiktokFake extends FakeServer {
  env: {
    TIKTOK_CLIENT_ID: string;
    TIKTOK_CLIENT_SECRET: string;
    TIKTOK_AUTH_URL: string;
    TIKTOK_TOKEN_URL: string;
    TIKTOK_API_URL: string;
  };
  config: NetworkConfig;
  openId: string;
  username: string;
  posts: TiktokPost[];
  publishes: Map<string, TiktokPublish>;
  /** Every chunk PUT: publish id, Content-Range and size. */
  uploads: { publishId: string; range: string; bytes: number; status: number }[];
  fetches: MediaFetch[];
  tokens: TiktokToken[];
  /** `access_token_invalid` (401) for that access token (default: all). */
  expireToken(accessToken?: string): void;
  /** Revokes the grant: access and refresh token refused (default: all). */
  revokeToken(token?: string): void;
  /** Answers the next matching API call with `{error:{code,message}}` at `status`. */
  failNext(error: { code: string; message?: string; status?: number }, match?: FaultMatch): void;
  authorizeAnswer: 'approve' | 'deny';
  /** The counts `POST /v2/video/query/` answers for a post id; a figure left out is not given. */
  setMetrics(postId: string, metrics: FakeMetrics): void;
}

const logId = () => randomBytes(12).toString('hex').toUpperCase();
/** TikTok's error envelope. */
const apiError = (status: number, code: string, message: string, headers?: Record<string, string>) =>
  json(status, { error: { code, message, log_id: logId() } }, headers);
const ok = (data: unknown) => json(200, { data, error: { code: 'ok', message: '', log_id: logId() } });
const oauthError = (error: string, description: string) =>
  json(400, { error, error_description: description, log_id: logId() });

const base64url = (buffer: Buffer) => buffer.toString('base64url');
const PROFILE_FIELDS = new Set(['username', 'bio_description', 'profile_deep_link', 'is_verified']);
const STATS_FIELDS = new Set(['follower_count', 'following_count', 'likes_count', 'video_count']);
const REQUIRED_SCOPE = 'video.publish';

let postCounter = 7_300_000_000_000;

/** Starts a fake TikTok. */
export async function startTiktokFake(options: TiktokFakeOptions = {}): Promise<TiktokFake> {
  const clientKey = options.clientKey ?? 'tt-client-key';
  const clientSecret = options.clientSecret ?? 'tt-client-secret';
  const openId = options.openId ?? '-000OpenIdPostwellTest';
  const username = options.username ?? 'postwell.test';
  const displayName = options.displayName ?? 'Postwell Test';
  const privacyLevelOptions = options.privacyLevelOptions ?? [
    'PUBLIC_TO_EVERYONE',
    'MUTUAL_FOLLOW_FRIENDS',
    'SELF_ONLY',
  ];
  const minChunkBytes = options.minChunkBytes ?? 5 * 1024 * 1024;
  const processingPolls = options.processingPolls ?? 1;
  const codes = new Map<
    string,
    { redirectUri: string; challenge?: string; scope: string[]; used: boolean }
  >();
  const { tokens, add, find, findByRefresh, mark } = createTokenStore<TiktokToken>();
  const posts: TiktokPost[] = [];
  const { setMetrics, metricsOf } = createMetricsStore();
  const publishes = new Map<string, TiktokPublish>();
  const uploads: TiktokFake['uploads'] = [];
  const fetches: MediaFetch[] = [];
  const isAuthEndpoint = (req: FakeRequest) => ['/v2/auth/authorize/', '/v2/oauth/token/'].includes(req.path);
  const failures = createFailQueue(isAuthEndpoint);
  const holder: { fake?: TiktokFake } = {};

  const issue = (scope: string[]) =>
    add({
      accessToken: `act.${randomBytes(24).toString('hex')}`,
      refreshToken: `rft.${randomBytes(24).toString('hex')}`,
      openId,
      scope,
      expired: false,
      revoked: false,
    });
  const tokenAnswer = (entry: TiktokToken) =>
    json(200, {
      access_token: entry.accessToken,
      expires_in: 86400,
      open_id: entry.openId,
      refresh_expires_in: 31536000,
      refresh_token: entry.refreshToken,
      scope: entry.scope.join(','),
      token_type: 'Bearer',
    });

  const authenticate = (req: FakeRequest): TiktokToken | FakeReply => {
    const value = bearer(req);
    const entry = find(value);
    if (!entry || entry.expired || entry.revoked)
      return apiError(
        401,
        'access_token_invalid',
        'The access token is invalid or not found in the request.',
      );
    return entry;
  };
  const isReply = (value: TiktokToken | FakeReply): value is FakeReply => 'status' in value;
  const needScope = (caller: TiktokToken, scope: string) =>
    caller.scope.includes(scope)
      ? undefined
      : apiError(
          401,
          'scope_not_authorized',
          'The user did not authorize the scope required for completing this request.',
        );

  const authorize = (req: FakeRequest): FakeReply => {
    const p = Object.fromEntries(req.query);
    if (p.client_key !== clientKey || !p.redirect_uri || p.response_type !== 'code')
      return json(400, {
        error: 'invalid_request',
        error_description: 'client_key, redirect_uri and response_type=code are required',
      });
    const back = new URL(p.redirect_uri);
    if (holder.fake?.authorizeAnswer === 'deny') {
      back.searchParams.set('error', 'access_denied');
      back.searchParams.set('error_description', 'The user denied the request');
    } else {
      if (p.code_challenge && p.code_challenge_method !== 'S256')
        return json(400, {
          error: 'invalid_request',
          error_description: 'code_challenge_method must be S256',
        });
      const code = randomBytes(24).toString('base64url');
      const scope = (p.scope ?? '').split(',').filter(Boolean);
      codes.set(code, { redirectUri: p.redirect_uri, challenge: p.code_challenge, scope, used: false });
      back.searchParams.set('code', code);
      back.searchParams.set('scopes', scope.join(','));
    }
    if (p.state) back.searchParams.set('state', p.state);
    return redirect(back.toString());
  };

  const token = (req: FakeRequest): FakeReply => {
    const p = req.form ?? {};
    if (req.method !== 'POST' || !req.form)
      return oauthError('invalid_request', 'Use POST with a form body.');
    if (p.client_key !== clientKey || p.client_secret !== clientSecret)
      return oauthError('invalid_client', 'Client key or secret is incorrect.');
    if (p.grant_type === 'refresh_token') {
      const entry = findByRefresh(p.refresh_token);
      if (!entry) return oauthError('invalid_grant', 'Refresh token is invalid or expired.');
      return tokenAnswer(issue(entry.scope));
    }
    if (p.grant_type !== 'authorization_code')
      return oauthError('unsupported_grant_type', 'Unsupported grant_type.');
    const code = p.code ? codes.get(p.code) : undefined;
    if (!code || code.used) return oauthError('invalid_grant', 'Authorization code is expired.');
    if (code.redirectUri !== p.redirect_uri)
      return oauthError('invalid_grant', 'Redirect URI does not match.');
    if (code.challenge) {
      const expected = base64url(
        createHash('sha256')
          .update(p.code_verifier ?? '')
          .digest(),
      );
      if (expected !== code.challenge)
        return oauthError('invalid_request', 'Code verifier or code challenge is invalid.');
    }
    code.used = true;
    return tokenAnswer(issue(code.scope));
  };

  const userInfo = (req: FakeRequest, caller: TiktokToken): FakeReply => {
    const fields = (req.query.get('fields') ?? '').split(',').filter(Boolean);
    const lacking =
      needScope(caller, 'user.info.basic') ??
      (fields.some((field) => PROFILE_FIELDS.has(field))
        ? needScope(caller, 'user.info.profile')
        : undefined) ??
      (fields.some((field) => STATS_FIELDS.has(field)) ? needScope(caller, 'user.info.stats') : undefined);
    if (lacking) return lacking;
    const all: Record<string, unknown> = {
      open_id: caller.openId,
      union_id: `union-${caller.openId}`,
      display_name: displayName,
      username,
      avatar_url: 'https://p16.tiktokcdn.com/avatar.jpeg',
    };
    return ok({
      user: Object.fromEntries(fields.filter((field) => field in all).map((field) => [field, all[field]])),
    });
  };

  const creatorInfo = (caller: TiktokToken): FakeReply =>
    needScope(caller, REQUIRED_SCOPE) ??
    ok({
      creator_avatar_url: 'https://p16.tiktokcdn.com/avatar.jpeg',
      creator_username: username,
      creator_nickname: displayName,
      privacy_level_options: privacyLevelOptions,
      comment_disabled: false,
      duet_disabled: false,
      stitch_disabled: false,
      max_video_post_duration_sec: options.maxVideoPostDurationSec ?? 600,
    });

  /** The post_info checks both inits share. */
  const checkPostInfo = (
    postInfo: Record<string, unknown>,
    textField: 'title' | 'description',
    max: number,
  ) => {
    if (!privacyLevelOptions.includes(String(postInfo.privacy_level)))
      return apiError(
        400,
        'privacy_level_option_mismatch',
        "privacy_level is not one of the creator's options.",
      );
    const text = postInfo[textField];
    if (text !== undefined && (typeof text !== 'string' || [...text].length > max))
      return apiError(400, 'invalid_params', `${textField} is too long.`);
    return undefined;
  };

  /** TikTok's chunk rules: one whole chunk, or `floor(size / chunk)` chunks of ≥ min bytes. */
  const checkChunkPlan = (size: number, chunk: number, count: number) => {
    if (!Number.isInteger(size) || size <= 0) return 'video_size must be a positive integer';
    if (count === 1) return chunk >= size ? undefined : 'a single chunk must hold the whole video';
    if (chunk < minChunkBytes) return `chunk_size must be at least ${minChunkBytes}`;
    if (chunk > 64 * 1024 * 1024) return 'chunk_size must be at most 64 MB';
    if (count !== Math.floor(size / chunk)) return 'total_chunk_count must be floor(video_size / chunk_size)';
    return undefined;
  };

  const newPublish = (
    fields: Omit<
      TiktokPublish,
      'publishId' | 'chunks' | 'uploadedBytes' | 'pollsLeft' | 'createdAt' | 'ready'
    >,
  ) => {
    const publishId = `v_pub_${fields.kind === 'video' ? 'file' : 'url'}~v2-1.${randomBytes(8).toString('hex')}`;
    const entry: TiktokPublish = {
      ...fields,
      publishId,
      chunks: [],
      uploadedBytes: 0,
      pollsLeft: processingPolls,
      ready: Promise.resolve(),
      createdAt: new Date(),
    };
    publishes.set(publishId, entry);
    return entry;
  };

  const videoInit = (req: FakeRequest, caller: TiktokToken, server: FakeServer): FakeReply => {
    const lacking = needScope(caller, REQUIRED_SCOPE);
    if (lacking) return lacking;
    const body = (req.json ?? {}) as {
      post_info?: Record<string, unknown>;
      source_info?: Record<string, unknown>;
    };
    const postInfo = body.post_info ?? {};
    const sourceInfo = body.source_info ?? {};
    const refused = checkPostInfo(postInfo, 'title', 2200);
    if (refused) return refused;
    if (sourceInfo.source !== 'FILE_UPLOAD')
      return apiError(400, 'invalid_params', 'This fake supports source FILE_UPLOAD for videos.');
    const size = Number(sourceInfo.video_size);
    const chunk = Number(sourceInfo.chunk_size);
    const count = Number(sourceInfo.total_chunk_count);
    const planError = checkChunkPlan(size, chunk, count);
    if (planError) return apiError(400, 'invalid_params', planError);
    const entry = newPublish({
      kind: 'video',
      openId: caller.openId,
      postInfo,
      sourceInfo,
      videoSize: size,
      chunkSize: chunk,
      totalChunks: count,
      status: 'PROCESSING_UPLOAD',
    });
    entry.uploadUrl = `${server.url}/upload/?upload_id=${encodeURIComponent(entry.publishId)}&upload_token=${randomBytes(8).toString('hex')}`;
    return ok({ publish_id: entry.publishId, upload_url: entry.uploadUrl });
  };

  /** `PUT upload_url`: the next chunk, in order, with a Content-Range matching the plan. */
  const upload = (req: FakeRequest): FakeReply => {
    const entry = publishes.get(req.query.get('upload_id') ?? '');
    const range = String(req.headers['content-range'] ?? '');
    const answer = (reply: FakeReply) => {
      uploads.push({
        publishId: entry?.publishId ?? '',
        range,
        bytes: req.body.length,
        status: reply.status,
      });
      return reply;
    };
    const uploadToken = entry?.uploadUrl && new URL(entry.uploadUrl).searchParams.get('upload_token');
    if (!entry || entry.kind !== 'video' || !uploadToken || req.query.get('upload_token') !== uploadToken)
      return answer(apiError(404, 'invalid_params', 'Unknown upload URL.'));
    const type = String(req.headers['content-type'] ?? '');
    if (!['video/mp4', 'video/quicktime', 'video/webm'].includes(type))
      return answer(
        apiError(400, 'invalid_params', 'Content-Type must be video/mp4, video/quicktime or video/webm.'),
      );
    const match = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(range);
    const index = entry.chunks.length;
    const start = index * entry.chunkSize!;
    const end = index === entry.totalChunks! - 1 ? entry.videoSize! - 1 : start + entry.chunkSize! - 1;
    if (
      !match ||
      Number(match[1]) !== start ||
      Number(match[2]) !== end ||
      Number(match[3]) !== entry.videoSize
    )
      return answer(
        apiError(416, 'invalid_params', `Expected Content-Range bytes ${start}-${end}/${entry.videoSize}.`),
      );
    if (req.body.length !== end - start + 1)
      return answer(apiError(400, 'invalid_params', 'The body does not match Content-Range.'));
    entry.chunks.push(req.body);
    entry.uploadedBytes += req.body.length;
    const complete = entry.chunks.length === entry.totalChunks;
    if (complete && sniffMedia(Buffer.concat(entry.chunks)) !== 'video/mp4') {
      entry.status = 'FAILED';
      entry.failReason = 'file_format_check_failed';
    }
    return answer({ status: complete ? 201 : 206 });
  };

  const photoInit = (req: FakeRequest, caller: TiktokToken): FakeReply => {
    const lacking = needScope(caller, REQUIRED_SCOPE);
    if (lacking) return lacking;
    const body = (req.json ?? {}) as {
      post_info?: Record<string, unknown>;
      source_info?: Record<string, unknown>;
      post_mode?: string;
      media_type?: string;
    };
    const postInfo = body.post_info ?? {};
    const sourceInfo = body.source_info ?? {};
    if (body.media_type !== 'PHOTO' || !['DIRECT_POST', 'MEDIA_UPLOAD'].includes(String(body.post_mode)))
      return apiError(
        400,
        'invalid_params',
        'media_type must be PHOTO and post_mode DIRECT_POST or MEDIA_UPLOAD.',
      );
    const refused =
      checkPostInfo(postInfo, 'description', 4000) ??
      (typeof postInfo.title === 'string' && [...postInfo.title].length > 90
        ? apiError(400, 'invalid_params', 'title is too long.')
        : undefined);
    if (refused) return refused;
    const urls = sourceInfo.photo_images;
    if (
      sourceInfo.source !== 'PULL_FROM_URL' ||
      !Array.isArray(urls) ||
      !urls.length ||
      urls.length > 35 ||
      !urls.every((url) => typeof url === 'string')
    )
      return apiError(400, 'invalid_params', 'source_info needs PULL_FROM_URL and 1 to 35 photo_images.');
    const cover = Number(sourceInfo.photo_cover_index ?? 0);
    if (!Number.isInteger(cover) || cover < 0 || cover >= urls.length)
      return apiError(400, 'invalid_params', 'photo_cover_index is out of range.');
    const prefixes = options.verifiedUrlPrefixes;
    if (prefixes && !urls.every((url: string) => prefixes.some((prefix) => url.startsWith(prefix))))
      return apiError(
        403,
        'url_ownership_unverified',
        'The photo URLs are not on a verified domain or prefix.',
      );
    const entry = newPublish({
      kind: 'photo',
      openId: caller.openId,
      postInfo,
      sourceInfo,
      photoUrls: urls as string[],
      photoFetches: [],
      status: 'PROCESSING_DOWNLOAD',
    });
    entry.ready = (async () => {
      for (const url of entry.photoUrls!) entry.photoFetches!.push(await pullMedia(url, fetches));
      const fetched = entry.photoFetches!;
      if (fetched.some((item) => !item.ok)) {
        entry.status = 'FAILED';
        entry.failReason = 'picture_download_failed';
      } else if (fetched.some((item) => item.sniffed !== 'image/jpeg' && item.sniffed !== 'image/webp')) {
        entry.status = 'FAILED';
        entry.failReason = 'file_format_check_failed';
      }
    })();
    return ok({ publish_id: entry.publishId });
  };

  /** Moves a publish on by one poll and creates the post when it completes. */
  const advance = (entry: TiktokPublish) => {
    if (entry.status === 'FAILED' || entry.status === 'PUBLISH_COMPLETE') return;
    const mediaDone =
      entry.kind === 'video'
        ? entry.chunks.length === entry.totalChunks
        : entry.photoFetches!.length === entry.photoUrls!.length;
    if (!mediaDone) return;
    if (entry.pollsLeft > 0) {
      entry.pollsLeft--;
      return;
    }
    entry.status = 'PUBLISH_COMPLETE';
    entry.postId = ++postCounter;
    const text = String(
      entry.kind === 'video' ? (entry.postInfo.title ?? '') : (entry.postInfo.description ?? ''),
    );
    posts.push({
      publishId: entry.publishId,
      postId: entry.postId,
      kind: entry.kind,
      openId: entry.openId,
      text,
      title: typeof entry.postInfo.title === 'string' ? entry.postInfo.title : undefined,
      privacyLevel: String(entry.postInfo.privacy_level),
      media:
        entry.kind === 'video'
          ? [Buffer.concat(entry.chunks)]
          : entry.photoFetches!.map((item) => item.bytes),
      createdAt: new Date(),
    });
  };

  const status = (req: FakeRequest, caller: TiktokToken): FakeReply => {
    const publishId = (req.json as { publish_id?: unknown } | undefined)?.publish_id;
    const entry = typeof publishId === 'string' ? publishes.get(publishId) : undefined;
    if (!entry || entry.openId !== caller.openId)
      return apiError(400, 'invalid_params', 'publish_id does not exist.');
    advance(entry);
    const publicIds =
      entry.status === 'PUBLISH_COMPLETE' && options.publicPostIds !== false ? [entry.postId] : [];
    return ok({
      status: entry.status,
      ...(entry.failReason ? { fail_reason: entry.failReason } : {}),
      publicaly_available_post_id: publicIds,
      uploaded_bytes: entry.uploadedBytes,
      ...(entry.kind === 'photo'
        ? { downloaded_bytes: entry.photoFetches!.reduce((sum, item) => sum + item.bytes.length, 0) }
        : {}),
    });
  };

  /**
   * `POST /v2/video/query/?fields=…` (Display API, scope `video.list`): the caller's videos among
   * `filters.video_ids` (at most 20), with the fields asked for; others' and unknown ids are left out.
   */
  const videoQuery = (req: FakeRequest, caller: TiktokToken): FakeReply => {
    const missing = needScope(caller, 'video.list');
    if (missing) return missing;
    const ids = (req.json as { filters?: { video_ids?: unknown } } | undefined)?.filters?.video_ids;
    if (!Array.isArray(ids) || !ids.length || ids.length > 20)
      return apiError(400, 'invalid_params', 'filters.video_ids must hold 1 to 20 ids.');
    const fields = (req.query.get('fields') ?? '').split(',');
    const videos = posts
      .filter((p) => p.openId === caller.openId && ids.includes(String(p.postId)))
      .map((p) => {
        const counts = metricsOf(String(p.postId));
        const all: Record<string, unknown> = {
          id: String(p.postId),
          title: p.title ?? '',
          like_count: counts.likes,
          comment_count: counts.comments,
          share_count: counts.shares,
          view_count: counts.impressions,
        };
        return Object.fromEntries(fields.filter((f) => f in all).map((f) => [f, all[f]]));
      });
    return ok({ videos, cursor: 0, has_more: false });
  };

  const api = (req: FakeRequest, server: FakeServer): FakeReply | undefined => {
    const caller = authenticate(req);
    if (isReply(caller)) return caller;
    if (req.path === '/v2/user/info/' && req.method === 'GET') return userInfo(req, caller);
    if (req.method !== 'POST') return undefined;
    if (
      req.path.startsWith('/v2/post/') &&
      !String(req.headers['content-type'] ?? '').includes('application/json')
    )
      return apiError(400, 'invalid_params', 'Content-Type must be application/json.');
    if (req.path === '/v2/post/publish/creator_info/query/') return creatorInfo(caller);
    if (req.path === '/v2/post/publish/video/init/') return videoInit(req, caller, server);
    if (req.path === '/v2/post/publish/content/init/') return photoInit(req, caller);
    if (req.path === '/v2/post/publish/status/fetch/') return status(req, caller);
    if (req.path === '/v2/video/query/') return videoQuery(req, caller);
    return undefined;
  };

  const handler = (req: FakeRequest, server: FakeServer): FakeReply => {
    const injected = failures.take(req);
    if (injected) return injected;
    if (req.path === '/v2/auth/authorize/' && req.method === 'GET') return authorize(req);
    if (req.path === '/v2/oauth/token/') return token(req);
    if (req.path === '/upload/' && req.method === 'PUT') return upload(req);
    return api(req, server) ?? apiError(404, 'invalid_params', `No route ${req.method} ${req.path}.`);
  };

  const server = await startFakeServer('tiktok', handler, {
    isAuthEndpoint,
    random: options.random,
    faultReplies: {
      '429': () =>
        apiError(429, 'rate_limit_exceeded', 'API rate limit was exceeded, please try again later.', {
          'retry-after': '30',
        }),
      '500': () => apiError(500, 'internal_error', 'Something went wrong. Please try again later.'),
    },
  });

  const fake: TiktokFake = Object.assign(server, {
    env: {
      TIKTOK_CLIENT_ID: clientKey,
      TIKTOK_CLIENT_SECRET: clientSecret,
      TIKTOK_AUTH_URL: `${server.url}/v2/auth/authorize/`,
      TIKTOK_TOKEN_URL: `${server.url}/v2/oauth/token/`,
      TIKTOK_API_URL: server.url,
    },
    config: {
      clientId: clientKey,
      clientSecret,
      authUrl: `${server.url}/v2/auth/authorize/`,
      tokenUrl: `${server.url}/v2/oauth/token/`,
      apiUrl: server.url,
    },
    openId,
    username,
    posts,
    publishes,
    uploads,
    fetches,
    tokens,
    expireToken: (value?: string) => mark('expired', value),
    revokeToken: (value?: string) => mark('revoked', value),
    failNext: (error: { code: string; message?: string; status?: number }, match?: FaultMatch) =>
      failures.push(apiError(error.status ?? 400, error.code, error.message ?? error.code), match),
    authorizeAnswer: 'approve' as 'approve' | 'deny',
    setMetrics,
  });
  holder.fake = fake;
  return fake;
}
