import { randomBytes } from 'node:crypto';
import type { NetworkConfig } from '../../src/server/platforms/contract';
import { json, pageNewestFirst, redirect, startFakeServer } from './fake-server';
import type { FakeReply, FakeRequest, FakeServer, FaultMatch } from './fake-server';
import {
  graphError,
  graphList,
  graphPaging,
  graphTimestamp,
  insightsReply,
  nextGraphId,
  params,
  pickFields,
  stripVersion,
} from './graph';
import type { GraphErrorSpec } from './graph';
import { createFailQueue, createMetricsStore, createTokenStore, pullMedia } from './shared';
import type { FakeMetrics, FakeTokenState, MediaFetch } from './shared';

/**
 * A fake Instagram API with Instagram Login (graph.instagram.com plus the api.instagram.com token
 * endpoint) on 127.0.0.1, built on `fake-server.ts`. It really fetches every `image_url` / `video_url`
 * over HTTP like Instagram's crawler: images while the container is created (a failed or non-JPEG fetch
 * answers Graph's 9004 error), videos in the background (the container goes IN_PROGRESS → FINISHED or
 * ERROR). Containers must be FINISHED before `media_publish`.
 */

export interface InstagramFakeOptions {
  clientId?: string;
  clientSecret?: string;
  /** The professional account's id (`user_id`) and handle. */
  userId?: string;
  username?: string;
  /** How many status polls a container answers IN_PROGRESS before FINISHED (default 1). */
  inProgressPolls?: number;
  /** Random source for `fault.rate`. */
  random?: () => number;
}

/** A token the fake issued. */
export interface InstagramToken extends FakeTokenState {
  kind: 'short' | 'long';
  expired: boolean;
  revoked: boolean;
}

/** A media container, as `POST /{ig-user-id}/media` made it. */
export interface InstagramContainer {
  id: string;
  userId: string;
  mediaType: 'IMAGE' | 'VIDEO' | 'REELS' | 'CAROUSEL';
  isCarouselItem: boolean;
  children: string[];
  caption?: string;
  altText?: string;
  /** The `image_url` / `video_url` given. */
  url?: string;
  /** What the fake fetched from `url`. */
  fetched?: MediaFetch;
  statusCode: 'IN_PROGRESS' | 'FINISHED' | 'ERROR' | 'EXPIRED' | 'PUBLISHED';
  status?: string;
  pollsLeft: number;
  /** Resolves when a video's background fetch is done. */
  ready: Promise<void>;
  createdAt: Date;
}

/** A published post. */
export interface InstagramPost {
  id: string;
  userId: string;
  caption?: string;
  createdAt: Date;
  permalink: string;
  containerId?: string;
  mediaType: 'IMAGE' | 'VIDEO' | 'CAROUSEL_ALBUM';
  /** The fetched items, in order (one unless a carousel). */
  items: {
    kind: 'image' | 'video';
    url: string;
    bytes: Buffer;
    contentType: string | null;
    altText?: string;
  }[];
}

export interface InstagramFake extends FakeServer {
  /** The counts a media's fields and insights answer; a figure left out is not given. */
  setMetrics(mediaId: string, metrics: FakeMetrics): void;
  env: {
    INSTAGRAM_CLIENT_ID: string;
    INSTAGRAM_CLIENT_SECRET: string;
    INSTAGRAM_AUTH_URL: string;
    INSTAGRAM_TOKEN_URL: string;
    INSTAGRAM_API_URL: string;
  };
  config: NetworkConfig;
  userId: string;
  username: string;
  /** Published posts, oldest first (including `seedPost`). */
  posts: InstagramPost[];
  containers: Map<string, InstagramContainer>;
  /** Every media fetch made, in order. */
  fetches: MediaFetch[];
  tokens: InstagramToken[];
  /** Code 190 / subcode 463 for that token (default: all). */
  expireToken(token?: string): void;
  /** Code 190 / subcode 460 for that token (default: all). */
  revokeToken(token?: string): void;
  /** Makes a container answer EXPIRED (older than 24 h). */
  expireContainer(id: string): void;
  /** Answers the next matching API call with this Graph error. */
  failNext(error: GraphErrorSpec, match?: FaultMatch): void;
  authorizeAnswer: 'approve' | 'deny';
  seedPost(post: { caption?: string; createdAt?: Date }): InstagramPost;
}

