import { randomBytes } from 'node:crypto';
import type { NetworkConfig } from '../../src/server/platforms/contract';
import { bearer, json, redirect, startFakeServer } from './fake-server';
import type { FakeReply, FakeRequest, FakeServer } from './fake-server';
import { createMetricsStore, createTokenStore, s256, sniffImage } from './shared';
import type { FakeMetrics, FakeTokenState } from './shared';

/**
 * A fake LinkedIn that speaks the documented sequences our adapter uses: OAuth 2.0 (authorize page,
 * `POST /oauth/v2/accessToken` with client id/secret in the form, PKCE checked when a challenge was sent),
 * OpenID `GET /v2/userinfo`, the versioned REST APIs (`LinkedIn-Version` and `X-Restli-Protocol-Version:
 * 2.0.0` required): Images and Videos initializeUpload + PUT to the upload URL (+ finalizeUpload and status
 * for videos), `POST /rest/posts` (201, URN in `x-restli-id`, 422 DUPLICATE_POST like LinkedIn) and the
 * `q=author` finder. Commentary must be valid "little" text: reserved characters backslash-escaped,
 * hashtags as `{hashtag|#|tag}` (or `\#`, `＃` as the sign), mentions as `@[Name](urn:li:…)`; anything else
 * is refused with 400.
 */

export interface LinkedinFakePerson {
  sub: string;
  name: string;
  givenName: string;
  familyName: string;
  email: string;
}

export interface LinkedinFakeAsset {
  urn: string;
  kind: 'image' | 'video';
  owner: string;
  data: Buffer;
  /** Content-Type of the upload PUT(s). */
  contentType?: string;
  /** Video: the declared size, the upload parts and their ETags, whether finalizeUpload arrived. */
  fileSizeBytes: number;
  parts: Buffer[];
  etags: string[];
  status: 'WAITING_UPLOAD' | 'PROCESSING' | 'AVAILABLE';
  /** Status reads left answering PROCESSING after finalizeUpload (videos). */
  pollsLeft: number;
}

export interface LinkedinFakePost {
  urn: string;
  author: string;
  /** The commentary exactly as received (little text, escaped). */
  commentary: string;
  /** What the commentary means: escapes removed, hashtag templates as `#tag`, mentions as their name. */
  text: string;
  hashtags: string[];
  visibility: string;
  /** The request's `content`, as sent. */
  content: unknown;
  media: LinkedinFakeAsset[];
  /** Alt texts sent with the images, in order. */
  altTexts: (string | undefined)[];
  createdAt: Date;
  /** Set when the post was edited after it was created (the finder's LAST_MODIFIED order uses it). */
  lastModifiedAt?: Date;
}

export interface LinkedinFakeToken extends FakeTokenState {
  refreshToken: string;
  sub: string;
  scopes: string[];
  expiresAt: Date;
  revoked: boolean;
}

export interface LinkedinFakeOptions {
  clientId?: string;
  clientSecret?: string;
  person?: LinkedinFakePerson;
  /** Access token lifetime in seconds (LinkedIn: 60 days). */
  expiresIn?: number;
  /** Video status reads answering PROCESSING after finalizeUpload (default 1). */
  processingPolls?: number;
  /**
   * Whether `GET /rest/posts?q=author` answers (default true). Real LinkedIn needs r_member_social for it,
   * which few apps get; false answers 403 like LinkedIn does then.
   */
  allowPostListing?: boolean;
  random?: () => number;
}

