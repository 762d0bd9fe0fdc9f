import { createHmac, randomBytes } from 'node:crypto';
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
  pagePostCounts,
  params,
  pickFields,
  stripVersion,
} from './graph';
import type { GraphErrorSpec } from './graph';
import { createFailQueue, createMetricsStore, createTokenStore, pullMedia, sniffMedia } from './shared';
import type { FakeMetrics, FakeTokenState, MediaFetch } from './shared';

/**
 * A fake Facebook Graph API (Pages publishing) on 127.0.0.1, built on `fake-server.ts`. It speaks the
 * documented sequence: `/dialog/oauth` → `/oauth/access_token` (code, then `fb_exchange_token`) →
 * `/me/accounts` (page tokens) → `/{page}/feed`, `/{page}/photos`, `/{page}/videos`. Errors are Graph's
 * `{error:{message,type,code,error_subcode,fbtrace_id}}` with HTTP 400 (190 = bad token), as Graph does.
 */

const token = (prefix: string) => `${prefix}${randomBytes(18).toString('base64url')}`;

export interface FacebookFakeOptions {
  clientId?: string;
  clientSecret?: string;
  /** The Pages the person manages (default one, "Postwell Test Page"). Empty to test "no Page". */
  pages?: { id: string; name: string }[];
  /** Refuse calls without a correct `appsecret_proof` (Graph's "Require App Secret" setting). */
  requireAppSecretProof?: boolean;
  /** Largest photo Graph accepts (default 4 MB). */
  maxPhotoBytes?: number;
  /** Random source for `fault.rate`. */
  random?: () => number;
}

/** A token the fake issued. */
export interface FacebookToken extends FakeTokenState {
  kind: 'user-short' | 'user-long' | 'page';
  pageId?: string;
  expired: boolean;
  revoked: boolean;
}

/** One file attached to a published post. */
export interface FacebookMedia {
  id: string;
  kind: 'photo' | 'video';
  bytes: Buffer;
  /** From the bytes (see `sniffMedia`). */
  mime: string | undefined;
  altText?: string;
  /** Set when the photo was given as `url` and fetched. */
  url?: string;
}

/** A post on a Page's feed. */
export interface FacebookPost {
  /** `{page-id}_{post-id}`, as Graph returns it. */
  id: string;
  pageId: string;
  message?: string;
  createdAt: Date;
  kind: 'text' | 'photo' | 'album' | 'video';
  media: FacebookMedia[];
  /** The token that posted it. */
  token: string;
}

export interface FacebookFake extends FakeServer {
  /** The counts a post's fields and insights answer; a figure left out is not given. */
  setMetrics(postId: string, metrics: FakeMetrics): void;
  /** The env our app needs to use this fake. */
  env: {
    FACEBOOK_CLIENT_ID: string;
    FACEBOOK_CLIENT_SECRET: string;
    FACEBOOK_AUTH_URL: string;
    FACEBOOK_TOKEN_URL: string;
    FACEBOOK_API_URL: string;
  };
  /** The same as a `NetworkConfig` for `createFacebookAdapter`. */
  config: NetworkConfig;
  pages: { id: string; name: string }[];
  /** Published posts, oldest first (including ones seeded with `seedPost`). */
  posts: FacebookPost[];
  /** Photos uploaded with `published=false`, waiting for `attached_media`. */
  unpublishedPhotos: FacebookMedia[];
  /** Photos fetched from a `url` parameter. */
  fetches: MediaFetch[];
  /** Every token issued, in order. */
  tokens: FacebookToken[];
  /** Makes a token (default: every token) answer Graph's code 190 / subcode 463 "Session has expired". */
  expireToken(token?: string): void;
  /** Makes a token (default: every token) answer code 190 / subcode 458 "has not authorized application". */
  revokeToken(token?: string): void;
  /** Answers the next matching API call with this Graph error (e.g. `{ code: 32 }`, `{ code: 190 }`). */
  failNext(error: GraphErrorSpec, match?: FaultMatch): void;
  /** `deny` makes `/dialog/oauth` redirect back with `error=access_denied`. */
  authorizeAnswer: 'approve' | 'deny';
  /** Puts a post on a Page's feed as if made elsewhere (resume tests). */
  seedPost(post: { pageId?: string; message?: string; createdAt?: Date }): FacebookPost;
}

