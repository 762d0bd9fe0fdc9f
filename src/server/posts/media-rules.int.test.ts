import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadImage, uploadMedia } from '../../../test/publishing-helpers';
import { createTestApp, createUser, signIn, type TestApp } from '../../../test/test-app';

const fixture = (name: string) =>
  readFile(fileURLToPath(new URL(`../../../test/fixtures/${name}`, import.meta.url)));

/** Scheduling refuses what the network's adapter would refuse at publish, by the same MEDIA_RULES. */
describe("scheduling checks each network's media rules", () => {
  let t: TestApp;
  let ann: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp({}, { clock: () => new Date('2026-05-01T08:00:00Z') });
    await createUser(t.ctx, { email: 'ann@example.com' });
    ann = await signIn(t.app, 'ann@example.com');
    ids.photo = (await uploadImage(t, ann, 'jpeg', 7)).media.id;
    ids.clip = (await uploadMedia(t, ann, 'video', 'clip-4s.mp4', await fixture('clip-4s.mp4'))).id;
    ids.short = (await uploadMedia(t, ann, 'video', 'short.mp4', await fixture('clip.mp4'))).id;
  });
  afterAll(() => t.close());

  const save = (platforms: string[], media: string[], action = 'schedule') =>
    t.app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: { cookie: ann },
      payload: {
        content: '<p>A picture and a clip</p>',
        platforms,
        action,
        ...(action === 'schedule' ? { scheduledAt: '2026-05-02T10:00:00Z' } : {}),
        timezone: 'UTC',
        media: media.map((id) => ({ id })),
      },
    });
  const calendar = async () =>
    (
      await t.app.inject({
        method: 'GET',
        url: '/api/posts?from=2026-05-01T00:00:00Z&to=2026-06-01T00:00:00Z',
        headers: { cookie: ann },
      })
    ).json().data as unknown[];

  it('refuses an image with a video for X, naming the problem, and stores nothing', async () => {
    const res = await save(['twitter'], [ids.photo!, ids.clip!]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'POST_NOT_PUBLISHABLE',
      message: 'The post does not meet the rules of twitter.',
      problems: [{ platform: 'twitter', code: 'media_mix' }],
    });
    expect(await calendar()).toEqual([]);
  });

  it('schedules the same image and video for Instagram, whose carousel mixes them', async () => {
    const res = await save(['instagram'], [ids.photo!, ids.clip!]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().media.map((m: { kind: string }) => m.kind)).toEqual(['image', 'video']);
    expect(await calendar()).toHaveLength(1);
  });

  it('lists only the networks that refuse, when several are selected', async () => {
    const res = await save(['instagram', 'twitter', 'linkedin', 'bluesky'], [ids.photo!, ids.clip!]);
    expect(res.statusCode).toBe(400);
    expect(res.json().problems).toEqual([
      { platform: 'twitter', code: 'media_mix' },
      { platform: 'linkedin', code: 'media_mix' },
      { platform: 'bluesky', code: 'media_mix' },
    ]);
  });

  it("measures a video by its probed length: one second is under TikTok's and LinkedIn's minimum", async () => {
    const res = await save(['tiktok', 'linkedin', 'twitter'], [ids.short!], 'publish_now');
    expect(res.statusCode).toBe(400);
    expect(res.json().problems).toEqual([
      {
        platform: 'tiktok',
        code: 'video_too_short',
        name: 'short.mp4',
        seconds: 1,
        limit: 3,
        inCarousel: false,
      },
      {
        platform: 'linkedin',
        code: 'video_too_short',
        name: 'short.mp4',
        seconds: 1,
        limit: 3,
        inCarousel: false,
      },
    ]);
    expect((await save(['tiktok', 'linkedin', 'twitter'], [ids.clip!], 'publish_now')).statusCode).toBe(201);
  });

  it('keeps a draft with the mix: drafts are checked only when scheduled', async () => {
    const res = await save(['twitter'], [ids.photo!, ids.clip!], 'draft');
    expect(res.statusCode).toBe(201);
    expect(res.json().status).toBe('draft');
  });
});
