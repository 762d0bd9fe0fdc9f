import { createHmac } from 'node:crypto';
import { openAsBlob } from 'node:fs';
import { z } from 'zod';
import { PlatformError } from '../contract';
import type {
  Credentials,
  MediaFile,
  NetworkConfig,
  PlatformAdapter,
  PublishInput,
  PublishResult,
} from '../contract';
import { fetchPagePostMetrics } from '../graph-metrics';
import { findInGraphList, graphRequest, graphVerdict, withQuery } from '../graph';
import { expectShape } from '../http';
import { assertMediaFits, imageNeeds, prepareImage } from '../media';
import { refreshing } from '../oauth';
import { RESUME_PAGE_SIZE, resumeSince } from '../resume';
import { multipartBody } from '../multipart';

/**
 * Facebook Pages through the Graph API (`graph.ts`). The person logs in with Facebook, we keep the first
 * Page they manage: its page token publishes, the long-lived user token lets `refresh` fetch a new page
 * token.
 */

/** What a Page needs from the person: list their Pages, read the feed (resume), post. */
const SCOPES = ['pages_show_list', 'pages_read_engagement', 'pages_manage_posts'];
/** Graph's limit for photos uploaded as `source` (DESIGN: jpeg/png/gif ≤ 4 MB). */
const IMAGE_NEEDS = imageNeeds('facebook');

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
      const pages = await refreshing(() => listPages(config, userToken, signal));
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
  const form = multipartBody([
    ...Object.entries({ ...fields, ...auth(call) }).flatMap(([key, value]): [string, string][] =>
      value === undefined ? [] : [[key, value]],
    ),
    ['source', { blob: file.blob, filename: file.name }],
  ]);
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
    fetchMetrics: (input) =>
      fetchPagePostMetrics({
        apiUrl: config.apiUrl,
        id: input.remoteId,
        auth: {
          access_token: input.credentials.accessToken,
          appsecret_proof: appSecretProof(config, input.credentials.accessToken),
        },
        signal: input.signal,
      }),
  };
}