/** What the feed can answer per post. */
const FEED_FIELDS = ['id', 'message', 'created_time'] as const;

const expiredError = () =>
  graphError({
    code: 190,
    subcode: 463,
    message: 'Error validating access token: Session has expired on Monday, 01-Jan-24 12:00:00 PST.',
  });
const revokedError = () =>
  graphError({
    code: 190,
    subcode: 458,
    message: 'Error validating access token: The user has not authorized application.',
  });
const invalidTokenError = () =>
  graphError({ code: 190, message: 'Invalid OAuth access token - Cannot parse access token' });

/** Starts a fake Facebook Graph API. */
export async function startFacebookFake(options: FacebookFakeOptions = {}): Promise<FacebookFake> {
  const clientId = options.clientId ?? 'fb-client-id';
  const clientSecret = options.clientSecret ?? 'fb-client-secret';
  const pages = options.pages ?? [{ id: '1000001', name: 'Postwell Test Page' }];
  const maxPhotoBytes = options.maxPhotoBytes ?? 4 * 1024 * 1024;
  const codes = new Map<string, { redirectUri: string; used: boolean }>();
  const { tokens, add, find, mark } = createTokenStore<FacebookToken>();
  const posts: FacebookPost[] = [];
  const { setMetrics, metricsOf } = createMetricsStore();
  const unpublishedPhotos: FacebookMedia[] = [];
  const fetches: MediaFetch[] = [];
  const isAuthEndpoint = (req: FakeRequest) =>
    ['/dialog/oauth', '/oauth/access_token'].includes(stripVersion(req.path));
  const failures = createFailQueue(isAuthEndpoint);
  const holder: { fake?: FacebookFake } = {};

  const issue = (kind: FacebookToken['kind'], pageId?: string) => {
    return add({
      accessToken: token(kind === 'page' ? 'EAAP' : 'EAAU'),
      kind,
      pageId,
      expired: false,
      revoked: false,
    });
  };

  /** The caller's token, or the Graph error to answer. */
  const authenticate = (req: FakeRequest, p: Record<string, string>): FacebookToken | FakeReply => {
    const header = req.headers.authorization;
    const value = p.access_token ?? (header?.replace(/^(Bearer|OAuth) /, '') || undefined);
    if (!value)
      return graphError({ code: 104, message: 'An access token is required to request this resource.' });
    const entry = find(value);
    if (!entry) return invalidTokenError();
    if (entry.revoked) return revokedError();
    if (entry.expired) return expiredError();
    const proof = createHmac('sha256', clientSecret).update(value).digest('hex');
    if ((p.appsecret_proof !== undefined || options.requireAppSecretProof) && p.appsecret_proof !== proof)
      return graphError({ code: 100, message: 'Invalid appsecret_proof provided in the API argument' });
    return entry;
  };
  const isReply = (value: FacebookToken | FakeReply): value is FakeReply => 'status' in value;

  const addPost = (post: Omit<FacebookPost, 'id' | 'createdAt'>) => {
    const created: FacebookPost = { ...post, id: `${post.pageId}_${nextGraphId()}`, createdAt: new Date() };
    posts.push(created);
    return created;
  };

  const authorize = (req: FakeRequest): FakeReply => {
    const p = params(req);
    if (p.client_id !== clientId || !p.redirect_uri)
      return graphError({ code: 101, message: 'Error validating application. Invalid application ID.' });
    const back = new URL(p.redirect_uri);
    if (holder.fake?.authorizeAnswer === 'deny') {
      back.searchParams.set('error', 'access_denied');
      back.searchParams.set('error_reason', 'user_denied');
      back.searchParams.set('error_description', 'Permissions error');
    } else {
      const code = token('AQ');
      codes.set(code, { redirectUri: p.redirect_uri, used: false });
      back.searchParams.set('code', code);
    }
    if (p.state) back.searchParams.set('state', p.state);
    return redirect(back.toString());
  };

  const accessToken = (req: FakeRequest): FakeReply => {
    const p = params(req);
    if (p.client_id !== clientId)
      return graphError({ code: 101, message: 'Error validating application. Invalid application ID.' });
    if (p.client_secret !== clientSecret)
      return graphError({ code: 1, message: 'Error validating client secret.' });
    if (p.grant_type === 'fb_exchange_token') {
      const short = find(p.fb_exchange_token);
      if (!short || short.kind === 'page') return invalidTokenError();
      if (short.revoked) return revokedError();
      if (short.expired) return expiredError();
      return json(200, {
        access_token: issue('user-long').accessToken,
        token_type: 'bearer',
        expires_in: 5183944,
      });
    }
    const code = p.code ? codes.get(p.code) : undefined;
    if (!code || code.used) return graphError({ code: 100, message: 'Invalid verification code format.' });
    if (code.redirectUri !== p.redirect_uri)
      return graphError({
        code: 100,
        subcode: 36008,
        message:
          'Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request',
      });
    code.used = true;
    return json(200, {
      access_token: issue('user-short').accessToken,
      token_type: 'bearer',
      expires_in: 5183,
    });
  };

  /** A live page token per (page): reissued when the current one stopped working. */
  const pageTokenFor = (pageId: string) => {
    const current = [...tokens].reverse().find((entry) => entry.kind === 'page' && entry.pageId === pageId);
    return current && !current.expired && !current.revoked ? current : issue('page', pageId);
  };

  const meAccounts = (user: FacebookToken): FakeReply => {
    if (user.kind === 'page')
      return graphError({
        code: 100,
        message: '(#100) Tried accessing nonexisting field (accounts) on node type (Page)',
      });
    return json(200, {
      data: pages.map((page) => ({
        id: page.id,
        name: page.name,
        access_token: pageTokenFor(page.id).accessToken,
        category: 'Software',
        tasks: ['ANALYZE', 'ADVERTISE', 'MODERATE', 'CREATE_CONTENT', 'MANAGE'],
      })),
      paging: { cursors: { before: 'QVFIUk', after: 'QVFIUl' } },
    });
  };

  /** The photo given as `source` (multipart) or `url` (fetched), or the Graph error. */
  const receivePhoto = async (
    req: FakeRequest,
    p: Record<string, string>,
  ): Promise<FacebookMedia | FakeReply> => {
    const source = req.parts?.find((part) => part.name === 'source' && part.filename !== undefined);
    let bytes: Buffer | undefined = source?.data;
    if (!bytes && p.url) {
      const pulled = await pullMedia(p.url, fetches);
      if (!pulled.ok) return graphError({ code: 324, message: '(#324) Missing or invalid image file' });
      bytes = pulled.bytes;
    }
    if (!bytes) return graphError({ code: 324, message: '(#324) Requires upload file' });
    const mime = sniffMedia(bytes);
    if (!mime?.startsWith('image/'))
      return graphError({ code: 324, message: '(#324) Missing or invalid image file' });
    if (bytes.length > maxPhotoBytes)
      return graphError({ code: 1, message: 'An unknown error has occurred. (file too large)' });
    return { id: nextGraphId(), kind: 'photo', bytes, mime, altText: p.alt_text_custom, url: p.url };
  };

  const postPhoto = async (req: FakeRequest, pageId: string, caller: FacebookToken): Promise<FakeReply> => {
    const p = params(req);
    const photo = await receivePhoto(req, p);
    if ('status' in photo) return photo;
    if (p.published === 'false') {
      unpublishedPhotos.push(photo);
      return json(200, { id: photo.id });
    }
    const post = addPost({
      pageId,
      message: p.message ?? p.caption,
      kind: 'photo',
      media: [photo],
      token: caller.accessToken,
    });
    return json(200, { id: photo.id, post_id: post.id });
  };

  const postFeed = (req: FakeRequest, pageId: string, caller: FacebookToken): FakeReply => {
    const p = params(req);
    const media: FacebookMedia[] = [];
    for (let index = 0; p[`attached_media[${index}]`] !== undefined; index++) {
      let fbid: unknown;
      try {
        fbid = (JSON.parse(p[`attached_media[${index}]`]!) as { media_fbid?: unknown }).media_fbid;
      } catch {
        fbid = undefined;
      }
      const photoIndex = unpublishedPhotos.findIndex((photo) => photo.id === fbid);
      if (photoIndex < 0)
        return graphError({
          code: 100,
          message: `(#100) param attached_media[${index}] has invalid media_fbid`,
        });
      media.push(unpublishedPhotos.splice(photoIndex, 1)[0]!);
    }
    if (!p.message && !media.length && !p.link)
      return graphError({ code: 100, message: '(#100) Missing message or attachment' });
    const post = addPost({
      pageId,
      message: p.message,
      kind: media.length ? 'album' : 'text',
      media,
      token: caller.accessToken,
    });
    return json(200, { id: post.id });
  };

  const postVideo = (req: FakeRequest, pageId: string, caller: FacebookToken): FakeReply => {
    const p = params(req);
    const source = req.parts?.find((part) => part.name === 'source' && part.filename !== undefined);
    if (!source)
      return graphError({
        code: 390,
        message: 'There was a problem uploading your video file. Please try again.',
      });
    const mime = sniffMedia(source.data);
    if (mime !== 'video/mp4')
      return graphError({
        code: 352,
        message: "The video file you selected is in a format that we don't support.",
      });
    const video: FacebookMedia = { id: nextGraphId(), kind: 'video', bytes: source.data, mime };
    addPost({ pageId, message: p.description, kind: 'video', media: [video], token: caller.accessToken });
    return json(200, { id: video.id });
  };

  /**
   * `GET /{page-id}/feed`, newest first: `fields` (of id, message, created_time), `since` / `until` (unix
   * seconds or a date, inclusive), `limit` (at most 100, default 25) and the `after` cursor. `paging.next`
   * is there while more posts follow.
   */
  const feed = (req: FakeRequest, pageId: string): FakeReply => {
    const list = graphList(req, FEED_FIELDS);
    if ('status' in list) return list;
    const page = pageNewestFirst(
      posts.filter((post) => post.pageId === pageId),
      { createdAt: (post) => post.createdAt, ...list.window },
    );
    if (!page) return graphError({ code: 100, message: '(#100) Invalid cursor' });
    const data = page.items.map((post) =>
      pickFields(list.fields, {
        id: post.id,
        message: post.message,
        created_time: graphTimestamp(post.createdAt),
      }),
    );
    return json(200, { data, paging: graphPaging(req, page.after) });
  };

  /** Page edges: the token must be this Page's page token. */
  const pageEdge = async (req: FakeRequest, pageId: string, edge: string): Promise<FakeReply | undefined> => {
    if (!pages.some((page) => page.id === pageId)) return undefined;
    const caller = authenticate(req, params(req));
    if (isReply(caller)) return caller;
    const asPage = caller.kind === 'page' && caller.pageId === pageId;
    if (req.method === 'GET' && edge === 'feed') return feed(req, pageId);
    if (req.method !== 'POST') return undefined;
    if (!asPage)
      return graphError({
        code: 200,
        message:
          '(#200) The permission(s) pages_manage_posts are not available or have not been approved for this user token; use a Page access token.',
      });
    if (edge === 'feed') return postFeed(req, pageId, caller);
    if (edge === 'photos') return postPhoto(req, pageId, caller);
    if (edge === 'videos') return postVideo(req, pageId, caller);
    return undefined;
  };

  /** A Page post's counts (`GET /{post-id}`) and insights (`GET /{post-id}/insights`), to a token of its Page. */
  const postMetrics = (req: FakeRequest, id: string, insights: boolean): FakeReply => {
    const post = posts.find((candidate) => candidate.id === id);
    if (!post)
      return graphError({
        code: 100,
        subcode: 33,
        message: `Unsupported get request. Object with ID '${id}' does not exist`,
      });
    const caller = authenticate(req, params(req));
    if (isReply(caller)) return caller;
    const counts = metricsOf(id);
    if (!insights) return pagePostCounts(req, id, counts);
    return insightsReply(req, id, {
      post_impressions: counts.impressions,
      post_impressions_unique: counts.reach,
    });
  };

  const handler = async (req: FakeRequest): Promise<FakeReply | undefined> => {
    const injected = failures.take(req);
    if (injected) return injected;
    const path = stripVersion(req.path);
    if (path === '/dialog/oauth' && req.method === 'GET') return authorize(req);
    if (path === '/oauth/access_token' && (req.method === 'GET' || req.method === 'POST'))
      return accessToken(req);
    if (path === '/me/accounts' && req.method === 'GET') {
      const caller = authenticate(req, params(req));
      return isReply(caller) ? caller : meAccounts(caller);
    }
    const edge = /^\/([^/]+)\/(feed|photos|videos)$/.exec(path);
    if (edge) return pageEdge(req, edge[1]!, edge[2]!);
    const insights = /^\/([^/]+)\/insights$/.exec(path);
    if (insights && req.method === 'GET') return postMetrics(req, insights[1]!, true);
    const node = /^\/(\d+_\d+)$/.exec(path);
    if (node && req.method === 'GET') return postMetrics(req, node[1]!, false);
    return graphError({
      status: 400,
      code: 100,
      message: `Unsupported ${req.method} request. Object with ID '${path.slice(1)}' does not exist`,
    });
  };

  const server = await startFakeServer('facebook', handler, {
    isAuthEndpoint,
    random: options.random,
    faultReplies: {
      '429': () =>
        graphError({
          status: 429,
          code: 4,
          message: '(#4) Application request limit reached',
          isTransient: true,
          headers: {
            'retry-after': '30',
            'x-app-usage': JSON.stringify({ call_count: 100, total_cputime: 20, total_time: 40 }),
          },
        }),
      '500': () =>
        graphError({ status: 500, code: 1, message: 'An unknown error has occurred.', isTransient: true }),
    },
  });

  const fake: FacebookFake = Object.assign(server, {
    setMetrics,
    env: {
      FACEBOOK_CLIENT_ID: clientId,
      FACEBOOK_CLIENT_SECRET: clientSecret,
      FACEBOOK_AUTH_URL: `${server.url}/dialog/oauth`,
      FACEBOOK_TOKEN_URL: `${server.url}/oauth/access_token`,
      FACEBOOK_API_URL: server.url,
    },
    config: {
      clientId,
      clientSecret,
      authUrl: `${server.url}/dialog/oauth`,
      tokenUrl: `${server.url}/oauth/access_token`,
      apiUrl: server.url,
    },
    pages,
    posts,
    unpublishedPhotos,
    fetches,
    tokens,
    expireToken: (value?: string) => mark('expired', value),
    revokeToken: (value?: string) => mark('revoked', value),
    failNext: (error: GraphErrorSpec, match?: FaultMatch) => failures.push(graphError(error), match),
    authorizeAnswer: 'approve' as 'approve' | 'deny',
    seedPost: (post: { pageId?: string; message?: string; createdAt?: Date }) => {
      const seeded = addPost({
        pageId: post.pageId ?? pages[0]?.id ?? '1000001',
        message: post.message,
        kind: 'text',
        media: [],
        token: '',
      });
      if (post.createdAt) seeded.createdAt = post.createdAt;
      return seeded;
    },
  });
  holder.fake = fake;
  return fake;
}
