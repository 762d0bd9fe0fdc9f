import { randomBytes } from 'node:crypto';
import type { NetworkConfig } from '../../src/server/platforms/contract';
import { basicAuth, bearer, json, pageNewestFirst, redirect, startFakeServer } from './fake-server';
import type { FakeReply, FakeRequest, FakeServer } from './fake-server';
import { createMetricsStore, createTokenStore, s256, sniffImage } from './shared';
import type { FakeMetrics, FakeTokenState } from './shared';

/**
 * A fake X (API v2) that speaks the documented sequences our adapter uses: OAuth 2.0 with PKCE
 * (authorize page, token endpoint with Basic client auth and rotating refresh tokens), `GET /2/users/me`,
 * media upload (`POST /2/media/upload` simple multipart for images; INIT/APPEND/FINALIZE + STATUS for
 * video and GIF), alt text (`POST /2/media/metadata`), `POST /2/tweets` (with X's duplicate-content 403)
 * and `GET /2/users/:id/tweets`. Errors come in X's formats, 429s with X's rate-limit headers.
 */

export interface XFakeUser {
  id: string;
  name: string;
  username: string;
}

export interface XFakeMedia {
  id: string;
  mediaKey: string;
  ownerId: string;
  category: string;
  mime: string;
  data: Buffer;
  /** For chunked uploads: the declared size and whether FINALIZE arrived. */
  totalBytes: number;
  segments: Buffer[];
  finalized: boolean;
  /** STATUS calls left before processing succeeds (chunked uploads only). */
  pollsLeft: number;
  altText?: string;
}

export interface XFakeTweet {
  id: string;
  authorId: string;
  /** The text exactly as received. */
  text: string;
  mediaIds: string[];
  media: XFakeMedia[];
  createdAt: Date;
  /** Timeline reads that still miss this tweet (X's timeline lags behind writes). */
  hiddenReads: number;
}

export interface XFakeToken extends FakeTokenState {
  refreshToken: string;
  userId: string;
  scopes: string[];
  expiresAt: Date;
  revoked: boolean;
}

export interface XFakeOptions {
  clientId?: string;
  clientSecret?: string;
  /** The account that consents on the authorize page and owns issued tokens. */
  user?: XFakeUser;
  /** Access token lifetime in seconds (X: 7200). */
  expiresIn?: number;
  /** STATUS calls answering `in_progress` before a video/GIF upload `succeeded` (default 1). */
  processingPolls?: number;
  /** `check_after_secs` in processing_info (default 0, to keep tests fast; X says 1 or more). */
  checkAfterSecs?: number;
  /** Random source for `fault.rate`. */
  random?: () => number;
  /** Each API call waits this long before it is answered (fake-server.ts). */
  latencyMs?: number;
}

export interface XFake extends FakeServer {
  /** The counts `GET /2/tweets/:id` answers for a tweet; a figure left out is not given. */
  setMetrics(tweetId: string, metrics: FakeMetrics): void;
  /** Deletes a tweet, as its author would on X. */
  deletePost(tweetId: string): void;
  /** The account that consents now; `signInAs` changes it (a second account of the same person). */
  user: XFakeUser;
  /** The account that consents on the authorize page from now on; tokens already issued keep theirs. */
  signInAs(user: XFakeUser): void;
  clientId: string;
  clientSecret: string;
  /** Env vars pointing the app at this fake. */
  env: {
    TWITTER_CLIENT_ID: string;
    TWITTER_CLIENT_SECRET: string;
    TWITTER_AUTH_URL: string;
    TWITTER_TOKEN_URL: string;
    TWITTER_API_URL: string;
  };
  /** The same, as an adapter's NetworkConfig. */
  config: NetworkConfig;
  /** Created tweets, oldest first. */
  posts: XFakeTweet[];
  /** Every uploaded media, by id. */
  media: Map<string, XFakeMedia>;
  /** Every token issued (by code exchange, refresh or `issueToken`). */
  tokens: XFakeToken[];
  /** Tweets whose text is exactly `text`. */
  postsWithText(text: string): XFakeTweet[];
  /** A valid token pair for `user` without the browser flow (for publish tests). */
  issueToken(scopes?: string[]): XFakeToken;
  /** Makes an access token answer 401 from now on, as an expired one does. */
  expireToken(accessToken: string): void;
  /** Revokes an access token and its refresh token (refresh then answers 400 invalid_request). */
  revokeToken(accessToken: string): void;
  /**
   * Adds a tweet as if posted elsewhere (e.g. by an earlier attempt that crashed). `hiddenReads`: how
   * many `GET /2/users/:id/tweets` calls still miss it, to imitate X's timeline lag.
   */
  addPost(text: string, createdAt?: Date, options?: { hiddenReads?: number }): XFakeTweet;
}

