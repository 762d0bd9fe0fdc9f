import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type {
  AppBskyEmbedImages,
  AppBskyEmbedVideo,
  AppBskyFeedPost,
  AppBskyRichtextFacet,
  $Typed,
  AtpAgent,
  XRPCError,
} from '@atproto/api';
import type * as AtprotoApi from '@atproto/api';
import { type Account, type Credentials, type MediaFile, PlatformError } from '../contract';
import type { MetricsInput, MetricsReading, PlatformAdapter, PublishInput, PublishResult } from '../contract';
import { headersFrom, retryAfterMs, timedOut, unexpectedAnswer } from '../http';
import { assertMediaFits, imageNeeds, prepareImage } from '../media';
import { countOf, postGone, reading } from '../metrics';

/**
 * Bluesky (AT Protocol). There is no OAuth app to register: a person connects with their handle and an
 * app password, we keep the session tokens and the app password (to log in again when the session is
 * gone), and a post is one `app.bsky.feed.post` record in their repository on their PDS.
 */

const POST_COLLECTION = 'app.bsky.feed.post';
const APP_PASSWORD_SCOPES = ['com.atproto.appPass', 'com.atproto.appPassPrivileged'];
/** The post lexicon now allows 2 MB, but PDSes on older lexicons still refuse anything over 1 MB. */
const IMAGE_NEEDS = imageNeeds('bluesky');

type Embed = $Typed<AppBskyEmbedImages.Main> | $Typed<AppBskyEmbedVideo.Main>;

/** The `fetch` every request of one operation goes through, so that aborting `signal` stops them all. */
function fetchWithSignal(signal: AbortSignal): typeof fetch {
  return (input, init) => {
    const own = init?.signal ?? (input instanceof Request ? input.signal : undefined);
    return fetch(input, { ...init, signal: own ? AbortSignal.any([own, signal]) : signal });
  };
}

