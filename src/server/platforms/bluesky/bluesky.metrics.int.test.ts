import type { AtpAgent } from '@atproto/api';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  blueskyNetworkUnavailable,
  startBlueskyNetwork,
  type BlueskyNetworkHandle,
} from '../../../../test/bluesky-network';
import { refuseOffLoopback } from '../../../../test/loopback';
import { type Credentials, type MetricsInput, PlatformError, type PublishInput } from '../contract';
import { connectBluesky, createBlueskyAdapter } from './bluesky.adapter';

/**
 * `fetchMetrics` against a real AppView: the whole local Bluesky network of `@atproto/dev-env`
 * (test/bluesky-network.ts) on PostgreSQL. Our adapter publishes; other accounts like, repost, reply
 * and quote through the PDS; the AppView indexes them from the firehose, as bsky.social does, and the
 * adapter reads the counts back through the PDS's proxy. The fast fake of `getPosts` in
 * metrics.adapters.test.ts covers the same reading without PostgreSQL.
 */

const unavailable = await blueskyNetworkUnavailable();
if (unavailable) console.info(`bluesky.metrics.int.test.ts skipped: ${unavailable}`);
const POSTS = 'app.bsky.feed.post';
const PASSWORD = 'main-password-1';
const FANS = ['bob.test', 'cat.test', 'dan.test'] as const;

const signal = () => AbortSignal.timeout(20_000);
const rkeyOf = (uri: string) => uri.split('/').pop() ?? '';