const SCOPES = ['tweet.read', 'tweet.write', 'users.read', 'media.write', 'offline.access'];
const IMAGE_CATEGORIES = new Set(['tweet_image', 'dm_image', 'subtitles']);
const CHUNKED_CATEGORIES = new Set(['tweet_video', 'tweet_gif', 'amplify_video', 'tweet_image']);
const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** X's RFC 7807-style problem body. */
const problem = (status: number, title: string, detail: string, type = 'about:blank') =>
  json(status, { title, detail, type, status });

const invalidRequest = (message: string) =>
  json(400, {
    errors: [{ message, parameters: {} }],
    title: 'Invalid Request',
    detail: 'One or more parameters to your request was invalid.',
    type: 'https://api.twitter.com/2/problems/invalid-request',
  });

const oauthError = (status: number, error: string, description: string) =>
  json(status, { error, error_description: description });

const newId = () => `${BigInt(Date.now()) * 4194304n + BigInt(Math.floor(Math.random() * 4194304))}`;

/** How X shows a tweet's text in reads: entities escaped, URLs as t.co links, media as a trailing link. */
function displayText(tweet: XFakeTweet): string {
  let text = tweet.text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/https?:\/\/\S+/g, () => `https://t.co/${randomBytes(5).toString('hex')}`);
  if (tweet.mediaIds.length) text = `${text} https://t.co/${randomBytes(5).toString('hex')}`.trim();
  return text;
}

/** X's timestamps: `YYYY-MM-DDTHH:mm:ssZ` (fractions of a second allowed). */
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/** Whether a timeline read shows the tweet; a read it misses counts down its `hiddenReads`. */
function visibleInTimeline(tweet: XFakeTweet): boolean {
  if (tweet.hiddenReads <= 0) return true;
  tweet.hiddenReads -= 1;
  return false;
}

