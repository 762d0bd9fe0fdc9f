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
import { expectShape, requestJson, unexpectedAnswer } from '../http';
import type { RequestOptions } from '../http';
import { assertMediaFits, imageNeeds, prepareImage } from '../media';
import { pauseBeforePoll } from '../poll';
import { fetchSocialActions } from './linkedin.metrics';
import { fromLittleText, toLittleText } from './little-text';
import { RESUME_PAGE_SIZE, findNewestFirst, resumeVerdict } from '../resume';

/**
 * LinkedIn member posts through the versioned REST APIs (Posts, Images, Videos) with OAuth 2.0 and
 * OpenID Connect for who the member is. Commentary is "little" text, so reserved characters are escaped
 * and hashtags become hashtag templates. A resumed attempt looks for its post with the `q=author`
 * finder; when LinkedIn refuses that finder (it needs r_member_social, which few apps get) or misses the
 * post, LinkedIn's own DUPLICATE_POST answer names the earlier post and is taken as ours.
 */

/** OpenID for the member's id and name; w_member_social to post as them. */
const SCOPES = ['openid', 'profile', 'w_member_social'];
/** The Marketing API version we speak (YYYYMM); LinkedIn supports each for about a year. */
export const LINKEDIN_VERSION = '202610';
/** What the Images API takes (JPG, PNG, GIF; up to 36 megapixels). */
const IMAGE_NEEDS = imageNeeds('linkedin');
/** Video status checks before we give up (the attempt is then retried). */
const MAX_VIDEO_POLLS = 60;
/** LinkedIn's limit for image alt text. */
const MAX_ALT_TEXT = 4086;

const ErrorBody = z.object({
  message: z.string().optional(),
  error_description: z.string().optional(),
  error: z.string().optional(),
});

/** LinkedIn's error message without the Java exception class it sometimes starts with. */
export function linkedinErrorMessage(body: unknown): string | undefined {
  const parsed = ErrorBody.safeParse(body);
  if (!parsed.success) return undefined;
  const message = parsed.data.message ?? parsed.data.error_description ?? parsed.data.error;
  return message?.replace(/^(?:[\w$]+\.)+[\w$]*Exception:\s*/, '');
}

const TokenAnswer = z.object({
  access_token: z.string().min(1),
  expires_in: z.number().optional(),
  refresh_token: z.string().min(1).optional(),
  refresh_token_expires_in: z.number().optional(),
  scope: z.string().optional(),
});
const UserInfo = z.object({ sub: z.string().min(1), name: z.string().optional() });
const ImageUpload = z.object({
  value: z.object({ uploadUrl: z.url(), image: z.string().startsWith('urn:li:image:') }),
});
const VideoUpload = z.object({
  value: z.object({
    video: z.string().startsWith('urn:li:video:'),
    uploadToken: z.string().optional(),
    uploadInstructions: z
      .array(z.object({ uploadUrl: z.url(), firstByte: z.number().int(), lastByte: z.number().int() }))
      .min(1),
  }),
});
const VideoStatus = z.object({ status: z.string() });
const PostsPage = z.object({
  paging: z
    .object({ start: z.number().optional(), count: z.number().optional(), total: z.number().optional() })
    .optional(),
  elements: z.array(
    z.object({
      id: z.string(),
      commentary: z.string().optional(),
      createdAt: z.number().optional(),
      lastModifiedAt: z.number().optional(),
    }),
  ),
});

async function liRequest(url: string, init: Omit<RequestOptions, 'errorMessage'>) {
  return requestJson('linkedin', url, { ...init, errorMessage: linkedinErrorMessage });
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Headers every versioned REST call needs. */
const restHeaders = (token: string, json = true) => ({
  ...bearer(token),
  'linkedin-version': LINKEDIN_VERSION,
  'x-restli-protocol-version': '2.0.0',
  ...(json ? { 'content-type': 'application/json' } : {}),
});

/** A token endpoint answer as our credentials (LinkedIn: 60-day access tokens, 1-year refresh tokens). */
function credentialsFrom(answer: z.infer<typeof TokenAnswer>, previous?: Credentials): Credentials {
  const refreshExpiresAt =
    expiresAtFrom(answer.refresh_token_expires_in) ?? previous?.extra?.refreshExpiresAt;
  return {
    accessToken: answer.access_token,
    refreshToken: answer.refresh_token ?? previous?.refreshToken ?? null,
    expiresAt: expiresAtFrom(answer.expires_in),
    ...(refreshExpiresAt ? { extra: { ...previous?.extra, refreshExpiresAt } } : {}),
  };
}

/** LinkedIn takes the client id and secret in the form body. */
async function tokenCall(config: NetworkConfig, fields: Record<string, string>, signal: AbortSignal) {
  const { body } = await liRequest(config.tokenUrl, {
    method: 'POST',
    body: new URLSearchParams({
      ...fields,
      client_id: config.clientId ?? '',
      client_secret: config.clientSecret ?? '',
    }),
    signal,
  });
  return expectShape('linkedin', TokenAnswer, body);
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
      const { body } = await liRequest(`${config.apiUrl}/v2/userinfo`, {
        method: 'GET',
        headers: bearer(answer.access_token),
        signal,
      });
      const me = expectShape('linkedin', UserInfo, body);
      return {
        credentials: credentialsFrom(answer),
        account: { id: `urn:li:person:${me.sub}`, username: me.name ?? me.sub },
      };
    },

    refresh: (credentials, signal) =>
      refreshWithGrant('linkedin', credentials, async (refreshToken) => {
        // Refresh tokens are only issued to some apps; without one the member reconnects every 60 days.
        const answer = await tokenCall(
          config,
          { grant_type: 'refresh_token', refresh_token: refreshToken },
          signal,
        );
        return credentialsFrom(answer, credentials);
      }),
  };
}

