import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPds, type TestPdsHandle } from '../../../test/pds';
import {
  callAs,
  createPost,
  getPost,
  profileOf,
  targetIds,
  uploadImage,
  waitFor,
  waitForPost,
  type Call,
} from '../../../test/publishing-helpers';
import { createTestApp, signedInUsers, type TestApp } from '../../../test/test-app';
import type { Publisher } from './publisher';

const MAIN_PASSWORD = 'ann-main-password';
const POSTS = 'app.bsky.feed.post';

interface BlobRef {
  $type: 'blob';
  ref: { $link: string };
  mimeType: string;
  size: number;
}
interface PostRecord {
  text: string;
  facets?: { index: { byteStart: number; byteEnd: number }; features: Record<string, unknown>[] }[];
  embed?: {
    $type: string;
    images: { image: BlobRef; alt: string; aspectRatio?: { width: number; height: number } }[];
  };
}

/** The headline test: a real post on a real (local) PDS, written by the worker. */
describe('publishing to Bluesky through the worker', () => {
  let t: TestApp;
  let pds: TestPdsHandle;
  let did: string;
  let cookie: string;
  let ann: Call;
  let publisher: Publisher;

  beforeAll(async () => {
    pds = await startPds();
    ({ did } = await pds.createAccount('ann.test', MAIN_PASSWORD));
    const appPassword = await pds.createAppPassword('ann.test', MAIN_PASSWORD, 'postwell');
    t = await createTestApp({
      BLUESKY_SERVICE_URL: pds.url,
      PUBLISH_RETRY_BASE_MS: '100',
      PUBLISH_POLL_SECONDS: '0.5',
    });
    ({ ann: cookie } = await signedInUsers(t, 'ann'));
    ann = callAs(t, cookie);
    const connected = await ann('POST', '/api/social/bluesky/connect', { handle: 'ann.test', appPassword });
    expect(connected.statusCode, connected.body).toBe(200);
    publisher = t.ctx.publisher();
    await publisher.start();
  });
  afterAll(async () => {
    await publisher?.stop();
    await t?.close();
    await pds?.close();
  });

  const postsWithText = async (text: string) =>
    (await pds.listPosts(did)).filter((post) => (post.value as unknown as PostRecord).text === text);

  /** Makes the target due now, has the worker claim what is due, and waits until no attempt is open. */
  const runDue = async (targetId: string) => {
    await t.ctx.database.executeSql('update post_targets set due_at = now() where id = $1', [targetId]);
    await publisher.claimNow();
    await waitFor(async () => {
      const { rows } = await t.ctx.database.executeSql(
        'select 1 from publish_attempts where target_id = $1 and outcome is null',
        [targetId],
      );
      return rows.length === 0 ? true : undefined;
    });
  };

  it('is all a server without network credentials can connect', async () => {
    // This server has no OAuth app of any network (a self-hoster who set up nothing but Bluesky).
    const profile = await profileOf(ann);
    for (const p of ['twitter', 'linkedin', 'facebook', 'instagram', 'tiktok'] as const) {
      expect(profile.configured[p], p).toBe(false);
      const res = await ann('GET', `/api/social/${p}/connect`);
      expect(res.statusCode, p).toBe(409);
      expect(res.json(), p).toMatchObject({ code: 'NOT_CONFIGURED' });
      expect(res.json().message, p).toContain(`${p.toUpperCase()}_CLIENT_ID`);
    }
    expect(profile.configured.bluesky).toBe(true);
    expect(profile.connections).toEqual({ bluesky: { username: 'ann.test', status: 'connected' } });
  });

  it('publishes a scheduled post with a link, a hashtag and two images with alt text', async () => {
    const png = await uploadImage(t, cookie, 'png', 1);
    const jpeg = await uploadImage(t, cookie, 'jpeg', 2);
    // Non-ASCII before the facets, so that byte offsets differ from character offsets.
    const lead = 'Café ☕ launch day: ';
    const link = 'https://example.com/launch?ref=postwell';
    const text = `${lead}${link} #postwell`;
    const scheduledAt = Date.now() + 3000;
    const created = await createPost(ann, {
      text,
      platforms: ['bluesky'],
      inMs: 3000,
      media: [
        { id: png.media.id, alt: 'A teal square' },
        { id: jpeg.media.id, alt: 'An orange rectangle' },
      ],
    });
    expect(created.status).toBe('scheduled');
    expect(created.targets[0]).toMatchObject({ platform: 'bluesky', status: 'pending', blocked: null });

    const post = await waitForPost(ann, created.id, (p) => p.status === 'published');
    const target = post.targets[0]!;
    expect(target).toMatchObject({ platform: 'bluesky', status: 'published', lastError: null, attempts: 1 });
    expect(Date.parse(target.publishedAt!)).toBeGreaterThanOrEqual(scheduledAt - 2000);
    const url = /^https:\/\/bsky\.app\/profile\/ann\.test\/post\/([a-z2-7]{13})$/.exec(
      target.remoteUrl ?? '',
    );
    expect(url, target.remoteUrl ?? 'no url').not.toBeNull();

    const record = (await pds.getRecord(did, POSTS, url![1]!)) as unknown as PostRecord | null;
    expect(record).not.toBeNull();
    expect(record!.text).toBe(text);

    const bytes = (s: string) => Buffer.byteLength(s, 'utf8');
    const linkStart = bytes(lead);
    const tagStart = bytes(`${lead}${link} `);
    expect(record!.facets).toHaveLength(2);
    expect(record!.facets).toEqual(
      expect.arrayContaining([
        {
          index: { byteStart: linkStart, byteEnd: linkStart + bytes(link) },
          features: [{ $type: 'app.bsky.richtext.facet#link', uri: link }],
        },
        {
          index: { byteStart: tagStart, byteEnd: tagStart + bytes('#postwell') },
          features: [{ $type: 'app.bsky.richtext.facet#tag', tag: 'postwell' }],
        },
      ]),
    );
    // The offsets really cut the link and the tag out of the UTF-8 text.
    const utf8 = Buffer.from(record!.text, 'utf8');
    const cut = (f: NonNullable<PostRecord['facets']>[number]) =>
      utf8.subarray(f.index.byteStart, f.index.byteEnd).toString('utf8');
    expect(record!.facets!.map(cut).sort()).toEqual(['#postwell', link].sort());

    expect(record!.embed?.$type).toBe('app.bsky.embed.images');
    const images = record!.embed!.images;
    expect(images.map((image) => image.alt)).toEqual(['A teal square', 'An orange rectangle']);
    expect(images.map((image) => image.image.mimeType)).toEqual(['image/png', 'image/jpeg']);
    expect(images.map((image) => image.aspectRatio)).toEqual([
      { width: 64, height: 48 },
      { width: 64, height: 48 },
    ]);
    const blobs = await Promise.all(images.map((image) => pds.getBlob(did, image.image.ref.$link)));
    expect(blobs[0]!.equals(png.bytes)).toBe(true);
    expect(blobs[1]!.equals(jpeg.bytes)).toBe(true);

    expect(await postsWithText(text)).toHaveLength(1);
  });

  it('leaves one record when a published target comes due again, or is resumed after a lost outcome', async () => {
    const text = `Exactly once on Bluesky ${Date.now()}`;
    const created = await createPost(ann, { text, platforms: ['bluesky'] });
    const published = await waitForPost(ann, created.id, (p) => p.status === 'published');
    const url = published.targets[0]!.remoteUrl;
    const { bluesky: targetId } = await targetIds(t, created.id);

    // A published target made due again does nothing.
    await runDue(targetId!);
    expect(await postsWithText(text)).toHaveLength(1);
    expect((await getPost(ann, created.id)).targets[0]).toMatchObject({ status: 'published', attempts: 1 });

    // The worker died after the network call and before it recorded the outcome: the target is still
    // claimed under a lease that ran out and its attempt has no outcome. The next worker resumes it.
    await t.ctx.database.executeSql(
      `update post_targets set status = 'publishing', lease_until = now() - interval '1 minute',
         remote_id = null, remote_url = null, published_at = null where id = $1`,
      [targetId],
    );
    await t.ctx.database.executeSql(`update posts set status = 'publishing' where id = $1`, [created.id]);
    await t.ctx.database.executeSql(
      'update publish_attempts set outcome = null, finished_at = null where target_id = $1',
      [targetId],
    );
    await runDue(targetId!);
    const resumed = await getPost(ann, created.id);
    expect(resumed.status).toBe('published');
    expect(resumed.targets[0]).toMatchObject({ status: 'published', attempts: 2, remoteUrl: url });
    expect(await postsWithText(text)).toHaveLength(1);
    const { rows } = await t.ctx.database.executeSql(
      'select outcome from publish_attempts where target_id = $1 order by started_at',
      [targetId],
    );
    expect(rows).toEqual([{ outcome: 'interrupted' }, { outcome: 'published' }]);
  });
});