/** Starts the fake X. See `XFake` for what a test can read and control. */
export async function startXFake(options: XFakeOptions = {}): Promise<XFake> {
  const clientId = options.clientId ?? 'x-test-client';
  const clientSecret = options.clientSecret ?? 'x-test-secret';
  let user = options.user ?? {
    id: '1500000000000000001',
    name: 'Postwell Test',
    username: 'postwell_test',
  };
  const expiresIn = options.expiresIn ?? 7200;
  const users = new Map<string, XFakeUser>([[user.id, user]]);
  const codes = new Map<string, { redirectUri: string; challenge: string; scopes: string[] }>();
  const { tokens, add, find, findByRefresh, mark } = createTokenStore<XFakeToken>();
  const posts: XFakeTweet[] = [];
  // How many live tweets each author has with each text: X refuses a duplicate, and a burst of thousands
  // must not scan every earlier tweet to know.
  const texts = new Map<string, number>();
  const textKey = (tweet: Pick<XFakeTweet, 'authorId' | 'text'>) => `${tweet.authorId}\n${tweet.text}`;
  const keep = (tweet: XFakeTweet) => {
    posts.push(tweet);
    texts.set(textKey(tweet), (texts.get(textKey(tweet)) ?? 0) + 1);
  };
  const { setMetrics, metricsOf } = createMetricsStore();
  const media = new Map<string, XFakeMedia>();

  const issueToken = (scopes = SCOPES): XFakeToken => {
    const token: XFakeToken = {
      accessToken: `x-at-${randomBytes(12).toString('hex')}`,
      refreshToken: `x-rt-${randomBytes(12).toString('hex')}`,
      userId: user.id,
      scopes,
      expiresAt: new Date(Date.now() + expiresIn * 1000),
      revoked: false,
    };
    return add(token);
  };
  const tokenAnswer = (token: XFakeToken) =>
    json(200, {
      token_type: 'bearer',
      expires_in: expiresIn,
      access_token: token.accessToken,
      scope: token.scopes.join(' '),
      refresh_token: token.refreshToken,
    });

  /** The valid token of a request, or the 401 to answer. */
  const authorize = (req: FakeRequest): XFakeToken | FakeReply => {
    const value = bearer(req);
    const token = find(value);
    if (!token || token.revoked || token.expiresAt.getTime() <= Date.now())
      return problem(401, 'Unauthorized', 'Unauthorized');
    return token;
  };

  function authorizePage(req: FakeRequest): FakeReply {
    const q = req.query;
    const redirectUri = q.get('redirect_uri');
    if (!redirectUri) return json(400, { error: 'redirect_uri is required' });
    const scopes = (q.get('scope') ?? '').split(' ').filter(Boolean);
    const problems = [
      q.get('response_type') !== 'code' && 'response_type must be code',
      q.get('client_id') !== clientId && 'unknown client_id',
      !q.get('state') && 'state is required',
      !q.get('code_challenge') && 'code_challenge is required',
      q.get('code_challenge_method') !== 'S256' && 'code_challenge_method must be S256',
      scopes.some((s) => !SCOPES.includes(s)) && 'unknown scope',
      !scopes.length && 'scope is required',
    ].filter(Boolean);
    if (problems.length)
      return json(400, { error: 'invalid_request', error_description: problems.join('; ') });
    const code = `x-code-${randomBytes(10).toString('hex')}`;
    codes.set(code, { redirectUri, challenge: q.get('code_challenge')!, scopes });
    const target = new URL(redirectUri);
    target.searchParams.set('state', q.get('state')!);
    target.searchParams.set('code', code);
    return redirect(target.toString());
  }

  function tokenEndpoint(req: FakeRequest): FakeReply {
    const client = basicAuth(req);
    if (!client || client.user !== clientId || client.password !== clientSecret)
      return oauthError(401, 'unauthorized_client', 'Missing valid authorization header');
    const form = req.form ?? {};
    if (form.grant_type === 'authorization_code') {
      const grant = form.code ? codes.get(form.code) : undefined;
      if (!grant)
        return oauthError(400, 'invalid_request', 'Value passed for the authorization code was invalid.');
      codes.delete(form.code!);
      if (grant.redirectUri !== form.redirect_uri)
        return oauthError(400, 'invalid_request', 'Value passed for the redirect uri did not match.');
      if (!form.code_verifier || s256(form.code_verifier) !== grant.challenge)
        return oauthError(400, 'invalid_request', 'Value passed for the code verifier did not match.');
      return tokenAnswer(issueToken(grant.scopes));
    }
    if (form.grant_type === 'refresh_token') {
      const old = findByRefresh(form.refresh_token);
      if (!old) return oauthError(400, 'invalid_request', 'Value passed for the token was invalid.');
      // Refresh tokens rotate: the old pair stops working.
      old.revoked = true;
      return tokenAnswer(issueToken(old.scopes));
    }
    return oauthError(400, 'unsupported_grant_type', 'grant_type not supported');
  }

  function simpleUpload(req: FakeRequest, token: XFakeToken): FakeReply {
    const file = req.parts?.find((p) => p.name === 'media');
    const category =
      req.parts?.find((p) => p.name === 'media_category')?.data.toString('utf8') ?? 'tweet_image';
    if (!file) return invalidRequest('The `media` field is required.');
    if (!IMAGE_CATEGORIES.has(category)) return invalidRequest(`Invalid media_category: ${category}`);
    const mime = sniffImage(file.data);
    if (!mime) return invalidRequest('media type unrecognized.');
    if (file.data.length > MAX_IMAGE_BYTES) return invalidRequest('File size exceeds 5242880 bytes.');
    const id = newId();
    const item: XFakeMedia = {
      id,
      mediaKey: `3_${id}`,
      ownerId: token.userId,
      category,
      mime,
      data: file.data,
      totalBytes: file.data.length,
      segments: [],
      finalized: true,
      pollsLeft: 0,
    };
    media.set(id, item);
    return json(200, {
      data: {
        id,
        media_key: item.mediaKey,
        size: file.data.length,
        expires_after_secs: 86400,
        image: { image_type: mime },
      },
    });
  }

  const field = (req: FakeRequest, name: string) =>
    req.parts?.find((p) => p.name === name)?.data.toString('utf8') ?? req.form?.[name] ?? req.query.get(name);

  const processingInfo = (item: XFakeMedia) =>
    item.pollsLeft > 0
      ? { state: 'in_progress', check_after_secs: options.checkAfterSecs ?? 0, progress_percent: 50 }
      : { state: 'succeeded', progress_percent: 100 };

  function chunkedUpload(req: FakeRequest, token: XFakeToken, command: string): FakeReply {
    if (command === 'INIT') {
      const totalBytes = Number(field(req, 'total_bytes'));
      const mime = field(req, 'media_type') ?? '';
      const category = field(req, 'media_category') ?? '';
      if (!Number.isInteger(totalBytes) || totalBytes <= 0) return invalidRequest('total_bytes is required.');
      if (!mime) return invalidRequest('media_type is required.');
      if (!CHUNKED_CATEGORIES.has(category)) return invalidRequest(`Invalid media_category: ${category}`);
      const id = newId();
      const item: XFakeMedia = {
        id,
        mediaKey: `${category === 'tweet_gif' ? 16 : 7}_${id}`,
        ownerId: token.userId,
        category,
        mime,
        data: Buffer.alloc(0),
        totalBytes,
        segments: [],
        finalized: false,
        pollsLeft: options.processingPolls ?? 1,
      };
      media.set(id, item);
      return json(200, { data: { id, media_key: item.mediaKey, expires_after_secs: 86400 } });
    }
    const item = media.get(field(req, 'media_id') ?? '');
    if (!item || item.ownerId !== token.userId) return invalidRequest('Invalid media_id.');
    if (command === 'APPEND') {
      const index = Number(field(req, 'segment_index'));
      const chunk = req.parts?.find((p) => p.name === 'media');
      if (!Number.isInteger(index) || index < 0 || index > 999)
        return invalidRequest('Invalid segment_index.');
      if (!chunk) return invalidRequest('The `media` field is required.');
      if (item.finalized) return invalidRequest('Upload already finalized.');
      item.segments[index] = chunk.data;
      return { status: 204 };
    }
    if (command === 'FINALIZE') {
      const data = Buffer.concat(item.segments.filter(Boolean));
      if (data.length !== item.totalBytes)
        return invalidRequest(`File size mismatch: got ${data.length}, expected ${item.totalBytes}.`);
      item.data = data;
      item.finalized = true;
      return json(200, {
        data: {
          id: item.id,
          media_key: item.mediaKey,
          size: data.length,
          expires_after_secs: 86400,
          processing_info: processingInfo(item),
        },
      });
    }
    return invalidRequest(`Invalid command: ${command}`);
  }

  function mediaStatus(req: FakeRequest, token: XFakeToken): FakeReply {
    const item = media.get(req.query.get('media_id') ?? '');
    if (!item || item.ownerId !== token.userId) return invalidRequest('Invalid media_id.');
    if (!item.finalized) return invalidRequest('Upload not finalized.');
    const info = processingInfo(item);
    if (item.pollsLeft > 0) item.pollsLeft -= 1;
    return json(200, { data: { id: item.id, media_key: item.mediaKey, processing_info: info } });
  }

  function mediaMetadata(req: FakeRequest, token: XFakeToken): FakeReply {
    const body = req.json as { id?: unknown; metadata?: { alt_text?: { text?: unknown } } } | undefined;
    const item = media.get(typeof body?.id === 'string' ? body.id : '');
    if (!item || item.ownerId !== token.userId) return invalidRequest('Invalid media id.');
    const alt = body?.metadata?.alt_text?.text;
    if (typeof alt !== 'string' || alt.length > 1000)
      return invalidRequest('alt_text.text must be ≤ 1000 chars.');
    item.altText = alt;
    return json(200, { data: { id: item.id, associated_metadata: { alt_text: { text: alt } } } });
  }

  function createTweet(req: FakeRequest, token: XFakeToken): FakeReply {
    if (!token.scopes.includes('tweet.write'))
      return problem(
        403,
        'Forbidden',
        'Missing scope tweet.write',
        'https://api.twitter.com/2/problems/oauth2',
      );
    const body = req.json as { text?: unknown; media?: { media_ids?: unknown } } | undefined;
    if (!body || typeof body !== 'object') return invalidRequest('Request body is not valid JSON.');
    const text = typeof body.text === 'string' ? body.text : '';
    const ids = body.media?.media_ids;
    const mediaIds = Array.isArray(ids) ? ids.map(String) : [];
    if (ids !== undefined && (!Array.isArray(ids) || !mediaIds.length || mediaIds.length > 4))
      return invalidRequest('media.media_ids must hold 1 to 4 ids.');
    if (!text && !mediaIds.length) return invalidRequest('Either text or media is required.');
    const items = mediaIds.map((id) => media.get(id));
    if (items.some((m) => !m || m.ownerId !== token.userId || !m.finalized))
      return invalidRequest('Your media IDs are invalid.');
    if (items.some((m) => m!.pollsLeft > 0)) return invalidRequest('Your media is still being processed.');
    const videos = items.filter((m) => m!.category !== 'tweet_image').length;
    if (videos && items.length > 1)
      return invalidRequest('A video or GIF cannot be combined with other media.');
    if (text && texts.get(textKey({ authorId: token.userId, text })))
      return problem(403, 'Forbidden', 'You are not allowed to create a Tweet with duplicate content.');
    const tweet: XFakeTweet = {
      id: newId(),
      authorId: token.userId,
      text,
      mediaIds,
      media: items as XFakeMedia[],
      createdAt: new Date(),
      hiddenReads: 0,
    };
    keep(tweet);
    return json(201, {
      data: { id: tweet.id, text: displayText(tweet), edit_history_tweet_ids: [tweet.id] },
    });
  }

  /**
   * `GET /2/users/:id/tweets`, newest first: `max_results` (5–100, default 10), `start_time` / `end_time`
   * (RFC 3339, inclusive), `pagination_token` from the previous page's `meta.next_token`, and
   * `tweet.fields=created_at`. Tweets posted while a reader pages never shift what it sees next.
   */
  function userTweets(req: FakeRequest, userId: string): FakeReply {
    const max = Number(req.query.get('max_results') ?? 10);
    if (!Number.isInteger(max) || max < 5 || max > 100)
      return invalidRequest('The `max_results` query parameter value is not between 5 and 100.');
    const bounds: Record<'start_time' | 'end_time', number | undefined> = {
      start_time: undefined,
      end_time: undefined,
    };
    for (const name of ['start_time', 'end_time'] as const) {
      const value = req.query.get(name);
      if (value === null) continue;
      if (!RFC3339.test(value) || !Number.isFinite(Date.parse(value)))
        return invalidRequest(
          `Invalid '${name}':'${value}'. '${name}' must be a valid RFC 3339 timestamp (YYYY-MM-DDTHH:mm:ssZ).`,
        );
      bounds[name] = Date.parse(value);
    }
    const token = req.query.get('pagination_token');
    const page = pageNewestFirst(
      posts.filter((p) => p.authorId === userId),
      {
        createdAt: (p) => p.createdAt,
        limit: max,
        after: token,
        since: bounds.start_time,
        until: bounds.end_time,
        include: visibleInTimeline,
      },
    );
    if (!page) return invalidRequest(`Invalid 'pagination_token':'${token}'.`);
    const fields = (req.query.get('tweet.fields') ?? '').split(',');
    const mine = page.items;
    if (!mine.length) return json(200, { meta: { result_count: 0 } });
    return json(200, {
      data: mine.map((p) => ({
        id: p.id,
        text: displayText(p),
        edit_history_tweet_ids: [p.id],
        ...(fields.includes('created_at') ? { created_at: p.createdAt.toISOString() } : {}),
      })),
      meta: {
        result_count: mine.length,
        newest_id: mine[0]!.id,
        oldest_id: mine.at(-1)!.id,
        ...(page.after ? { next_token: page.after } : {}),
      },
    });
  }

  /**
   * `GET /2/tweets/:id?tweet.fields=public_metrics`: the tweet's counts as a test set them. A deleted or
   * unknown tweet is X's 200 with only a resource-not-found problem; a count the test left out is absent.
   */
  function tweetMetrics(req: FakeRequest, id: string): FakeReply {
    const tweet = posts.find((p) => p.id === id);
    if (!tweet)
      return json(200, {
        errors: [
          {
            value: id,
            detail: `Could not find tweet with id: [${id}].`,
            title: 'Not Found Error',
            resource_type: 'tweet',
            parameter: 'id',
            resource_id: id,
            type: 'https://api.twitter.com/2/problems/resource-not-found',
          },
        ],
      });
    const fields = (req.query.get('tweet.fields') ?? '').split(',');
    const counts = metricsOf(id);
    return json(200, {
      data: {
        id,
        text: displayText(tweet),
        edit_history_tweet_ids: [id],
        ...(fields.includes('public_metrics')
          ? {
              public_metrics: {
                like_count: counts.likes,
                retweet_count: counts.shares,
                quote_count: counts.quotes,
                reply_count: counts.comments,
                impression_count: counts.impressions,
                bookmark_count: 0,
              },
            }
          : {}),
      },
    });
  }

  function api(req: FakeRequest): FakeReply | undefined {
    const token = authorize(req);
    if (!('accessToken' in token)) return token;
    const { method, path } = req;
    if (method === 'GET' && path === '/2/users/me') {
      const me = users.get(token.userId)!;
      return json(200, { data: { id: me.id, name: me.name, username: me.username } });
    }
    if (path === '/2/media/upload') {
      const command = field(req, 'command');
      if (method === 'GET' && command === 'STATUS') return mediaStatus(req, token);
      if (method !== 'POST') return undefined;
      if (!token.scopes.includes('media.write'))
        return problem(
          403,
          'Forbidden',
          'Missing scope media.write',
          'https://api.twitter.com/2/problems/oauth2',
        );
      return command ? chunkedUpload(req, token, command) : simpleUpload(req, token);
    }
    if (method === 'POST' && path === '/2/media/metadata') return mediaMetadata(req, token);
    if (method === 'POST' && path === '/2/tweets') return createTweet(req, token);
    const single = /^\/2\/tweets\/([^/]+)$/.exec(path);
    if (method === 'GET' && single) return tweetMetrics(req, decodeURIComponent(single[1]!));
    const timeline = /^\/2\/users\/([^/]+)\/tweets$/.exec(path);
    if (method === 'GET' && timeline) return userTweets(req, timeline[1]!);
    return undefined;
  }

  const server = await startFakeServer(
    'x',
    (req) => {
      if (req.method === 'GET' && req.path === '/i/oauth2/authorize') return authorizePage(req);
      if (req.method === 'POST' && req.path === '/2/oauth2/token') return tokenEndpoint(req);
      return api(req);
    },
    {
      isAuthEndpoint: (req) => req.path === '/i/oauth2/authorize' || req.path === '/2/oauth2/token',
      latencyMs: options.latencyMs,
      faultReplies: {
        '429': () =>
          json(
            429,
            { title: 'Too Many Requests', detail: 'Too Many Requests', type: 'about:blank', status: 429 },
            {
              'x-rate-limit-limit': '100',
              'x-rate-limit-remaining': '0',
              'x-rate-limit-reset': String(Math.floor(Date.now() / 1000) + 900),
            },
          ),
        '500': () => problem(500, 'Internal Server Error', 'Internal Server Error'),
      },
      random: options.random,
    },
  );

  const env = {
    TWITTER_CLIENT_ID: clientId,
    TWITTER_CLIENT_SECRET: clientSecret,
    TWITTER_AUTH_URL: `${server.url}/i/oauth2/authorize`,
    TWITTER_TOKEN_URL: `${server.url}/2/oauth2/token`,
    TWITTER_API_URL: server.url,
  };
  const fake = Object.assign(server, {
    signInAs: (next: XFakeUser) => {
      users.set(next.id, next);
      user = next;
    },
    clientId,
    clientSecret,
    env,
    config: {
      clientId,
      clientSecret,
      authUrl: env.TWITTER_AUTH_URL,
      tokenUrl: env.TWITTER_TOKEN_URL,
      apiUrl: env.TWITTER_API_URL,
    },
    posts,
    media,
    tokens,
    postsWithText: (text: string) => posts.filter((p) => p.text === text),
    setMetrics,
    deletePost: (id: string) => {
      const index = posts.findIndex((p) => p.id === id);
      if (index < 0) return;
      const [gone] = posts.splice(index, 1);
      texts.set(textKey(gone!), texts.get(textKey(gone!))! - 1);
    },
    issueToken,
    expireToken: (accessToken: string) => {
      const token = find(accessToken);
      if (token) token.expiresAt = new Date(Date.now() - 1000);
    },
    revokeToken: (accessToken: string) => mark('revoked', accessToken),
    addPost: (text: string, createdAt = new Date(), extra: { hiddenReads?: number } = {}) => {
      const tweet: XFakeTweet = {
        id: newId(),
        authorId: user.id,
        text,
        mediaIds: [],
        media: [],
        createdAt,
        hiddenReads: extra.hiddenReads ?? 0,
      };
      keep(tweet);
      return tweet;
    },
  });
  // A getter, not a copy: `signInAs` changes who consents.
  return Object.defineProperty(fake, 'user', { get: () => user, enumerable: true }) as typeof fake & {
    readonly user: XFakeUser;
  };
}