export interface LinkedinFake extends FakeServer {
  /** The counts `GET /rest/socialActions/{urn}` answers for a post; a figure left out is not given. */
  setMetrics(urn: string, metrics: FakeMetrics): void;
  person: LinkedinFakePerson;
  /** `urn:li:person:{sub}`. */
  personUrn: string;
  clientId: string;
  clientSecret: string;
  env: {
    LINKEDIN_CLIENT_ID: string;
    LINKEDIN_CLIENT_SECRET: string;
    LINKEDIN_AUTH_URL: string;
    LINKEDIN_TOKEN_URL: string;
    LINKEDIN_API_URL: string;
  };
  config: NetworkConfig;
  /** Created posts, oldest first. */
  posts: LinkedinFakePost[];
  /** Uploaded images and videos by URN. */
  assets: Map<string, LinkedinFakeAsset>;
  tokens: LinkedinFakeToken[];
  /** Posts whose meaning (unescaped text) is exactly `text`. */
  postsWithText(text: string): LinkedinFakePost[];
  issueToken(scopes?: string[]): LinkedinFakeToken;
  expireToken(accessToken: string): void;
  revokeToken(accessToken: string): void;
  /** Adds a post as if an earlier attempt created it; `commentary` is little text. */
  addPost(commentary: string, createdAt?: Date): LinkedinFakePost;
  /** Switches the `q=author` finder on or off (see `allowPostListing`). */
  setPostListing(allowed: boolean): void;
}

const SCOPES = ['openid', 'profile', 'email', 'w_member_social'];
/** Reserved characters of LinkedIn's little text format. */
export const LITTLE_RESERVED = new Set([...'|{}@[]()<>#\\*_~']);
const PART_BYTES = 4 * 1024 * 1024;

const restError = (status: number, message: string, extra: Record<string, unknown> = {}) =>
  json(status, { status, message, serviceErrorCode: extra.serviceErrorCode ?? 100, ...extra });

const oauthError = (status: number, error: string, description: string) =>
  json(status, { error, error_description: description });

type LittleResult =
  { ok: true; text: string; hashtags: string[] } | { ok: false; error: string; index: number };

/** Reads a run of plain little text (escapes allowed) until one of `stops`. */
function readPlain(source: string, start: number, stops: string): { value: string; end: number } | number {
  let value = '';
  let i = start;
  while (i < source.length && !stops.includes(source[i]!)) {
    const ch = source[i]!;
    if (ch === '\\') {
      const next = source[i + 1];
      if (next === undefined || !LITTLE_RESERVED.has(next)) return i;
      value += next;
      i += 2;
    } else if (LITTLE_RESERVED.has(ch)) return i;
    else {
      value += ch;
      i += 1;
    }
  }
  return i < source.length ? { value, end: i } : i;
}

/**
 * Parses LinkedIn little text (docs: "little Text Format"): plain text with reserved characters escaped,
 * `{hashtag|#|tag}` templates and `@[Name](urn:li:…)` mentions. Returns what it means, or where it breaks.
 */
export function parseLittleText(source: string): LittleResult {
  let text = '';
  const hashtags: string[] = [];
  let i = 0;
  while (i < source.length) {
    const ch = source[i]!;
    if (ch === '\\') {
      const next = source[i + 1];
      if (next === undefined || !LITTLE_RESERVED.has(next))
        return { ok: false, error: 'a backslash must escape a reserved character', index: i };
      text += next;
      i += 2;
      continue;
    }
    if (source.startsWith('{hashtag|', i)) {
      const signStart = i + '{hashtag|'.length;
      const sign = ['\\#', '#', '＃'].find((candidate) => source.startsWith(`${candidate}|`, signStart));
      if (!sign) return { ok: false, error: 'a hashtag template needs # as its sign', index: signStart };
      const tag = readPlain(source, signStart + sign.length + 1, '}');
      if (typeof tag === 'number') return { ok: false, error: 'malformed hashtag template', index: tag };
      if (!tag.value) return { ok: false, error: 'empty hashtag', index: tag.end };
      text += `#${tag.value}`;
      hashtags.push(tag.value);
      i = tag.end + 1;
      continue;
    }
    if (source.startsWith('@[', i)) {
      const name = readPlain(source, i + 2, ']');
      if (typeof name === 'number' || source[name.end + 1] !== '(')
        return { ok: false, error: 'malformed mention', index: i };
      const close = source.indexOf(')', name.end + 2);
      const urn = source.slice(name.end + 2, close);
      if (close < 0 || !/^urn:li:(person|organization):[\w-]+$/.test(urn))
        return { ok: false, error: 'a mention needs a person or organization URN', index: i };
      text += name.value;
      i = close + 1;
      continue;
    }
    if (LITTLE_RESERVED.has(ch))
      return { ok: false, error: `the reserved character ${ch} must be escaped with a backslash`, index: i };
    text += ch;
    i += 1;
  }
  return { ok: true, text, hashtags };
}