const expiredError = () =>
  graphError({
    code: 190,
    subcode: 463,
    message: 'Error validating access token: Session has expired on Monday, 01-Jan-24 12:00:00 PST.',
  });
const revokedError = () =>
  graphError({
    code: 190,
    subcode: 460,
    message:
      'Error validating access token: The session has been invalidated because the user changed their password.',
  });
const invalidTokenError = () =>
  graphError({ code: 190, message: 'Invalid OAuth access token - Cannot parse access token' });
const downloadFailed = (url: string, why: string) =>
  graphError({
    code: 9004,
    subcode: 2207052,
    message: 'Only photo or video can be accepted as media type.',
    userMessage: `The media could not be fetched from this URI: ${url} (${why})`,
  });
/** The old api.instagram.com error shape, still used by the code exchange. */
const flatError = (message: string) =>
  json(400, { error_type: 'OAuthException', code: 400, error_message: message });

/** What the media list can answer per post. */
const MEDIA_FIELDS = ['id', 'caption', 'timestamp', 'permalink', 'media_type'] as const;

const newToken = () => `IGAA${randomBytes(24).toString('base64url')}`;
const shortcode = () => randomBytes(8).toString('base64url').slice(0, 11);

/** Starts a fake Instagram API. */
export async function startInstagramFake(options: InstagramFakeOptions = {}): Promise<InstagramFake> {
  const clientId = options.clientId ?? 'ig-client-id';
  const clientSecret = options.clientSecret ?? 'ig-client-secret';
  const userId = options.userId ?? '17841400000000001';
  const appScopedId = '26000000000000001';
  const username = options.username ?? 'postwell.test';
  const inProgressPolls = options.inProgressPolls ?? 1;
  const codes = new Map<string, { redirectUri: string; used: boolean }>();
  const { tokens, add, find, mark } = createTokenStore<InstagramToken>();
  const posts: InstagramPost[] = [];
  const { setMetrics, metricsOf } = createMetricsStore();
  const containers = new Map<string, InstagramContainer>();
  const fetches: MediaFetch[] = [];
  const isAuthEndpoint = (req: FakeRequest) => ['/oauth/authorize', '/oauth/access_token'].includes(req.path);
  const failures = createFailQueue(isAuthEndpoint);
  const holder: { fake?: InstagramFake } = {};

  const issue = (kind: InstagramToken['kind']) =>
    add({ accessToken: newToken(), kind, expired: false, revoked: false });

  const authenticate = (req: FakeRequest, p: Record<string, string>): InstagramToken | FakeReply => {
    const value = p.access_token ?? req.headers.authorization?.replace(/^Bearer /, '');
    if (!value)
      return graphError({ code: 104, message: 'An access token is required to request this resource.' });
    const entry = find(value);
    if (!entry) return invalidTokenError();
    if (entry.revoked) return revokedError();
    if (entry.expired) return expiredError();
    return entry;
  };
  const isReply = (value: InstagramToken | FakeReply): value is FakeReply => 'status' in value;
  const isContainer = (value: InstagramContainer | FakeReply): value is InstagramContainer =>
    'ready' in value;

  const authorize = (req: FakeRequest): FakeReply => {
    const p = params(req);
    if (p.client_id !== clientId || !p.redirect_uri)
      return json(400, { error_message: 'Invalid platform app' });
    const back = new URL(p.redirect_uri);
    if (holder.fake?.authorizeAnswer === 'deny') {
      back.searchParams.set('error', 'access_denied');
      back.searchParams.set('error_reason', 'user_denied');
      back.searchParams.set('error_description', 'The user denied your request.');
    } else {
      const code = `AQ${randomBytes(24).toString('base64url')}`;
      codes.set(code, { redirectUri: p.redirect_uri, used: false });
      back.searchParams.set('code', code);
    }
    if (p.state) back.searchParams.set('state', p.state);
    return redirect(back.toString());
  };

  const exchangeCode = (req: FakeRequest): FakeReply => {
    const p = req.form ?? {};
    if (req.method !== 'POST') return flatError('Unsupported method');
    if (p.client_id !== clientId || p.client_secret !== clientSecret)
      return flatError('Invalid platform app');
    if (p.grant_type !== 'authorization_code') return flatError('Invalid grant_type');
    const code = p.code ? codes.get(p.code) : undefined;
    if (!code || code.used) return flatError('Invalid authorization code');
    if (code.redirectUri !== p.redirect_uri)
      return flatError(
        'Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request',
      );
    code.used = true;
    // user_id is a JSON number here, as documented: past 2^53 a JSON.parse client cannot keep it exact.
    const body = `{"access_token":${JSON.stringify(issue('short').accessToken)},"user_id":${userId},"permissions":["instagram_business_basic","instagram_business_content_publish"]}`;
    return { status: 200, headers: { 'content-type': 'application/json' }, body };
  };

  const exchangeLongLived = (req: FakeRequest): FakeReply => {
    const p = params(req);
    if (p.grant_type !== 'ig_exchange_token') return graphError({ code: 100, message: 'Invalid grant_type' });
    if (p.client_secret !== clientSecret)
      return graphError({ code: 101, message: 'Error validating client secret.' });
    const caller = authenticate(req, p);
    if (isReply(caller)) return caller;
    if (caller.kind !== 'short')
      return graphError({ code: 100, message: 'Only short-lived tokens can be exchanged' });
    return json(200, { access_token: issue('long').accessToken, token_type: 'bearer', expires_in: 5184000 });
  };

  const refresh = (req: FakeRequest): FakeReply => {
    const p = params(req);
    if (p.grant_type !== 'ig_refresh_token') return graphError({ code: 100, message: 'Invalid grant_type' });
    const caller = authenticate(req, p);
    if (isReply(caller)) return caller;
    if (caller.kind !== 'long')
      return graphError({ code: 100, message: 'Only long-lived tokens can be refreshed' });
    return json(200, { access_token: issue('long').accessToken, token_type: 'bearer', expires_in: 5184000 });
  };

  /** Fetches a video in the background; the container stays IN_PROGRESS until then. */
  const fetchVideo = async (container: InstagramContainer) => {
    const pulled = await pullMedia(container.url!, fetches);
    container.fetched = pulled;
    if (!pulled.ok || pulled.sniffed !== 'video/mp4') {
      container.statusCode = 'ERROR';
      container.status =
        "Error: Media download has failed. The media URI doesn't meet our requirements. (2207026)";
    }
  };

  const createItem = async (p: Record<string, string>): Promise<InstagramContainer | FakeReply> => {
    const isCarouselItem = p.is_carousel_item === 'true';
    const base = {
      id: nextGraphId(),
      userId,
      isCarouselItem,
      children: [],
      caption: isCarouselItem ? undefined : p.caption,
      pollsLeft: inProgressPolls,
      createdAt: new Date(),
      statusCode: 'IN_PROGRESS' as const,
    };
    if (p.media_type === 'REELS' || p.media_type === 'VIDEO') {
      if (!p.video_url) return graphError({ code: 100, message: 'The parameter video_url is required' });
      if (p.media_type === 'VIDEO' && !isCarouselItem)
        return graphError({
          code: 100,
          message: 'The VIDEO media type is only for carousel items; use REELS',
        });
      const container: InstagramContainer = {
        ...base,
        mediaType: p.media_type,
        url: p.video_url,
        ready: Promise.resolve(),
      };
      container.ready = fetchVideo(container);
      return container;
    }
    if (p.media_type && p.media_type !== 'IMAGE')
      return graphError({ code: 100, message: `Invalid media_type ${p.media_type}` });
    if (!p.image_url) return graphError({ code: 100, message: 'The parameter image_url is required' });
    const pulled = await pullMedia(p.image_url, fetches);
    if (!pulled.ok) return downloadFailed(p.image_url, `HTTP ${pulled.status || pulled.error}`);
    if (pulled.sniffed !== 'image/jpeg')
      return graphError({
        code: 9004,
        subcode: 2207083,
        message: 'The image format is not supported. Only JPEG images are supported.',
        userMessage: `Unsupported image format ${pulled.sniffed ?? pulled.contentType ?? 'unknown'}`,
      });
    return {
      ...base,
      mediaType: 'IMAGE',
      url: p.image_url,
      fetched: pulled,
      altText: p.alt_text,
      ready: Promise.resolve(),
    };
  };

  const createCarousel = (p: Record<string, string>): InstagramContainer | FakeReply => {
    const children = (p.children ?? '').split(',').filter(Boolean);
    if (children.length < 2 || children.length > 10)
      return graphError({ code: 100, message: 'A carousel needs between 2 and 10 children' });
    for (const child of children) {
      const item = containers.get(child);
      if (!item || item.userId !== userId || !item.isCarouselItem)
        return graphError({
          code: 100,
          message: `(#100) The carousel child ${child} is not a carousel item`,
        });
      if (item.statusCode !== 'FINISHED' && item.statusCode !== 'IN_PROGRESS')
        return graphError({
          code: 9007,
          subcode: 2207027,
          message: 'Media ID is not available',
          userMessage: 'The media is not ready for publishing, please wait for a moment',
        });
    }
    return {
      id: nextGraphId(),
      userId,
      mediaType: 'CAROUSEL',
      isCarouselItem: false,
      children,
      caption: p.caption,
      statusCode: 'IN_PROGRESS',
      pollsLeft: inProgressPolls,
      ready: Promise.all(children.map((child) => containers.get(child)!.ready)).then(() => undefined),
      createdAt: new Date(),
    };
  };

  const createContainer = async (req: FakeRequest): Promise<FakeReply> => {
    const p = params(req);
    const made = p.media_type === 'CAROUSEL' ? createCarousel(p) : await createItem(p);
    if (!isContainer(made)) return made;
    containers.set(made.id, made);
    return json(200, { id: made.id });
  };

  /** Whether a container's media is all fetched (a carousel: every child FINISHED). */
  const processed = (container: InstagramContainer): boolean =>
    container.mediaType === 'CAROUSEL'
      ? container.children.every((child) => containers.get(child)?.statusCode === 'FINISHED')
      : container.fetched !== undefined;

  /** One status poll's worth of progress: IN_PROGRESS for `inProgressPolls` polls, then FINISHED when fetched. */
  const advance = (container: InstagramContainer) => {
    if (container.statusCode !== 'IN_PROGRESS') return;
    const children = container.children.map((child) => containers.get(child)!);
    children.forEach(advance);
    if (children.some((child) => child.statusCode === 'ERROR')) {
      container.statusCode = 'ERROR';
      container.status = 'Error: a carousel item could not be processed.';
    } else if (container.pollsLeft > 0) container.pollsLeft--;
    else if (processed(container)) container.statusCode = 'FINISHED';
  };

  const containerStatus = (container: InstagramContainer): FakeReply => {
    advance(container);
    return json(200, {
      status_code: container.statusCode,
      ...(container.status ? { status: container.status } : {}),
      id: container.id,
    });
  };

  const itemOf = (container: InstagramContainer): InstagramPost['items'][number] => ({
    kind: container.mediaType === 'IMAGE' ? 'image' : 'video',
    url: container.url ?? '',
    bytes: container.fetched?.bytes ?? Buffer.alloc(0),
    contentType: container.fetched?.contentType ?? null,
    altText: container.altText,
  });

  const publish = (req: FakeRequest): FakeReply => {
    const p = params(req);
    const container = p.creation_id ? containers.get(p.creation_id) : undefined;
    if (!container || container.userId !== userId || container.isCarouselItem)
      return graphError({
        code: 100,
        subcode: 2207008,
        message: 'Media ID is not available',
        userMessage: 'The media container does not exist',
      });
    if (container.statusCode === 'PUBLISHED')
      return graphError({
        code: 100,
        subcode: 2207008,
        message: 'Media ID is not available',
        userMessage: 'The media has already been published',
      });
    if (container.statusCode !== 'FINISHED')
      return graphError({
        code: 9007,
        subcode: 2207027,
        message: 'Media ID is not available',
        userMessage: 'The media is not ready for publishing, please wait for a moment',
      });
    container.statusCode = 'PUBLISHED';
    const items =
      container.mediaType === 'CAROUSEL'
        ? container.children.map((child) => itemOf(containers.get(child)!))
        : [itemOf(container)];
    const post: InstagramPost = {
      id: nextGraphId(),
      userId,
      caption: container.caption,
      createdAt: new Date(),
      permalink: `https://www.instagram.com/p/${shortcode()}/`,
      containerId: container.id,
      mediaType:
        container.mediaType === 'CAROUSEL'
          ? 'CAROUSEL_ALBUM'
          : container.mediaType === 'IMAGE'
            ? 'IMAGE'
            : 'VIDEO',
      items,
    };
    posts.push(post);
    return json(200, { id: post.id });
  };

  /**
   * `GET /{ig-user-id}/media`, newest first: `fields` (of id, caption, timestamp, permalink, media_type;
   * default id), `since` / `until` (unix seconds or a date, inclusive), `limit` (at most 100, default
   * 25) and the `after` cursor. `paging.next` is there while more posts follow.
   */
  const listMedia = (req: FakeRequest): FakeReply => {
    const list = graphList(req, MEDIA_FIELDS, ['id']);
    if ('status' in list) return list;
    const page = pageNewestFirst(posts, { createdAt: (post) => post.createdAt, ...list.window });
    if (!page) return graphError({ code: 100, message: '(#100) Invalid cursor' });
    const data = page.items.map((post) =>
      pickFields(list.fields, {
        id: post.id,
        caption: post.caption,
        timestamp: graphTimestamp(post.createdAt),
        permalink: post.permalink,
        media_type: post.mediaType,
      }),
    );
    return json(200, { data, paging: graphPaging(req, page.after) });
  };

  /** `GET /{id}`: a container's status or a post's fields. */
  const node = (req: FakeRequest, id: string): FakeReply => {
    const container = containers.get(id);
    if (container) return containerStatus(container);
    const post = posts.find((candidate) => candidate.id === id);
    if (post) {
      const counts = metricsOf(post.id);
      return json(200, {
        id: post.id,
        permalink: post.permalink,
        ...(post.caption === undefined ? {} : { caption: post.caption }),
        timestamp: graphTimestamp(post.createdAt),
        media_type: post.mediaType,
        // Graph leaves like_count out when the owner hid the likes (a test leaves `likes` out).
        ...(counts.likes === undefined ? {} : { like_count: counts.likes }),
        ...(counts.comments === undefined ? {} : { comments_count: counts.comments }),
      });
    }
    return graphError({
      code: 100,
      subcode: 33,
      message: `Unsupported get request. Object with ID '${id}' does not exist`,
    });
  };

  const api = async (req: FakeRequest, path: string): Promise<FakeReply | undefined> => {
    const p = params(req);
    if (path === '/access_token' && req.method === 'GET') return exchangeLongLived(req);
    if (path === '/refresh_access_token' && req.method === 'GET') return refresh(req);
    const caller = authenticate(req, p);
    if (isReply(caller)) return caller;
    if (path === '/me' && req.method === 'GET')
      return json(200, { id: appScopedId, user_id: userId, username });
    const edge = /^\/([^/]+)\/(media|media_publish)$/.exec(path);
    if (edge) {
      if (edge[1] !== userId && edge[1] !== 'me')
        return graphError({
          code: 10,
          message: '(#10) Application does not have permission for this action',
        });
      if (edge[2] === 'media' && req.method === 'POST') return createContainer(req);
      if (edge[2] === 'media' && req.method === 'GET') return listMedia(req);
      if (edge[2] === 'media_publish' && req.method === 'POST') return publish(req);
    }
    const insights = /^\/([^/]+)\/insights$/.exec(path);
    if (insights && req.method === 'GET') {
      const post = posts.find((candidate) => candidate.id === insights[1]);
      if (!post) return node(req, insights[1]!);
      const counts = metricsOf(post.id);
      return insightsReply(req, post.id, {
        reach: counts.reach,
        views: counts.impressions,
        shares: counts.shares,
        saved: 0,
      });
    }
    const single = /^\/([^/]+)$/.exec(path);
    if (single && req.method === 'GET') return node(req, single[1]!);
    return undefined;
  };

  const handler = async (req: FakeRequest): Promise<FakeReply | undefined> => {
    const injected = failures.take(req);
    if (injected) return injected;
    if (req.path === '/oauth/authorize' && req.method === 'GET') return authorize(req);
    if (req.path === '/oauth/access_token') return exchangeCode(req);
    return (
      (await api(req, stripVersion(req.path))) ??
      graphError({ code: 100, message: `Unsupported ${req.method} request ${req.path}` })
    );
  };

  const server = await startFakeServer('instagram', handler, {
    isAuthEndpoint,
    random: options.random,
    faultReplies: {
      '429': () =>
        graphError({
          status: 429,
          code: 4,
          message: '(#4) Application request limit reached',
          isTransient: true,
          headers: { 'retry-after': '30' },
        }),
      '500': () =>
        graphError({
          status: 500,
          code: 2,
          message: 'An unexpected error has occurred. Please retry your request later.',
          isTransient: true,
        }),
    },
  });

  const fake: InstagramFake = Object.assign(server, {
    setMetrics,
    env: {
      INSTAGRAM_CLIENT_ID: clientId,
      INSTAGRAM_CLIENT_SECRET: clientSecret,
      INSTAGRAM_AUTH_URL: `${server.url}/oauth/authorize`,
      INSTAGRAM_TOKEN_URL: `${server.url}/oauth/access_token`,
      INSTAGRAM_API_URL: server.url,
    },
    config: {
      clientId,
      clientSecret,
      authUrl: `${server.url}/oauth/authorize`,
      tokenUrl: `${server.url}/oauth/access_token`,
      apiUrl: server.url,
    },
    userId,
    username,
    posts,
    containers,
    fetches,
    tokens,
    expireToken: (value?: string) => mark('expired', value),
    revokeToken: (value?: string) => mark('revoked', value),
    expireContainer: (id: string) => {
      const container = containers.get(id);
      if (container) container.statusCode = 'EXPIRED';
    },
    failNext: (error: GraphErrorSpec, match?: FaultMatch) => failures.push(graphError(error), match),
    authorizeAnswer: 'approve' as 'approve' | 'deny',
    seedPost: (post: { caption?: string; createdAt?: Date }) => {
      const seeded: InstagramPost = {
        id: nextGraphId(),
        userId,
        caption: post.caption,
        createdAt: post.createdAt ?? new Date(),
        permalink: `https://www.instagram.com/p/${shortcode()}/`,
        mediaType: 'IMAGE',
        items: [],
      };
      posts.push(seeded);
      return seeded;
    },
  });
  holder.fake = fake;
  return fake;
}