describe.skipIf(unavailable)(
  `Bluesky metrics from the AppView of a local network${unavailable ? ` (skipped: ${unavailable})` : ''}`,
  { timeout: 60_000 },
  () => {
    let network: BlueskyNetworkHandle;
    let guard: ReturnType<typeof refuseOffLoopback>;
    let ann: { did: string; handle: string };
    let annAgent: AtpAgent;
    let credentials: Credentials;
    const fans: Record<string, AtpAgent> = {};
    const adapter = () => createBlueskyAdapter({ serviceUrl: network.url });

    beforeAll(async () => {
      guard = refuseOffLoopback();
      network = await startBlueskyNetwork();
      console.info(`Bluesky network with AppView started in ${network.startupMs} ms`);
      ann = await network.createAccount('ann.test', PASSWORD);
      annAgent = await network.login('ann.test', PASSWORD);
      const appPassword = await network.createAppPassword('ann.test', PASSWORD, 'postwell');
      ({ credentials } = await connectBluesky(network.url, 'ann.test', appPassword, signal()));
      for (const handle of FANS) {
        await network.createAccount(handle, PASSWORD);
        fans[handle] = await network.login(handle, PASSWORD);
      }
    }, 180_000);

    afterAll(async () => {
      await network?.close();
      guard?.restore();
    });

    afterEach(() => {
      expect(guard?.refused, 'connections or DNS queries off 127.0.0.1').toEqual([]);
    });

    const account = () => ({ id: ann.did, username: ann.handle });

    const publish = async (text: string) => {
      const input: PublishInput = {
        targetId: crypto.randomUUID(),
        text,
        media: [],
        credentials,
        account: account(),
        settings: {},
        resumed: false,
        firstAttemptAt: new Date(),
        checkpoint: {},
        saveCheckpoint: async () => undefined,
        signal: signal(),
      };
      const { remoteId } = await adapter().publish(input);
      const { data } = await annAgent.com.atproto.repo.getRecord({
        repo: ann.did,
        collection: POSTS,
        rkey: rkeyOf(remoteId),
      });
      return { uri: remoteId, cid: data.cid! };
    };

    const metricsInput = (remoteId: string, overrides: Partial<MetricsInput> = {}): MetricsInput => ({
      remoteId,
      remoteUrl: null,
      credentials,
      account: account(),
      settings: {},
      signal: signal(),
      ...overrides,
    });

    const fan = (handle: (typeof FANS)[number]) => fans[handle]!;

    it('reads zero for a post nobody answered yet, and null for reach and views', async () => {
      const post = await publish('Nothing yet');
      await network.indexed();
      expect(await adapter().fetchMetrics(metricsInput(post.uri))).toEqual({
        likes: 0,
        shares: 0,
        comments: 0,
        reach: null,
        impressions: null,
      });
    });

    it('counts likes, reposts plus quotes, and direct replies as the AppView indexed them', async () => {
      const post = await publish('Postwell says hello to the AppView');
      const likes = [];
      for (const handle of FANS) likes.push(await fan(handle).like(post.uri, post.cid));
      const bobRepost = await fan('bob.test').repost(post.uri, post.cid);
      await fan('cat.test').repost(post.uri, post.cid);
      const reply = await fan('cat.test').post({
        text: 'A reply',
        reply: { root: post, parent: post },
      });
      await fan('dan.test').post({ text: 'Another reply', reply: { root: post, parent: post } });
      // A reply to a reply is a comment on the reply, not on the post: the AppView counts it there.
      await fan('bob.test').post({ text: 'A reply to the reply', reply: { root: post, parent: reply } });
      await fan('dan.test').post({
        text: 'Quoting it',
        embed: { $type: 'app.bsky.embed.record', record: post },
      });
      await network.indexed();
      expect(await adapter().fetchMetrics(metricsInput(post.uri))).toEqual({
        likes: 3,
        shares: 3,
        comments: 2,
        reach: null,
        impressions: null,
      });

      // A like taken back and a repost undone are counted out again.
      await fan('dan.test').deleteLike(likes[2]!.uri);
      await fan('bob.test').deleteRepost(bobRepost.uri);
      await network.indexed();
      expect(await adapter().fetchMetrics(metricsInput(post.uri))).toMatchObject({
        likes: 2,
        shares: 2,
        comments: 2,
      });
    });

    it('says post_gone once the post is deleted on Bluesky', async () => {
      const post = await publish('Soon gone');
      await fan('bob.test').like(post.uri, post.cid);
      await network.indexed();
      expect(await adapter().fetchMetrics(metricsInput(post.uri))).toMatchObject({ likes: 1 });
      await annAgent.com.atproto.repo.deleteRecord({
        repo: ann.did,
        collection: POSTS,
        rkey: rkeyOf(post.uri),
      });
      await network.indexed();
      const error = await adapter()
        .fetchMetrics(metricsInput(post.uri))
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PlatformError);
      expect(error).toMatchObject({ kind: 'permanent', options: { code: 'post_gone' } });
    });

    it('reads through an expired session, and asks for a reconnect once the app password is revoked', async () => {
      const post = await publish('Read with a renewed session');
      await fan('cat.test').like(post.uri, post.cid);
      await network.indexed();
      const spare = await network.createAppPassword('ann.test', PASSWORD, 'spare');
      const { credentials: spareCredentials } = await connectBluesky(
        network.url,
        'ann.test',
        spare,
        signal(),
      );
      const expired = {
        ...spareCredentials,
        accessToken: network.expireAccessToken(spareCredentials.accessToken),
      };
      const saved: Credentials[] = [];
      const renewed = metricsInput(post.uri, {
        credentials: expired,
        saveCredentials: async (fresh) => void saved.push(fresh),
      });
      expect(await adapter().fetchMetrics(renewed)).toMatchObject({ likes: 1, shares: 0, comments: 0 });
      expect(saved.at(-1)?.accessToken).toBeTruthy();
      expect(saved.at(-1)?.accessToken).not.toBe(expired.accessToken);

      await annAgent.com.atproto.server.revokeAppPassword({ name: 'spare' });
      const error = await adapter()
        .fetchMetrics(metricsInput(post.uri, { credentials: expired }))
        .catch((e: unknown) => e);
      expect(error).toMatchObject({ name: 'PlatformError', kind: 'auth' });
    });
  },
);