const newNumericId = () => `7${Date.now()}${Math.floor(Math.random() * 1e6)}`.slice(0, 19);

/** Starts the fake LinkedIn. See `LinkedinFake` for what a test can read and control. */
export async function startLinkedinFake(options: LinkedinFakeOptions = {}): Promise<LinkedinFake> {
  const clientId = options.clientId ?? 'li-test-client';
  const clientSecret = options.clientSecret ?? 'li-test-secret';
  const person = options.person ?? {
    sub: 'Xy7Ab3Cd9E',
    name: 'Postwell Tester',
    givenName: 'Postwell',
    familyName: 'Tester',
    email: 'tester@example.com',
  };
  const personUrn = `urn:li:person:${person.sub}`;
  const expiresIn = options.expiresIn ?? 5_184_000;
  let allowPostListing = options.allowPostListing ?? true;
  const codes = new Map<string, { redirectUri: string; challenge?: string; scopes: string[] }>();
  const { tokens, add, find, findByRefresh, mark } = createTokenStore<LinkedinFakeToken>();
  const posts: LinkedinFakePost[] = [];
  const { setMetrics, metricsOf } = createMetricsStore();
  const assets = new Map<string, LinkedinFakeAsset>();
  // Upload URLs are opaque to the client: they map back to the asset here.
  const uploads = new Map<string, { asset: LinkedinFakeAsset; part: number }>();
  let base = '';

  const issueToken = (scopes = SCOPES): LinkedinFakeToken => {
    const token: LinkedinFakeToken = {
      accessToken: `li-at-${randomBytes(16).toString('hex')}`,
      refreshToken: `li-rt-${randomBytes(16).toString('hex')}`,
      sub: person.sub,
      scopes,
      expiresAt: new Date(Date.now() + expiresIn * 1000),
      revoked: false,
    };
    return add(token);
  };
  const tokenAnswer = (token: LinkedinFakeToken) =>
    json(200, {
      access_token: token.accessToken,
      expires_in: expiresIn,
      refresh_token: token.refreshToken,
      refresh_token_expires_in: 31_536_000,
      scope: token.scopes.join(','),
      token_type: 'Bearer',
    });

  const authorize = (req: FakeRequest): LinkedinFakeToken | FakeReply => {
    const value = bearer(req);
    const token = find(value);
    if (!token)
      return restError(401, 'Invalid access token', {
        code: 'INVALID_ACCESS_TOKEN',
        serviceErrorCode: 65600,
      });
    if (token.revoked)
      return restError(401, 'The token used in the request has been revoked by the user', {
        code: 'REVOKED_ACCESS_TOKEN',
        serviceErrorCode: 65601,
      });
    if (token.expiresAt.getTime() <= Date.now())
      return restError(401, 'The token used in the request has expired', {
        code: 'EXPIRED_ACCESS_TOKEN',
        serviceErrorCode: 65602,
      });
    return token;
  };

  function authorizationPage(req: FakeRequest): FakeReply {
    const q = req.query;
    const redirectUri = q.get('redirect_uri');
    if (!redirectUri)
      return json(400, { error: 'invalid_request', error_description: 'redirect_uri missing' });
    const scopes = (q.get('scope') ?? '').split(/[ ,]+/).filter(Boolean);
    const challenge = q.get('code_challenge') ?? undefined;
    const problems = [
      q.get('response_type') !== 'code' && 'response_type must be code',
      q.get('client_id') !== clientId && 'invalid client_id',
      !q.get('state') && 'state is required',
      !scopes.length && 'scope is required',
      scopes.some((s) => !SCOPES.includes(s)) && 'unauthorized scope',
      challenge && q.get('code_challenge_method') !== 'S256' && 'code_challenge_method must be S256',
    ].filter(Boolean);
    if (problems.length)
      return json(400, { error: 'invalid_request', error_description: problems.join('; ') });
    const code = `li-code-${randomBytes(12).toString('hex')}`;
    codes.set(code, { redirectUri, challenge, scopes });
    const target = new URL(redirectUri);
    target.searchParams.set('code', code);
    target.searchParams.set('state', q.get('state')!);
    return redirect(target.toString());
  }

  function accessTokenEndpoint(req: FakeRequest): FakeReply {
    const form = req.form ?? {};
    if (form.client_id !== clientId || form.client_secret !== clientSecret)
      return oauthError(401, 'invalid_client', 'Client authentication failed');
    if (form.grant_type === 'authorization_code') {
      const grant = form.code ? codes.get(form.code) : undefined;
      if (!grant)
        return oauthError(
          400,
          'invalid_grant',
          'The provided authorization grant is invalid, expired or revoked',
        );
      codes.delete(form.code!);
      if (grant.redirectUri !== form.redirect_uri)
        return oauthError(
          400,
          'invalid_redirect_uri',
          'Unable to retrieve access token: appid/redirect uri/code verifier does not match authorization code',
        );
      if (grant.challenge && (!form.code_verifier || s256(form.code_verifier) !== grant.challenge))
        return oauthError(
          400,
          'invalid_request',
          'Unable to retrieve access token: code verifier does not match',
        );
      return tokenAnswer(issueToken(grant.scopes));
    }
    if (form.grant_type === 'refresh_token') {
      const old = findByRefresh(form.refresh_token);
      if (!old)
        return oauthError(400, 'invalid_grant', 'The provided refresh token is invalid, expired or revoked');
      // LinkedIn keeps the refresh token (its lifetime counts down); the access token is new.
      const token = issueToken(old.scopes);
      token.refreshToken = old.refreshToken;
      return tokenAnswer(token);
    }
    return oauthError(400, 'unsupported_grant_type', 'grant_type is not supported');
  }

  /** The versioned REST APIs refuse calls without a version and without Rest.li 2.0.0. */
  function checkRestHeaders(req: FakeRequest): FakeReply | undefined {
    const version = req.headers['linkedin-version'];
    if (typeof version !== 'string' || !/^\d{6}(\.\d{2})?$/.test(version))
      return restError(
        400,
        'A version must be present. Please specify a version by adding the LinkedIn-Version header.',
        {
          code: 'VERSION_MISSING',
        },
      );
    if (req.headers['x-restli-protocol-version'] !== '2.0.0')
      return restError(400, 'X-Restli-Protocol-Version must be 2.0.0', { code: 'INVALID_PROTOCOL_VERSION' });
    return undefined;
  }

  const newAsset = (kind: 'image' | 'video', owner: string, fileSizeBytes = 0): LinkedinFakeAsset => {
    const asset: LinkedinFakeAsset = {
      urn: `urn:li:${kind}:${randomBytes(8).toString('base64url')}`,
      kind,
      owner,
      data: Buffer.alloc(0),
      fileSizeBytes,
      parts: [],
      etags: [],
      status: 'WAITING_UPLOAD',
      pollsLeft: options.processingPolls ?? 1,
    };
    assets.set(asset.urn, asset);
    return asset;
  };
  const uploadUrl = (asset: LinkedinFakeAsset, part: number) => {
    const key = randomBytes(10).toString('hex');
    uploads.set(key, { asset, part });
    return `${base}/dms-uploads/${asset.kind}/${key}?ca=vector_feedshare&cn=uploads&sync=0&v=beta`;
  };

  function initializeUpload(req: FakeRequest, token: LinkedinFakeToken, kind: 'image' | 'video'): FakeReply {
    const request = (req.json as { initializeUploadRequest?: { owner?: unknown; fileSizeBytes?: unknown } })
      ?.initializeUploadRequest;
    if (!request || typeof request.owner !== 'string')
      return restError(400, 'initializeUploadRequest.owner is required', { code: 'FIELD_VALUE_MISSING' });
    if (request.owner !== `urn:li:person:${token.sub}`)
      return restError(403, `Not enough permissions to upload as ${request.owner}`, {
        code: 'ACCESS_DENIED',
      });
    if (kind === 'image') {
      const asset = newAsset('image', request.owner);
      return json(200, {
        value: {
          uploadUrlExpiresAt: Date.now() + 86_400_000,
          uploadUrl: uploadUrl(asset, 0),
          image: asset.urn,
        },
      });
    }
    const size = request.fileSizeBytes;
    if (typeof size !== 'number' || !Number.isInteger(size) || size <= 0)
      return restError(400, 'initializeUploadRequest.fileSizeBytes is required', {
        code: 'FIELD_VALUE_MISSING',
      });
    const asset = newAsset('video', request.owner, size);
    const instructions = [];
    for (let first = 0, part = 0; first < size; first += PART_BYTES, part += 1)
      instructions.push({
        uploadUrl: uploadUrl(asset, part),
        firstByte: first,
        lastByte: Math.min(size, first + PART_BYTES) - 1,
      });
    return json(200, {
      value: {
        uploadUrlsExpireAt: Date.now() + 86_400_000,
        video: asset.urn,
        uploadInstructions: instructions,
        uploadToken: '',
      },
    });
  }

  function upload(req: FakeRequest, key: string): FakeReply {
    const target = uploads.get(key);
    if (!target) return restError(404, 'Upload URL not found or expired');
    const { asset, part } = target;
    const contentType = req.headers['content-type'];
    asset.contentType = typeof contentType === 'string' ? contentType : undefined;
    if (asset.kind === 'image') {
      if (!sniffImage(req.body) || sniffImage(req.body) === 'image/webp')
        return restError(400, 'Unsupported image format; use JPG, PNG or GIF', { code: 'INVALID_MEDIA' });
      asset.data = req.body;
      asset.status = 'AVAILABLE';
      return { status: 201 };
    }
    asset.parts[part] = req.body;
    const etag = `/ambry-video/signedId/${randomBytes(12).toString('hex')}`;
    asset.etags[part] = etag;
    return { status: 200, headers: { etag } };
  }

  function finalizeVideo(req: FakeRequest, token: LinkedinFakeToken): FakeReply {
    const request = (
      req.json as {
        finalizeUploadRequest?: { video?: unknown; uploadToken?: unknown; uploadedPartIds?: unknown };
      }
    )?.finalizeUploadRequest;
    const asset = typeof request?.video === 'string' ? assets.get(request.video) : undefined;
    if (!asset || asset.kind !== 'video' || asset.owner !== `urn:li:person:${token.sub}`)
      return restError(400, 'finalizeUploadRequest.video is not a video you uploaded', {
        code: 'INVALID_VIDEO',
      });
    if (typeof request?.uploadToken !== 'string')
      return restError(400, 'finalizeUploadRequest.uploadToken is required', { code: 'FIELD_VALUE_MISSING' });
    const ids = request.uploadedPartIds;
    if (
      !Array.isArray(ids) ||
      ids.length !== asset.etags.length ||
      ids.some((id, n) => id !== asset.etags[n])
    )
      return restError(400, 'uploadedPartIds do not match the uploaded parts', { code: 'INVALID_PART_IDS' });
    const data = Buffer.concat(asset.parts);
    if (data.length !== asset.fileSizeBytes)
      return restError(400, `uploaded ${data.length} bytes, declared ${asset.fileSizeBytes}`, {
        code: 'FILE_SIZE_MISMATCH',
      });
    asset.data = data;
    asset.status = asset.pollsLeft > 0 ? 'PROCESSING' : 'AVAILABLE';
    return { status: 200 };
  }

  function videoStatus(urn: string, token: LinkedinFakeToken): FakeReply {
    const asset = assets.get(urn);
    if (!asset || asset.kind !== 'video' || asset.owner !== `urn:li:person:${token.sub}`)
      return restError(404, `Video ${urn} not found`);
    const answer = json(200, { id: asset.urn, owner: asset.owner, status: asset.status });
    if (asset.status === 'PROCESSING' && --asset.pollsLeft <= 0) asset.status = 'AVAILABLE';
    return answer;
  }

  interface PostBody {
    author?: unknown;
    commentary?: unknown;
    visibility?: unknown;
    distribution?: { feedDistribution?: unknown };
    lifecycleState?: unknown;
    content?: {
      media?: { id?: unknown; altText?: unknown };
      multiImage?: { images?: { id?: unknown; altText?: unknown }[] };
    };
  }

  /** The uploaded assets a post's `content` refers to, or the 400/422 to answer. */
  function contentAssets(
    body: PostBody,
    owner: string,
  ): { media: LinkedinFakeAsset[]; alts: (string | undefined)[] } | FakeReply {
    const refs = body.content?.multiImage
      ? (body.content.multiImage.images ?? [])
      : body.content?.media
        ? [body.content.media]
        : [];
    if (body.content?.multiImage && (refs.length < 2 || refs.length > 20))
      return restError(422, 'multiImage needs 2 to 20 images', { code: 'INVALID_CONTENT' });
    const media: LinkedinFakeAsset[] = [];
    for (const ref of refs) {
      const asset = typeof ref.id === 'string' ? assets.get(ref.id) : undefined;
      if (!asset || asset.owner !== owner)
        return restError(422, `Unknown media ${String(ref.id)}`, { code: 'INVALID_CONTENT' });
      if (asset.status !== 'AVAILABLE')
        return restError(422, `Media ${asset.urn} is not AVAILABLE (${asset.status})`, {
          code: 'MEDIA_NOT_READY',
        });
      if (body.content?.multiImage && asset.kind !== 'image')
        return restError(422, 'multiImage takes images only', { code: 'INVALID_CONTENT' });
      media.push(asset);
    }
    return { media, alts: refs.map((ref) => (typeof ref.altText === 'string' ? ref.altText : undefined)) };
  }

  function createPost(req: FakeRequest, token: LinkedinFakeToken): FakeReply {
    if (!token.scopes.includes('w_member_social'))
      return restError(403, 'Not enough permissions to access: partnerApiPostsExternal.CREATE', {
        code: 'ACCESS_DENIED',
      });
    const body = req.json as PostBody | undefined;
    if (!body || typeof body !== 'object') return restError(400, 'The request body is not valid JSON');
    if (body.author !== `urn:li:person:${token.sub}`)
      return restError(403, `Not enough permissions to post as ${String(body.author)}`, {
        code: 'ACCESS_DENIED',
      });
    if (typeof body.commentary !== 'string')
      return restError(422, 'commentary is required', { code: 'FIELD_VALUE_MISSING' });
    if (!['PUBLIC', 'CONNECTIONS', 'LOGGED_IN'].includes(String(body.visibility)))
      return restError(422, `Invalid visibility ${String(body.visibility)}`, { code: 'INVALID_VALUE' });
    if (!['MAIN_FEED', 'NONE'].includes(String(body.distribution?.feedDistribution)))
      return restError(422, 'distribution.feedDistribution is required', { code: 'FIELD_VALUE_MISSING' });
    if (body.lifecycleState !== 'PUBLISHED')
      return restError(422, 'lifecycleState must be PUBLISHED', { code: 'INVALID_VALUE' });
    const little = parseLittleText(body.commentary);
    if (!little.ok)
      return restError(400, `Invalid commentary at ${little.index}: ${little.error}`, {
        code: 'INVALID_COMMENTARY',
      });
    if (little.text.length > 3000) return restError(422, 'commentary is longer than 3000 characters');
    const content = contentAssets(body, body.author);
    if ('status' in content) return content;
    const duplicate = posts.find((p) => p.author === body.author && p.text === little.text);
    if (duplicate)
      return json(422, {
        errorDetailType: 'com.linkedin.common.error.BadRequest',
        message: `com.linkedin.content.common.exception.BadRequestResponseException: Content is a duplicate of ${duplicate.urn}`,
        errorDetails: {
          inputErrors: [{ description: 'Duplicate post is detected', input: {}, code: 'DUPLICATE_POST' }],
        },
        status: 422,
      });
    const post: LinkedinFakePost = {
      urn: `urn:li:share:${newNumericId()}`,
      author: body.author,
      commentary: body.commentary,
      text: little.text,
      hashtags: little.hashtags,
      visibility: String(body.visibility),
      content: body.content,
      media: content.media,
      altTexts: content.alts,
      createdAt: new Date(),
    };
    posts.push(post);
    return { status: 201, headers: { 'x-restli-id': post.urn, 'x-linkedin-id': post.urn } };
  }

  function findByAuthor(req: FakeRequest, token: LinkedinFakeToken): FakeReply {
    if (req.query.get('q') !== 'author')
      return restError(400, 'Unsupported finder', { code: 'INVALID_FINDER' });
    const author = req.query.get('author');
    if (!allowPostListing || author !== `urn:li:person:${token.sub}`)
      return restError(
        403,
        'Not enough permissions to access: partnerApiPostsExternal.FINDER-author.20240101',
        {
          code: 'ACCESS_DENIED',
        },
      );
    const count = Number(req.query.get('count') ?? 10);
    const start = Number(req.query.get('start') ?? 0);
    if (!Number.isInteger(count) || count < 1 || count > 100)
      return restError(400, 'count must be between 1 and 100', { code: 'INVALID_PARAM' });
    if (!Number.isInteger(start) || start < 0)
      return restError(400, 'start must be a non-negative integer', { code: 'INVALID_PARAM' });
    const sortBy = req.query.get('sortBy') ?? 'LAST_MODIFIED';
    if (sortBy !== 'LAST_MODIFIED' && sortBy !== 'CREATED')
      return restError(400, `Invalid sortBy ${sortBy}; use LAST_MODIFIED or CREATED`, {
        code: 'INVALID_PARAM',
      });
    const key = (p: LinkedinFakePost) =>
      (sortBy === 'CREATED' ? p.createdAt : (p.lastModifiedAt ?? p.createdAt)).getTime();
    // Newest first; among posts of the same instant, the later one first.
    const mine = posts
      .map((p, order) => ({ p, order }))
      .filter(({ p }) => p.author === author)
      .sort((a, b) => key(b.p) - key(a.p) || b.order - a.order)
      .map(({ p }) => p);
    const page = mine.slice(start, start + count);
    const next = new URL(req.url.pathname + req.url.search, base);
    next.searchParams.set('start', String(start + count));
    return json(200, {
      paging: {
        start,
        count,
        links:
          start + count < mine.length
            ? [{ type: 'application/json', rel: 'next', href: next.pathname + next.search }]
            : [],
        total: mine.length,
      },
      elements: page.map((p) => ({
        id: p.urn,
        author: p.author,
        commentary: p.commentary,
        visibility: p.visibility,
        distribution: {
          feedDistribution: 'MAIN_FEED',
          targetEntities: [],
          thirdPartyDistributionChannels: [],
        },
        lifecycleState: 'PUBLISHED',
        isReshareDisabledByAuthor: false,
        createdAt: p.createdAt.getTime(),
        lastModifiedAt: (p.lastModifiedAt ?? p.createdAt).getTime(),
        publishedAt: p.createdAt.getTime(),
        ...(p.content ? { content: p.content } : {}),
      })),
    });
  }

  /** `GET /rest/socialActions/{urn}`: the post's like and comment summaries (404 for an unknown post). */
  function socialActions(urn: string): FakeReply {
    const post = posts.find((p) => p.urn === urn);
    if (!post)
      return json(404, { status: 404, code: 'NOT_FOUND', message: `Not Found: ${urn}`, serviceErrorCode: 0 });
    const counts = metricsOf(urn);
    return json(200, {
      target: urn,
      $URN: `urn:li:socialActions:${urn}`,
      likesSummary: {
        totalLikes: counts.likes,
        likedByCurrentUser: false,
        aggregatedTotalLikes: counts.likes,
      },
      commentsSummary: {
        totalFirstLevelComments: counts.comments,
        aggregatedTotalComments: counts.comments,
        selectedComments: [],
      },
    });
  }

  function rest(req: FakeRequest, token: LinkedinFakeToken): FakeReply | undefined {
    const headerProblem = checkRestHeaders(req);
    if (headerProblem) return headerProblem;
    const { method, path } = req;
    const action = req.query.get('action');
    if (method === 'POST' && path === '/rest/images' && action === 'initializeUpload')
      return initializeUpload(req, token, 'image');
    if (method === 'POST' && path === '/rest/videos' && action === 'initializeUpload')
      return initializeUpload(req, token, 'video');
    if (method === 'POST' && path === '/rest/videos' && action === 'finalizeUpload')
      return finalizeVideo(req, token);
    const video = /^\/rest\/videos\/([^/]+)$/.exec(path);
    if (method === 'GET' && video) return videoStatus(decodeURIComponent(video[1]!), token);
    if (method === 'POST' && path === '/rest/posts') return createPost(req, token);
    if (method === 'GET' && path === '/rest/posts') return findByAuthor(req, token);
    const actions = /^\/rest\/socialActions\/([^/]+)$/.exec(path);
    if (method === 'GET' && actions) return socialActions(decodeURIComponent(actions[1]!));
    return undefined;
  }

  function api(req: FakeRequest): FakeReply | undefined {
    const token = authorize(req);
    if (!('accessToken' in token)) return token;
    if (req.method === 'GET' && req.path === '/v2/userinfo')
      return json(200, {
        sub: token.sub,
        name: person.name,
        given_name: person.givenName,
        family_name: person.familyName,
        email: person.email,
        email_verified: true,
        locale: { country: 'US', language: 'en' },
      });
    const uploadPath = /^\/dms-uploads\/(?:image|video)\/([0-9a-f]+)$/.exec(req.path);
    if (req.method === 'PUT' && uploadPath) return upload(req, uploadPath[1]!);
    if (req.path.startsWith('/rest/')) return rest(req, token);
    return undefined;
  }

  const server = await startFakeServer(
    'linkedin',
    (req) => {
      if (req.method === 'GET' && req.path === '/oauth/v2/authorization') return authorizationPage(req);
      if (req.method === 'POST' && req.path === '/oauth/v2/accessToken') return accessTokenEndpoint(req);
      return api(req);
    },
    {
      isAuthEndpoint: (req) => req.path.startsWith('/oauth/v2/'),
      faultReplies: {
        '429': () =>
          json(
            429,
            {
              status: 429,
              serviceErrorCode: 101,
              message: 'Resource level throttle APPLICATION DAY limit for calls to this resource is reached.',
            },
            { 'retry-after': '60' },
          ),
        '500': () => restError(500, 'Internal Server Error', { serviceErrorCode: 0 }),
      },
      random: options.random,
    },
  );
  base = server.url;

  const env = {
    LINKEDIN_CLIENT_ID: clientId,
    LINKEDIN_CLIENT_SECRET: clientSecret,
    LINKEDIN_AUTH_URL: `${server.url}/oauth/v2/authorization`,
    LINKEDIN_TOKEN_URL: `${server.url}/oauth/v2/accessToken`,
    LINKEDIN_API_URL: server.url,
  };
  return Object.assign(server, {
    setMetrics,
    person,
    personUrn,
    clientId,
    clientSecret,
    env,
    config: {
      clientId,
      clientSecret,
      authUrl: env.LINKEDIN_AUTH_URL,
      tokenUrl: env.LINKEDIN_TOKEN_URL,
      apiUrl: env.LINKEDIN_API_URL,
    },
    posts,
    assets,
    tokens,
    postsWithText: (text: string) => posts.filter((p) => p.text === text),
    issueToken,
    expireToken: (accessToken: string) => {
      const token = find(accessToken);
      if (token) token.expiresAt = new Date(Date.now() - 1000);
    },
    revokeToken: (accessToken: string) => mark('revoked', accessToken),
    addPost: (commentary: string, createdAt = new Date()) => {
      const little = parseLittleText(commentary);
      if (!little.ok) throw new Error(`invalid little text: ${little.error}`);
      const post: LinkedinFakePost = {
        urn: `urn:li:share:${newNumericId()}`,
        author: personUrn,
        commentary,
        text: little.text,
        hashtags: little.hashtags,
        visibility: 'PUBLIC',
        content: undefined,
        media: [],
        altTexts: [],
        createdAt,
      };
      posts.push(post);
      return post;
    },
    setPostListing: (allowed: boolean) => {
      allowPostListing = allowed;
    },
  });
}