/** Everything one publish needs to call LinkedIn as the member. */
interface Call {
  config: NetworkConfig;
  token: string;
  author: string;
  signal: AbortSignal;
}

async function restPost(call: Call, path: string, payload: unknown) {
  return liRequest(`${call.config.apiUrl}${path}`, {
    method: 'POST',
    headers: restHeaders(call.token),
    body: JSON.stringify(payload),
    signal: call.signal,
  });
}

/** PUT bytes to an upload URL LinkedIn handed out; answers the response headers (ETag for video parts). */
async function putBytes(call: Call, url: string, body: Blob) {
  const { headers } = await liRequest(url, {
    method: 'PUT',
    headers: { ...bearer(call.token), 'content-type': 'application/octet-stream' },
    body,
    signal: call.signal,
  });
  return headers;
}

/** initializeUpload, then the bytes: the image URN to put in a post. */
async function uploadImage(call: Call, file: MediaFile): Promise<string> {
  const image = await prepareImage(file, IMAGE_NEEDS);
  const { body } = await restPost(call, '/rest/images?action=initializeUpload', {
    initializeUploadRequest: { owner: call.author },
  });
  const { value } = expectShape('linkedin', ImageUpload, body);
  await putBytes(call, value.uploadUrl, new Blob([new Uint8Array(image.data)], { type: image.mime }));
  return value.image;
}

/** Polls the video until LinkedIn has processed it: at once, then after 1, 2, 4 … (at most 10) seconds. */
async function awaitVideo(call: Call, urn: string) {
  for (let poll = 0; poll < MAX_VIDEO_POLLS; poll += 1) {
    if (poll > 0) await pauseBeforePoll('linkedin', Math.min(10_000, 1000 * 2 ** (poll - 1)), call.signal);
    const { body } = await liRequest(`${call.config.apiUrl}/rest/videos/${encodeURIComponent(urn)}`, {
      method: 'GET',
      headers: restHeaders(call.token, false),
      signal: call.signal,
    });
    const { status } = expectShape('linkedin', VideoStatus, body);
    if (status === 'AVAILABLE') return;
    if (status === 'PROCESSING_FAILED')
      throw new PlatformError('permanent', 'LinkedIn could not process the video', {
        code: 'media_processing_failed',
      });
  }
  throw new PlatformError('transient', 'LinkedIn is still processing the video', {
    code: 'media_processing',
  });
}

/** initializeUpload, PUT each part LinkedIn asks for, finalizeUpload with the parts' ETags, then wait. */
async function uploadVideo(call: Call, file: MediaFile): Promise<string> {
  const blob = await openAsBlob(file.path, { type: file.mime });
  const { body } = await restPost(call, '/rest/videos?action=initializeUpload', {
    initializeUploadRequest: {
      owner: call.author,
      fileSizeBytes: blob.size,
      uploadCaptions: false,
      uploadThumbnail: false,
    },
  });
  const { value } = expectShape('linkedin', VideoUpload, body);
  const partIds: string[] = [];
  for (const part of value.uploadInstructions) {
    const headers = await putBytes(call, part.uploadUrl, blob.slice(part.firstByte, part.lastByte + 1));
    const etag = headers.get('etag');
    if (!etag) throw unexpectedAnswer('linkedin');
    partIds.push(etag);
  }
  await restPost(call, '/rest/videos?action=finalizeUpload', {
    finalizeUploadRequest: {
      video: value.video,
      uploadToken: value.uploadToken ?? '',
      uploadedPartIds: partIds,
    },
  });
  await awaitVideo(call, value.video);
  return value.video;
}

const altText = (file: MediaFile) => {
  const text = file.altText.trim().slice(0, MAX_ALT_TEXT);
  return text ? { altText: text } : {};
};

/** The post's `content`: one image or video as `media`, several images as `multiImage`. */
async function uploadContent(call: Call, media: MediaFile[]) {
  if (!media.length) return undefined;
  const video = media.find((file) => file.kind === 'video');
  if (video) return { media: { id: await uploadVideo(call, video) } };
  const images = [];
  for (const file of media) images.push({ id: await uploadImage(call, file), ...altText(file) });
  return images.length === 1 ? { media: images[0]! } : { multiImage: { images } };
}

