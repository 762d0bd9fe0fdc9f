import { z } from 'zod';
import { PlatformError } from '../contract';
import type { MediaFile, NetworkConfig, PlatformAdapter, PublishInput, PublishResult } from '../contract';
import { fetchMediaMetrics } from '../graph-metrics';
import { findInGraphList, graphRequest, graphVerdict, withQuery } from '../graph';
import { expectShape, unexpectedAnswer } from '../http';
import { assertMediaFits, imageNeeds } from '../media';
import { expiresAtFrom, refreshing } from '../oauth';
import { pauseBeforePoll } from '../poll';
import { RESUME_PAGE_SIZE, resumeSince } from '../resume';

/**
 * Instagram professional accounts through the Instagram API with Instagram Login (graph.instagram.com).
 * Instagram never receives our bytes: it fetches each file from its signed `publicUrl`. Publishing is
 * container → wait until FINISHED → media_publish; the container id is checkpointed so that a retry
 * publishes the same container instead of creating a second post.
 */

/** How often and how long to wait for Instagram to process a container. Tests make it fast. */
export interface InstagramOptions {
  pollIntervalMs?: number;
  maxPolls?: number;
}

const SCOPES = ['instagram_business_basic', 'instagram_business_content_publish'];
/** Instagram takes only JPEG images, at most 8 MB. */
const IMAGE_NEEDS = imageNeeds('instagram');

/** The URL Instagram fetches: non-JPEG or too large images ask our media route for a JPEG rendition. */
export function instagramMediaUrl(file: MediaFile): string {
  if (
    file.kind === 'video' ||
    (IMAGE_NEEDS.accepts.includes(file.mime) && file.bytes <= IMAGE_NEEDS.maxBytes)
  )
    return file.publicUrl;
  return `${file.publicUrl}${file.publicUrl.includes('?') ? '&' : '?'}format=jpeg`;
}

const CodeAnswer = z.union([
  z.object({ access_token: z.string().min(1) }),
  z.object({ data: z.array(z.object({ access_token: z.string().min(1) })).min(1) }),
]);
const TokenAnswer = z.object({ access_token: z.string().min(1), expires_in: z.number().optional() });
const MeAnswer = z.object({
  id: z.string().optional(),
  user_id: z.union([z.string(), z.number()]).optional(),
  username: z.string(),
});
const IdAnswer = z.object({ id: z.string().min(1) });
const StatusAnswer = z.object({
  status_code: z.enum(['EXPIRED', 'ERROR', 'FINISHED', 'IN_PROGRESS', 'PUBLISHED']),
  status: z.string().optional(),
});
const MediaItem = z.object({
  id: z.string(),
  caption: z.string().optional(),
  timestamp: z.string().optional(),
  permalink: z.string().optional(),
});
const PermalinkAnswer = z.object({ permalink: z.string() });

async function getJson(url: string, signal: AbortSignal) {
  return graphRequest('instagram', url, { method: 'GET', signal });
}

async function postForm(url: string, fields: Record<string, string | undefined>, signal: AbortSignal) {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) form.set(key, value);
  return graphRequest('instagram', url, { method: 'POST', body: form, signal });
}