/** The claims of a JWT, unverified: we only read what the network itself put in its own token. */
function jwtClaims(jwt: string): Record<string, unknown> | null {
  const payload = jwt.split('.')[1];
  if (!payload) return null;
  try {
    const claims: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    return claims && typeof claims === 'object' ? (claims as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** When the access token stops working, from its `exp` claim. */
function tokenExpiry(jwt: string): string | null {
  const exp = jwtClaims(jwt)?.exp;
  return typeof exp === 'number' ? new Date(exp * 1000).toISOString() : null;
}

/** The URL without a trailing slash. */
const trimUrl = (url: string | URL) => String(url).replace(/\/+$/, '');

/**
 * @atproto/api weighs ~40 MB resident once loaded: it is loaded by the first call that talks to Bluesky,
 * not when the server starts (decision 029).
 */
let atproto: typeof AtprotoApi | undefined;
const loadAtproto = async () => (atproto ??= await import('@atproto/api'));

/** Before the library is loaded, nothing can have thrown one of its errors. */
const isXrpc = (error: unknown): error is XRPCError =>
  atproto !== undefined && error instanceof atproto.XRPCError;

/** An answer that means the session is gone, even after the agent tried its refresh token. */
const isAuthFailure = (error: unknown) =>
  isXrpc(error) && (error.status === 401 || ['ExpiredToken', 'InvalidToken'].includes(error.error));

/**
 * Any failure as the worker understands it: no answer or a timeout, 429 and 5xx are transient (with the
 * rate-limit reset when given), a dead session is `auth`, other refusals are permanent with Bluesky's own
 * message, and an answer the lexicon does not describe is an unexpected answer.
 */
function toPlatformError(error: unknown, signal: AbortSignal): unknown {
  if (error instanceof PlatformError) return error;
  if (signal.aborted) return timedOut('bluesky');
  if (!isXrpc(error)) return error;
  const status = error.status;
  if (status === 1)
    return new PlatformError('transient', `could not reach Bluesky: ${error.message}`, {
      code: 'unreachable',
    });
  if (status === 2) return unexpectedAnswer('bluesky');
  const retryAfter = retryAfterMs(headersFrom(error.headers ?? {}));
  if (status === 429)
    return new PlatformError('transient', 'Bluesky rate limit reached', {
      status,
      code: 'rate_limited',
      retryAfterMs: retryAfter,
    });
  if (status >= 500)
    return new PlatformError('transient', `Bluesky had a server error (${status})`, {
      status,
      code: 'server_error',
      retryAfterMs: retryAfter,
    });
  if (isAuthFailure(error)) return new PlatformError('auth', error.message, { status });
  return new PlatformError('permanent', error.message, { status });
}

/**
 * A deterministic record key for a publish target: a valid TID (13 sortable-base32 characters, top bit
 * zero: a microsecond timestamp and a 10-bit clock id) taken from a hash of the target id. Retrying the
 * same target writes to the same key, so the repository itself refuses a second copy. The timestamp part
 * falls between 2023 and 2058 so that the key looks like any other TID.
 */
export function recordKeyFor(targetId: string): string {
  const hash = createHash('sha256').update(`postwell:${targetId}`).digest();
  const bits = hash.readBigUInt64BE(0);
  const since2023 = (bits >> 10n) % (1n << 50n);
  const timestamp = 1_672_531_200_000_000n + since2023;
  let value = (timestamp << 10n) | (bits & 1023n);
  const alphabet = '234567abcdefghijklmnopqrstuvwxyz';
  let key = '';
  for (let i = 0; i < 13; i++, value >>= 5n) key = alphabet[Number(value & 31n)] + key;
  return key;
}

/** What `connectBluesky` refuses with when the password is the account's own, not an app password. */
const mainPasswordError = () =>
  new PlatformError('permanent', 'Use an app password, not your main password.', { code: 'main_password' });

/** The handle as typed: without spaces, a leading @ or capitals. */
const normaliseHandle = (handle: string) => handle.trim().replace(/^@/, '').toLowerCase();

/** Fails with `handle_not_found` unless the network knows the handle (emails and DIDs are not checked). */
async function assertHandleResolves(agent: AtpAgent, identifier: string, signal: AbortSignal): Promise<void> {
  if (identifier.includes('@') || identifier.startsWith('did:')) return;
  try {
    await agent.com.atproto.identity.resolveHandle({ handle: identifier });
  } catch (error) {
    const failure = toPlatformError(error, signal);
    if (
      failure instanceof PlatformError &&
      failure.kind === 'permanent' &&
      failure.options.code === undefined
    )
      throw new PlatformError('permanent', `No Bluesky account has the handle ${identifier}.`, {
        code: 'handle_not_found',
        status: failure.options.status,
      });
    throw failure;
  }
}

/** Bluesky's refusal of a login, as the connect form shows it. */
function loginError(error: unknown, signal: AbortSignal): unknown {
  if (isXrpc(error) && error.error === 'AuthFactorTokenRequired') return mainPasswordError();
  if (isXrpc(error) && error.status === 401)
    return new PlatformError('permanent', error.message, { code: 'bad_credentials', status: 401 });
  return toPlatformError(error, signal);
}

/**
 * Connects an account (`POST /api/social/bluesky/connect`): checks the handle, logs in, and keeps the
 * session only when it was made with an app password. A main password is refused the way the network
 * itself asks third-party apps to: its session is deleted at once and never stored.
 */
export async function connectBluesky(
  serviceUrl: string,
  handle: string,
  appPassword: string,
  signal: AbortSignal,
): Promise<{ credentials: Credentials; account: Account }> {
  const identifier = normaliseHandle(handle);
  const { AtpAgent } = await loadAtproto();
  const agent = new AtpAgent({ service: serviceUrl, fetch: fetchWithSignal(signal) });
  await assertHandleResolves(agent, identifier, signal);
  let session: Awaited<ReturnType<AtpAgent['login']>>['data'];
  try {
    ({ data: session } = await agent.login({ identifier, password: appPassword }));
  } catch (error) {
    throw loginError(error, signal);
  }
  const scope = jwtClaims(session.accessJwt)?.scope;
  if (typeof scope !== 'string' || !APP_PASSWORD_SCOPES.includes(scope)) {
    await agent.logout();
    throw typeof scope === 'string' ? mainPasswordError() : unexpectedAnswer('bluesky');
  }
  return {
    credentials: {
      accessToken: session.accessJwt,
      refreshToken: session.refreshJwt,
      expiresAt: tokenExpiry(session.accessJwt),
      extra: {
        appPassword,
        did: session.did,
        handle: session.handle,
        service: trimUrl(agent.pdsUrl ?? serviceUrl),
      },
    },
    account: { id: session.did, username: session.handle },
  };
}

/** One publish's view of the account: an agent on its PDS with the stored session loaded. */
interface Connection {
  agent: AtpAgent;
  did: string;
  handle: string;
  appPassword: string;
  storedRefreshJwt: string | null;
  signal: AbortSignal;
}

/** An agent resuming the stored session; the agent refreshes it by itself when the PDS says it expired. */
async function openConnection(
  serviceUrl: string,
  input: Pick<PublishInput, 'credentials' | 'account' | 'signal'>,
): Promise<Connection> {
  const { credentials, account, signal } = input;
  const extra = credentials.extra ?? {};
  const did = extra.did ?? account.id;
  const appPassword = extra.appPassword;
  if (!did || !appPassword)
    throw new PlatformError('auth', 'The Bluesky connection is incomplete; connect the account again.');
  const handle = extra.handle ?? account.username;
  const { AtpAgent } = await loadAtproto();
  const agent = new AtpAgent({ service: extra.service ?? serviceUrl, fetch: fetchWithSignal(signal) });
  agent.sessionManager.session = {
    did,
    handle,
    accessJwt: credentials.accessToken,
    refreshJwt: credentials.refreshToken ?? '',
    active: true,
  };
  return { agent, did, handle, appPassword, storedRefreshJwt: credentials.refreshToken ?? null, signal };
}

/** A new session from the stored app password, for when the stored session cannot be refreshed. */
async function logInAgain(connection: Connection): Promise<void> {
  try {
    const { data } = await connection.agent.login({
      identifier: connection.did,
      password: connection.appPassword,
    });
    connection.handle = data.handle;
  } catch (error) {
    if (isXrpc(error) && error.status === 401)
      throw new PlatformError(
        'auth',
        'Bluesky no longer accepts the app password; connect the account again.',
        {
          status: 401,
          code: 'bad_credentials',
        },
      );
    throw error;
  }
}

/** Runs `call`; when the session is gone even after a refresh, logs in with the app password and retries once. */
async function authorised<T>(connection: Connection, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!isAuthFailure(error)) throw error;
  }
  await logInAgain(connection);
  return call();
}

/**
 * The session this publish ended with, when it is not the stored one (refreshed or logged in again):
 * stored for the next publish when the caller can, otherwise deleted, since nobody could use it again.
 */
async function closeConnection(
  connection: Connection,
  input: Pick<PublishInput, 'credentials' | 'saveCredentials'>,
): Promise<void> {
  const session = connection.agent.session;
  if (!session || session.refreshJwt === connection.storedRefreshJwt) return;
  if (!input.saveCredentials) {
    await connection.agent.logout();
    return;
  }
  await input.saveCredentials({
    ...input.credentials,
    accessToken: session.accessJwt,
    refreshToken: session.refreshJwt,
    expiresAt: tokenExpiry(session.accessJwt),
    extra: { ...input.credentials.extra, handle: session.handle },
  });
}

const postUrl = (handle: string, rkey: string) => `https://bsky.app/profile/${handle}/post/${rkey}`;
const postUri = (did: string, rkey: string) => `at://${did}/${POST_COLLECTION}/${rkey}`;

/** The post an earlier attempt of this target already created, if any. */
async function existingPost(connection: Connection, rkey: string): Promise<PublishResult | null> {
  try {
    const { data } = await authorised(connection, () =>
      connection.agent.com.atproto.repo.getRecord({
        repo: connection.did,
        collection: POST_COLLECTION,
        rkey,
      }),
    );
    return { remoteId: data.uri, url: postUrl(connection.handle, rkey) };
  } catch (error) {
    if (isXrpc(error) && error.error === 'RecordNotFound') return null;
    throw error;
  }
}

/** The text with its links, mentions and hashtags as facets (mentions that do not resolve are dropped). */
async function richText(
  connection: Connection,
  text: string,
): Promise<{ text: string; facets?: AppBskyRichtextFacet.Main[] }> {
  const { AppBskyRichtextFacet, RichText } = await loadAtproto();
  const rt = new RichText({ text });
  await rt.detectFacets(connection.agent);
  const facets = rt.facets?.filter((facet) =>
    facet.features.every((feature) => !AppBskyRichtextFacet.isMention(feature) || Boolean(feature.did)),
  );
  return { text: rt.text, facets: facets?.length ? facets : undefined };
}

/** Uploads one image, converted to what Bluesky accepts, as an `app.bsky.embed.images` entry. */
async function uploadImage(connection: Connection, file: MediaFile): Promise<AppBskyEmbedImages.Image> {
  const image = await prepareImage(file, IMAGE_NEEDS);
  const { data } = await authorised(connection, () =>
    connection.agent.uploadBlob(image.data, { encoding: image.mime }),
  );
  const aspectRatio = image.width && image.height ? { width: image.width, height: image.height } : undefined;
  return { image: data.blob, alt: file.altText, aspectRatio };
}

/**
 * Uploads the video straight to the PDS as a blob and embeds it. Bluesky's own app goes through its video
 * service first (transcoding, job status); a blob in the repository is what that service produces too.
 */
async function uploadVideo(connection: Connection, file: MediaFile): Promise<$Typed<AppBskyEmbedVideo.Main>> {
  const data = await readFile(file.path);
  const uploaded = await authorised(connection, () =>
    connection.agent.uploadBlob(data, { encoding: file.mime }),
  );
  const aspectRatio = file.width && file.height ? { width: file.width, height: file.height } : undefined;
  return {
    $type: 'app.bsky.embed.video',
    video: uploaded.data.blob,
    alt: file.altText || undefined,
    aspectRatio,
  };
}

/** The post's embed: images or one video (a Bluesky post carries one embed), as MEDIA_RULES allow. */
async function uploadMedia(connection: Connection, media: MediaFile[]): Promise<Embed | undefined> {
  assertMediaFits('bluesky', media);
  const images = media.filter((file) => file.kind === 'image');
  const videos = media.filter((file) => file.kind === 'video');
  if (videos[0]) return uploadVideo(connection, videos[0]);
  if (!images.length) return undefined;
  const uploaded: AppBskyEmbedImages.Image[] = [];
  for (const file of images) uploaded.push(await uploadImage(connection, file));
  return { $type: 'app.bsky.embed.images', images: uploaded };
}

/**
 * Creates the post at its deterministic key. When that fails but the key is taken (another attempt of
 * this target got there first, or this write landed and its answer was lost), that post is the result.
 */
async function createPost(
  connection: Connection,
  rkey: string,
  record: AppBskyFeedPost.Record,
): Promise<PublishResult> {
  try {
    const { data } = await authorised(connection, () =>
      connection.agent.com.atproto.repo.createRecord({
        repo: connection.did,
        collection: POST_COLLECTION,
        rkey,
        record: { ...record },
      }),
    );
    return { remoteId: data.uri, url: postUrl(connection.handle, rkey) };
  } catch (error) {
    // The PDS answers a taken key with a 500, and a write whose answer was lost may have landed: look.
    if (!isXrpc(error) || isAuthFailure(error)) throw error;
    const existing = await existingPost(connection, rkey).catch(() => null);
    if (existing) return existing;
    throw error;
  }
}

/** Publishes one post; a retry of the same target finds the post the earlier attempt made. */
async function publish(serviceUrl: string, input: PublishInput): Promise<PublishResult> {
  const connection = await openConnection(serviceUrl, input);
  const rkey = recordKeyFor(input.targetId);
  try {
    const existing = await existingPost(connection, rkey);
    if (existing) return existing;
    const embed = await uploadMedia(connection, input.media);
    const text = await richText(connection, input.text);
    const record: AppBskyFeedPost.Record = {
      $type: POST_COLLECTION,
      ...text,
      createdAt: new Date().toISOString(),
      ...(embed ? { embed } : {}),
    };
    const result = await createPost(connection, rkey, record);
    if (result.remoteId !== postUri(connection.did, rkey)) throw unexpectedAnswer('bluesky');
    return result;
  } catch (error) {
    throw toPlatformError(error, input.signal);
  } finally {
    await closeConnection(connection, input).catch(() => undefined);
  }
}

/**
 * A post's counts from `app.bsky.feed.getPosts`, which the PDS answers through its AppView: likes,
 * reposts and quotes (shares), replies. Bluesky shows no reach or views, so those stay null; a post the
 * AppView no longer has (deleted, taken down) is missing from the answer.
 */
async function fetchMetrics(serviceUrl: string, input: MetricsInput): Promise<MetricsReading> {
  const connection = await openConnection(serviceUrl, input);
  try {
    const { data } = await authorised(connection, () =>
      connection.agent.app.bsky.feed.getPosts({ uris: [input.remoteId] }, { signal: input.signal }),
    );
    const post = data.posts.find((candidate) => candidate.uri === input.remoteId);
    if (!post) throw postGone('bluesky');
    return reading({
      likes: post.likeCount,
      shares: countOf(post.repostCount, post.quoteCount),
      comments: post.replyCount,
    });
  } catch (error) {
    throw toPlatformError(error, input.signal);
  } finally {
    await closeConnection(connection, input).catch(() => undefined);
  }
}

/** The Bluesky adapter. Always configured: it needs no app registration, only the service URL. */
export function createBlueskyAdapter(options: { serviceUrl: string }): PlatformAdapter {
  const serviceUrl = trimUrl(options.serviceUrl);
  return {
    platform: 'bluesky',
    configured: true,
    publish: (input) => publish(serviceUrl, input),
    fetchMetrics: (input) => fetchMetrics(serviceUrl, input),
  };
}