const result = (urn: string): PublishResult => ({
  remoteId: urn,
  url: `https://www.linkedin.com/feed/update/${urn}/`,
});

type ListedPost = z.infer<typeof PostsPage>['elements'][number];

/**
 * The post an earlier attempt created, if any: the member's posts, most recently modified first, page by
 * page (`start`), until one is ours or one was last modified before the resume window (nothing further
 * down can be newer), `findNewestFirst`. `undefined` when LinkedIn does not let this app list them (then
 * DUPLICATE_POST is the only guard).
 */
async function findExisting(call: Call, input: PublishInput): Promise<PublishResult | null | undefined> {
  const readPage = async (start = 0) => {
    const url = new URL(`${call.config.apiUrl}/rest/posts`);
    url.search = new URLSearchParams({
      author: call.author,
      q: 'author',
      count: String(RESUME_PAGE_SIZE),
      start: String(start),
      sortBy: 'LAST_MODIFIED',
    }).toString();
    const { body } = await liRequest(url.toString(), {
      method: 'GET',
      headers: { ...restHeaders(call.token, false), 'x-restli-method': 'FINDER' },
      signal: call.signal,
    });
    const { elements, paging } = expectShape('linkedin', PostsPage, body);
    const next = (paging?.start ?? start) + Math.max(paging?.count ?? 0, elements.length);
    const last = !elements.length || (paging?.total !== undefined && next >= paging.total);
    return { items: elements, next: last ? undefined : next };
  };
  const verdict = (post: ListedPost) =>
    resumeVerdict(input, {
      sameText: fromLittleText(post.commentary ?? '').trim() === input.text.trim(),
      createdAt: post.createdAt ?? Number.NaN,
      listedAt: post.lastModifiedAt ?? post.createdAt ?? Number.NaN,
    });
  try {
    const post = await findNewestFirst('linkedin', readPage, verdict);
    return post ? result(post.id) : null;
  } catch (error) {
    if (error instanceof PlatformError && error.options.status === 403) return undefined;
    throw error;
  }
}

/** The URN LinkedIn names in a DUPLICATE_POST refusal ("Content is a duplicate of urn:li:share:…"). */
export function duplicateOf(error: unknown): string | undefined {
  if (!(error instanceof PlatformError) || error.options.status !== 422) return undefined;
  return /duplicate of (urn:li:(?:share|ugcPost):\d+)/.exec(error.message)?.[1];
}

/**
 * Creates the post. `trustDuplicate`: a resumed attempt that could not list the member's posts takes a
 * DUPLICATE_POST refusal as its own earlier post (LinkedIn names it); with the finder, a duplicate it did
 * not find is someone else's older post and stays an error.
 */
async function createPost(
  call: Call,
  input: PublishInput,
  content: unknown,
  trustDuplicate: boolean,
): Promise<PublishResult> {
  try {
    const { headers } = await restPost(call, '/rest/posts', {
      author: call.author,
      commentary: toLittleText(input.text),
      visibility: 'PUBLIC',
      distribution: { feedDistribution: 'MAIN_FEED', targetEntities: [], thirdPartyDistributionChannels: [] },
      lifecycleState: 'PUBLISHED',
      isReshareDisabledByAuthor: false,
      ...(content ? { content } : {}),
    });
    const urn = headers.get('x-restli-id');
    if (!urn?.startsWith('urn:li:')) throw unexpectedAnswer('linkedin');
    return result(urn);
  } catch (error) {
    const existing = trustDuplicate ? duplicateOf(error) : undefined;
    if (existing) return result(existing);
    throw error;
  }
}

async function publish(config: NetworkConfig, input: PublishInput): Promise<PublishResult> {
  assertMediaFits('linkedin', input.media);
  const call: Call = {
    config,
    token: input.credentials.accessToken,
    author: input.account.id,
    signal: input.signal,
  };
  const existing = input.resumed ? await findExisting(call, input) : null;
  if (existing) return existing;
  return createPost(
    call,
    input,
    await uploadContent(call, input.media),
    input.resumed && existing === undefined,
  );
}

/** The LinkedIn adapter (member posts); endpoints come from `networkConfig(env, 'linkedin')`. */
export function createLinkedinAdapter(config: NetworkConfig): PlatformAdapter {
  return {
    platform: 'linkedin',
    configured: Boolean(config.clientId && config.clientSecret),
    oauth: oauthFor(config),
    publish: (input) => publish(config, input),
    fetchMetrics: (input) =>
      fetchSocialActions(
        async (path) =>
          (
            await liRequest(`${config.apiUrl}${path}`, {
              method: 'GET',
              headers: restHeaders(input.credentials.accessToken, false),
              signal: input.signal,
            })
          ).body,
        input.remoteId,
      ),
  };
}