function oauthFor(config: NetworkConfig): NonNullable<PlatformAdapter['oauth']> {
  return {
    authorizeUrl: ({ state, redirectUri }) =>
      withQuery(config.authUrl, {
        client_id: config.clientId,
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: SCOPES.join(','),
        state,
      }),

    async exchangeCode({ code, redirectUri }, signal) {
      const answer = expectShape(
        'instagram',
        CodeAnswer,
        await postForm(
          config.tokenUrl,
          {
            client_id: config.clientId,
            client_secret: config.clientSecret,
            grant_type: 'authorization_code',
            redirect_uri: redirectUri,
            code,
          },
          signal,
        ),
      );
      const shortToken = 'data' in answer ? answer.data[0]!.access_token : answer.access_token;
      const exchangeUrl = withQuery(`${config.apiUrl}/access_token`, {
        grant_type: 'ig_exchange_token',
        client_secret: config.clientSecret,
        access_token: shortToken,
      });
      const long = expectShape('instagram', TokenAnswer, await getJson(exchangeUrl, signal));
      const meUrl = withQuery(`${config.apiUrl}/me`, {
        fields: 'user_id,username',
        access_token: long.access_token,
      });
      const me = expectShape('instagram', MeAnswer, await getJson(meUrl, signal));
      const id = me.user_id !== undefined ? String(me.user_id) : me.id;
      if (!id) throw unexpectedAnswer('instagram');
      return {
        credentials: {
          accessToken: long.access_token,
          refreshToken: null,
          expiresAt: expiresAtFrom(long.expires_in),
        },
        account: { id, username: me.username },
      };
    },

    async refresh(credentials, signal) {
      const url = withQuery(`${config.apiUrl}/refresh_access_token`, {
        grant_type: 'ig_refresh_token',
        access_token: credentials.accessToken,
      });
      const answer = expectShape('instagram', TokenAnswer, await refreshing(() => getJson(url, signal)));
      return {
        ...credentials,
        accessToken: answer.access_token,
        expiresAt: expiresAtFrom(answer.expires_in),
      };
    },
  };
}

/** Everything one publish needs to call Graph as the Instagram account. */
interface AccountCall {
  config: NetworkConfig;
  userId: string;
  token: string;
  signal: AbortSignal;
  pollIntervalMs: number;
  maxPolls: number;
}

async function createContainer(call: AccountCall, fields: Record<string, string | undefined>) {
  const body = await postForm(
    `${call.config.apiUrl}/${call.userId}/media`,
    { ...fields, access_token: call.token },
    call.signal,
  );
  return expectShape('instagram', IdAnswer, body).id;
}

/** Fields of one item's container: a REELS video or an image (inside a carousel or alone). */
function itemFields(file: MediaFile, inCarousel: boolean): Record<string, string | undefined> {
  const carousel = inCarousel ? 'true' : undefined;
  if (file.kind === 'video')
    return {
      media_type: inCarousel ? 'VIDEO' : 'REELS',
      video_url: instagramMediaUrl(file),
      is_carousel_item: carousel,
    };
  return {
    image_url: instagramMediaUrl(file),
    is_carousel_item: carousel,
    alt_text: file.altText.trim() || undefined,
  };
}

/**
 * Polls a container until Instagram is done with it. Returns FINISHED, PUBLISHED (an earlier attempt
 * published it) or EXPIRED (older than 24 h); ERROR is permanent; still IN_PROGRESS after `maxPolls` is
 * transient, and the next attempt resumes from the checkpointed container.
 */
async function waitForContainer(call: AccountCall, containerId: string) {
  for (let poll = 0; poll < call.maxPolls; poll++) {
    if (poll > 0) await pauseBeforePoll('instagram', call.pollIntervalMs, call.signal);
    const url = withQuery(`${call.config.apiUrl}/${containerId}`, {
      fields: 'status_code,status',
      access_token: call.token,
    });
    const answer = expectShape('instagram', StatusAnswer, await getJson(url, call.signal));
    if (answer.status_code === 'ERROR')
      throw new PlatformError('permanent', answer.status || 'Instagram could not process the media', {
        code: 'media_processing_failed',
      });
    if (answer.status_code !== 'IN_PROGRESS') return answer.status_code;
  }
  throw new PlatformError('transient', 'Instagram is still processing the media', {
    code: 'media_processing',
  });
}

