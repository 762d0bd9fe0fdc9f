import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFacebookFake, type FacebookFake } from '../../../test/fakes/facebook';
import { startInstagramFake, type InstagramFake } from '../../../test/fakes/instagram';
import { startLinkedinFake, type LinkedinFake } from '../../../test/fakes/linkedin';
import { startTiktokFake, type TiktokFake } from '../../../test/fakes/tiktok';
import { startXFake, type XFake } from '../../../test/fakes/twitter';
import {
  callAs,
  connectOAuth,
  createListeningTestApp,
  createPost,
  uploadClip,
  uploadImage,
  waitUntilSettled,
  type Call,
} from '../../../test/publishing-helpers';
import { signedInUsers, type TestApp } from '../../../test/test-app';
import { createInstagramAdapter } from '../platforms/instagram/instagram.adapter';
import { createTiktokAdapter } from '../platforms/tiktok/tiktok.adapter';
import type { Publisher } from './publisher';

/** TikTok's smallest chunk, lowered so that the 2.8 kB test clip goes up in two chunks. */
const CHUNK_BYTES = 1024;

/** Each OAuth network end to end: connected through its consent page, published by the worker. */
describe('publishing to the OAuth networks through the worker', () => {
  let t: TestApp & { publicUrl: string };
  let x: XFake;
  let linkedin: LinkedinFake;
  let facebook: FacebookFake;
  let instagram: InstagramFake;
  let tiktok: TiktokFake;
  let cookie: string;
  let ann: Call;
  let publisher: Publisher;
  /** Moves the app's clock (signed link expiry); 0 is real time. */
  let offsetMs = 0;

  beforeAll(async () => {
    [x, linkedin, facebook, instagram, tiktok] = await Promise.all([
      startXFake(),
      startLinkedinFake(),
      startFacebookFake(),
      startInstagramFake(),
      startTiktokFake({ minChunkBytes: CHUNK_BYTES }),
    ]);
    t = await createListeningTestApp(
      {
        ...x.env,
        ...linkedin.env,
        ...facebook.env,
        ...instagram.env,
        ...tiktok.env,
        PUBLISH_RETRY_BASE_MS: '100',
        PUBLISH_POLL_SECONDS: '0.5',
      },
      {
        clock: () => new Date(Date.now() + offsetMs),
        // The real adapters, polling fast and with small chunks.
        adapters: {
          instagram: createInstagramAdapter(instagram.config, { pollIntervalMs: 20 }),
          tiktok: createTiktokAdapter(tiktok.config, { pollIntervalMs: 20, chunkBytes: CHUNK_BYTES }),
        },
      },
    );
    ({ ann: cookie } = await signedInUsers(t, 'ann'));
    ann = callAs(t, cookie);
    for (const platform of ['twitter', 'linkedin', 'facebook', 'instagram', 'tiktok'] as const)
      await connectOAuth(ann, platform);
    publisher = t.ctx.publisher();
    await publisher.start();
  });
  afterAll(async () => {
    await publisher?.stop();
    await t?.close();
    await Promise.all([x, linkedin, facebook, instagram, tiktok].map((fake) => fake?.close()));
  });

  /** Publishes now and waits until every target is done; expects them all published. */
  const publishNow = async (spec: Parameters<typeof createPost>[1]) => {
    const created = await createPost(ann, spec);
    const post = await waitUntilSettled(ann, created.id);
    expect(
      post.targets.map((target) => [target.platform, target.status, target.lastError]),
      JSON.stringify(post.targets),
    ).toEqual(spec.platforms.map((platform) => [platform, 'published', null]).sort());
    expect(post.status).toBe('published');
    return post;
  };

  const ourLink = (mediaId: string) => `${t.publicUrl}/api/media/public/${mediaId}?`;

  it('X: text and two images; the fake holds their bytes and alt texts', async () => {
    const png = await uploadImage(t, cookie, 'png', 11);
    const jpeg = await uploadImage(t, cookie, 'jpeg', 12);
    const text = 'Two pictures for X';
    const post = await publishNow({
      text,
      platforms: ['twitter'],
      media: [
        { id: png.media.id, alt: 'first picture' },
        { id: jpeg.media.id, alt: 'second picture' },
      ],
    });
    const [tweet] = x.postsWithText(text);
    expect(x.postsWithText(text)).toHaveLength(1);
    expect(post.targets[0]!.remoteUrl).toBe(`https://x.com/${x.user.username}/status/${tweet!.id}`);
    expect(tweet!.media.map((m) => [m.mime, m.altText])).toEqual([
      ['image/png', 'first picture'],
      ['image/jpeg', 'second picture'],
    ]);
    expect(tweet!.media[0]!.data.equals(png.bytes)).toBe(true);
    expect(tweet!.media[1]!.data.equals(jpeg.bytes)).toBe(true);
  });

  it('per-network versions: each network receives its own text and files, the others the post (issue 26)', async () => {
    const png = await uploadImage(t, cookie, 'png', 13);
    const jpeg = await uploadImage(t, cookie, 'jpeg', 14);
    const base = 'Our autumn menu is here, with three new soups and a pumpkin bread we bake every morning.';
    const short = 'Autumn menu: three soups, pumpkin bread. #autumn';
    const post = await publishNow({
      text: base,
      platforms: ['twitter', 'linkedin', 'facebook'],
      media: [
        { id: png.media.id, alt: 'the soups' },
        { id: jpeg.media.id, alt: 'the bread' },
      ],
      versions: [
        { platform: 'twitter', text: short, media: [jpeg.media.id] },
        { platform: 'linkedin', text: '<p>Autumn at the bakery</p><p>Three soups and a bread.</p>' },
      ],
    });
    expect(post.versions.map((v) => [v.platform, v.media])).toEqual([
      ['twitter', [jpeg.media.id]],
      ['linkedin', null],
    ]);
    const [tweet, ...more] = x.postsWithText(short);
    expect(more).toHaveLength(0);
    expect(tweet!.media.map((m) => m.altText)).toEqual(['the bread']);
    expect(x.postsWithText(base)).toHaveLength(0);
    const [article] = linkedin.postsWithText('Autumn at the bakery\nThree soups and a bread.');
    expect(article, JSON.stringify(linkedin.posts.map((p) => p.commentary))).toBeDefined();
    expect(facebook.posts.filter((p) => p.message === base).map((p) => p.media.length)).toEqual([2]);
  });

  it('LinkedIn: reserved characters arrive as written, hashtags stay hashtags', async () => {
    const text = 'Ship it (v2) [beta] {fast} <safe> @team *bold* _under_ ~tilde~ a|b back\\slash #launch';
    const post = await publishNow({ text, platforms: ['linkedin'] });
    const found = linkedin.postsWithText(text);
    expect(found).toHaveLength(1);
    expect(found[0]!.hashtags).toEqual(['launch']);
    expect(found[0]!.commentary).toContain('\\(v2\\) \\[beta\\] \\{fast\\} \\<safe\\> \\@team');
    expect(post.targets[0]!.remoteUrl).toContain(found[0]!.urn);
  });

  it('Facebook: a text post and a multi-photo post', async () => {
    const text = 'Plain words for the Page';
    await publishNow({ text, platforms: ['facebook'] });
    const plain = facebook.posts.filter((p) => p.message === text);
    expect(plain.map((p) => [p.kind, p.media.length])).toEqual([['text', 0]]);

    const one = await uploadImage(t, cookie, 'png', 21);
    const two = await uploadImage(t, cookie, 'jpeg', 22);
    const album = 'An album for the Page';
    const post = await publishNow({
      text: album,
      platforms: ['facebook'],
      media: [
        { id: one.media.id, alt: 'photo one' },
        { id: two.media.id, alt: 'photo two' },
      ],
    });
    const found = facebook.posts.filter((p) => p.message === album);
    expect(found).toHaveLength(1);
    expect(found[0]!.kind).toBe('album');
    expect(found[0]!.media.map((m) => [m.mime, m.altText])).toEqual([
      ['image/png', 'photo one'],
      ['image/jpeg', 'photo two'],
    ]);
    expect(found[0]!.media[0]!.bytes.equals(one.bytes)).toBe(true);
    expect(post.targets[0]!.remoteUrl).toBe(`https://www.facebook.com/${found[0]!.id}`);
  });

  it('Instagram: a carousel pulled from our signed links, which cannot be forged or outlive their time', async () => {
    const png = await uploadImage(t, cookie, 'png', 31);
    const jpeg = await uploadImage(t, cookie, 'jpeg', 32);
    const text = 'A carousel for Instagram #two';
    const post = await publishNow({
      text,
      platforms: ['instagram'],
      media: [
        { id: png.media.id, alt: 'slide one' },
        { id: jpeg.media.id, alt: 'slide two' },
      ],
    });
    const found = instagram.posts.filter((p) => p.caption === text);
    expect(found).toHaveLength(1);
    const carousel = found[0]!;
    expect(carousel.mediaType).toBe('CAROUSEL_ALBUM');
    expect(post.targets[0]!.remoteUrl).toBe(carousel.permalink);
    expect(carousel.items.map((item) => [item.kind, item.contentType, item.altText])).toEqual([
      ['image', 'image/jpeg', 'slide one'],
      ['image', 'image/jpeg', 'slide two'],
    ]);
    // The fake really fetched our /api/media/public links; the PNG came as a JPEG rendition.
    expect(carousel.items[0]!.url.startsWith(ourLink(png.media.id))).toBe(true);
    expect(new URL(carousel.items[0]!.url).searchParams.get('format')).toBe('jpeg');
    expect(carousel.items[1]!.url.startsWith(ourLink(jpeg.media.id))).toBe(true);
    expect(carousel.items[1]!.bytes.equals(jpeg.bytes)).toBe(true);
    const pulled = instagram.fetches.filter((f) => f.url.startsWith(`${t.publicUrl}/api/media/public/`));
    expect(pulled.length).toBeGreaterThanOrEqual(2);
    expect(pulled.every((f) => f.status === 200)).toBe(true);

    // The same link with another signature, another file or a later end is refused.
    const link = new URL(carousel.items[1]!.url);
    expect((await fetch(link)).status).toBe(200);
    const forged = new URL(link);
    forged.searchParams.set('sig', `${link.searchParams.get('sig')!.slice(0, -2)}AA`);
    expect((await fetch(forged)).status).toBe(404);
    const stretched = new URL(link);
    stretched.searchParams.set('expires', String(Number(link.searchParams.get('expires')) + 3600));
    expect((await fetch(stretched)).status).toBe(404);
    const otherFile = new URL(link.toString().replace(jpeg.media.id, png.media.id));
    expect((await fetch(otherFile)).status).toBe(404);
    // A link made two hours ago has expired.
    offsetMs = -2 * 60 * 60_000;
    const old = t.ctx.mediaLinks.linkFor(jpeg.media.id);
    offsetMs = 0;
    expect((await fetch(old)).status).toBe(404);
  });

  it('Instagram: an image and a video in one carousel, which MEDIA_RULES let it schedule', async () => {
    const photo = await uploadImage(t, cookie, 'jpeg', 35);
    const clip = await uploadClip(t, cookie);
    const text = 'A picture and a clip for Instagram';
    await publishNow({
      text,
      platforms: ['instagram'],
      media: [{ id: photo.media.id }, { id: clip.media.id }],
    });
    const [carousel] = instagram.posts.filter((p) => p.caption === text);
    expect(carousel!.mediaType).toBe('CAROUSEL_ALBUM');
    expect(carousel!.items.map((item) => item.kind)).toEqual(['image', 'video']);
    expect(carousel!.items[1]!.bytes.equals(clip.bytes)).toBe(true);
  });

  it('TikTok: a video through a chunked upload, and photos pulled from our links', async () => {
    const clip = await uploadClip(t, cookie);
    const videoText = 'A clip for TikTok';
    const video = await publishNow({
      text: videoText,
      platforms: ['tiktok'],
      media: [{ id: clip.media.id }],
    });
    const [videoPost] = tiktok.posts.filter((p) => p.text === videoText);
    expect(tiktok.posts.filter((p) => p.text === videoText)).toHaveLength(1);
    expect(videoPost!.kind).toBe('video');
    expect(videoPost!.media[0]!.equals(clip.bytes)).toBe(true);
    const size = clip.bytes.length;
    expect(tiktok.uploads.filter((u) => u.publishId === videoPost!.publishId)).toEqual([
      { publishId: videoPost!.publishId, range: `bytes 0-1023/${size}`, bytes: 1024, status: 206 },
      {
        publishId: videoPost!.publishId,
        range: `bytes 1024-${size - 1}/${size}`,
        bytes: size - 1024,
        status: 201,
      },
    ]);
    expect(video.targets[0]!.remoteUrl).toBe(
      `https://www.tiktok.com/@${tiktok.username}/video/${videoPost!.postId}`,
    );

    const one = await uploadImage(t, cookie, 'jpeg', 41);
    const two = await uploadImage(t, cookie, 'jpeg', 42);
    const photoText = 'Photos for TikTok';
    await publishNow({
      text: photoText,
      platforms: ['tiktok'],
      media: [{ id: one.media.id }, { id: two.media.id }],
    });
    const photos = tiktok.posts.filter((p) => p.text === photoText);
    expect(photos).toHaveLength(1);
    expect(photos[0]!.kind).toBe('photo');
    expect(photos[0]!.media.map((bytes) => bytes.length)).toEqual([one.bytes.length, two.bytes.length]);
    expect(photos[0]!.media[0]!.equals(one.bytes)).toBe(true);
    expect(photos[0]!.media[1]!.equals(two.bytes)).toBe(true);
    const publish = tiktok.publishes.get(photos[0]!.publishId)!;
    expect(publish.photoUrls!.map((url) => url.startsWith(`${t.publicUrl}/api/media/public/`))).toEqual([
      true,
      true,
    ]);
  });

  it('publishes one post to two networks at once', async () => {
    const text = 'Same words on X and LinkedIn';
    const post = await publishNow({ text, platforms: ['twitter', 'linkedin'] });
    expect(post.targets.every((target) => target.remoteUrl)).toBe(true);
    expect(x.postsWithText(text)).toHaveLength(1);
    expect(linkedin.postsWithText(text)).toHaveLength(1);
  });

  it("per-account versions: of two X accounts, one gets its own words, the other X's version", async () => {
    const first = x.user;
    x.signInAs({ id: '1700000000000000002', name: 'Second', username: 'second_account' });
    await connectOAuth(ann, 'twitter');
    const accounts = (await ann('GET', '/api/social/accounts')).json<{
      data: { id: string; platform: string; username: string }[];
    }>().data;
    const mine = accounts.filter((a) => a.platform === 'twitter');
    const second = mine.find((a) => a.username === 'second_account')!;
    const forX = 'Words for X, from every account but one';
    const forSecond = 'Words of the second account alone';
    const created = await createPost(ann, {
      text: 'The text for all networks',
      platforms: ['twitter'],
      accounts: mine.map((a) => a.id),
      versions: [
        { platform: 'twitter', text: forX },
        { platform: 'twitter', account: second.id, text: forSecond },
      ],
    });
    const post = await waitUntilSettled(ann, created.id);
    expect(post.targets.map((target) => target.status)).toEqual(['published', 'published']);
    expect(x.postsWithText(forX).map((tweet) => tweet.authorId)).toEqual([first.id]);
    expect(x.postsWithText(forSecond).map((tweet) => tweet.authorId)).toEqual(['1700000000000000002']);
    expect(x.postsWithText('The text for all networks')).toHaveLength(0);
  });
});