/** The container that becomes the post: one item, or a carousel of up to 10. */
async function createPostContainer(call: AccountCall, input: PublishInput) {
  const caption = input.text.trim() ? input.text : undefined;
  if (input.media.length === 1)
    return createContainer(call, { ...itemFields(input.media[0]!, false), caption });
  const children: string[] = [];
  for (const file of input.media) {
    const child = await createContainer(call, itemFields(file, true));
    // Video items must be processed before the carousel can refer to them.
    if (file.kind === 'video') await waitForContainer(call, child);
    children.push(child);
  }
  return createContainer(call, { media_type: 'CAROUSEL', children: children.join(','), caption });
}

/**
 * The account's post an earlier attempt of this target created, if any: every post since the first
 * attempt (minus the slack), page by page, however many newer posts a burst put above it.
 */
async function findExisting(call: AccountCall, input: PublishInput): Promise<PublishResult | null> {
  const url = withQuery(`${call.config.apiUrl}/${call.userId}/media`, {
    fields: 'id,caption,timestamp,permalink',
    since: String(Math.floor(resumeSince(input) / 1000)),
    limit: String(RESUME_PAGE_SIZE),
    access_token: call.token,
  });
  const post = await findInGraphList('instagram', url, MediaItem, call.signal, (item) =>
    graphVerdict(input, { text: item.caption, createdAt: item.timestamp }),
  );
  return post ? { remoteId: post.id, url: post.permalink ?? null } : null;
}

/** The post's link. Best effort: the post is live, so a failure here must not fail (and repeat) it. */
async function permalink(call: AccountCall, mediaId: string): Promise<string | null> {
  try {
    const url = withQuery(`${call.config.apiUrl}/${mediaId}`, {
      fields: 'permalink',
      access_token: call.token,
    });
    return expectShape('instagram', PermalinkAnswer, await getJson(url, call.signal)).permalink;
  } catch {
    return null;
  }
}

async function publishContainer(call: AccountCall, containerId: string): Promise<PublishResult> {
  const body = await postForm(
    `${call.config.apiUrl}/${call.userId}/media_publish`,
    { creation_id: containerId, access_token: call.token },
    call.signal,
  );
  const { id } = expectShape('instagram', IdAnswer, body);
  return { remoteId: id, url: await permalink(call, id) };
}

async function publish(config: NetworkConfig, options: InstagramOptions, input: PublishInput) {
  assertMediaFits('instagram', input.media);
  const call: AccountCall = {
    config,
    userId: input.account.id,
    token: input.credentials.accessToken,
    signal: input.signal,
    pollIntervalMs: options.pollIntervalMs ?? 1000,
    maxPolls: options.maxPolls ?? 60,
  };
  if (input.resumed) {
    const existing = await findExisting(call, input);
    if (existing) return existing;
  }
  let containerId = input.checkpoint.containerId || undefined;
  let state = containerId ? await waitForContainer(call, containerId) : undefined;
  if (!containerId || state === 'EXPIRED') {
    containerId = await createPostContainer(call, input);
    await input.saveCheckpoint({ containerId });
    state = await waitForContainer(call, containerId);
  }
  if (state === 'PUBLISHED') {
    // An earlier attempt published this container and did not live to record it.
    const existing = await findExisting(call, input);
    if (existing) return existing;
    throw new PlatformError('transient', 'Instagram published the post but does not list it yet', {
      code: 'not_listed_yet',
    });
  }
  return publishContainer(call, containerId);
}

/** The Instagram adapter; endpoints come from `networkConfig(env, 'instagram')`. */
export function createInstagramAdapter(
  config: NetworkConfig,
  options: InstagramOptions = {},
): PlatformAdapter {
  return {
    platform: 'instagram',
    pullsMedia: true,
    configured: Boolean(config.clientId && config.clientSecret),
    oauth: oauthFor(config),
    publish: (input) => publish(config, options, input),
    fetchMetrics: (input) =>
      fetchMediaMetrics({
        apiUrl: config.apiUrl,
        id: input.remoteId,
        auth: { access_token: input.credentials.accessToken },
        signal: input.signal,
      }),
  };
}
