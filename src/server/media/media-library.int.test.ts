import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaLibraryItem, MediaList } from '../../shared/api/media.schemas';
import { multipart } from '../../../test/multipart';
import { type Call, createPost, makeImage } from '../../../test/publishing-helpers';
import { createTestApp, teamWorkspace, type TestApp } from '../../../test/test-app';

/** The media library (issue 27): the workspace's files, where each is used, and deletes that lose nothing. */
describe('media library', () => {
  let t: TestApp;
  let cookies: Record<'owen' | 'mia' | 'val' | 'zed', string>;
  let workspace: string;
  const files: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    ({ cookies, workspace } = await teamWorkspace(
      t,
      'Bloom',
      'owen',
      { mia: 'editor', val: 'reviewer' },
      'zed',
    ));
    // Files of the team (by two members) and one of another user's personal workspace.
    const upload = async (who: 'owen' | 'mia' | 'zed', name: string, seed: number) => {
      const body = multipart(name, await makeImage('png', seed, 64 + seed, 48));
      const res = await as(who, 'POST', '/api/media?kind=image', body.payload, body.headers);
      expect(res.statusCode, res.body).toBe(201);
      files[name] = res.json<{ id: string }>().id;
    };
    await upload('owen', 'spring-tulips.png', 1);
    await upload('mia', 'Summer Roses.png', 2);
    await upload('owen', 'autumn.png', 3);
    await upload('owen', 'winter.png', 4);
    await upload('zed', 'tulips-of-zed.png', 5);
  });
  afterAll(() => t.close());

  /** A call by a member in the team's workspace (zed, in their own). */
  const as = (
    who: keyof typeof cookies,
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    payload?: object | Buffer,
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({
      method,
      url,
      headers: {
        cookie: cookies[who],
        ...(who === 'zed' ? {} : { 'x-postwell-workspace': workspace }),
        ...headers,
      },
      ...(payload ? { payload } : {}),
    });
  const list = async (who: keyof typeof cookies, query = '') => {
    const res = await as(who, 'GET', `/api/media${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<MediaList>();
  };
  const names = (page: MediaList) => page.data.map((m) => m.name);
  const item = async (name: string): Promise<MediaLibraryItem> =>
    (await list('owen', `?q=${encodeURIComponent(name)}`)).data.find((m) => m.name === name)!;

  it("lists the workspace's files newest first, with who uploaded each, and no one else's", async () => {
    const page = await list('val');
    expect(names(page)).toEqual(['winter.png', 'autumn.png', 'Summer Roses.png', 'spring-tulips.png']);
    expect(page.total).toBe(4);
    expect(page.data[2]).toMatchObject({
      kind: 'image',
      mime: 'image/png',
      width: 66,
      height: 48,
      uploadedBy: expect.stringMatching(/mia/i),
      uses: 0,
      usedIn: [],
      url: `/api/media/${files['Summer Roses.png']}`,
    });
    expect(names(await list('zed'))).toEqual(['tulips-of-zed.png']);
  });

  it('finds a part of the name whatever its case, filters by kind, and pages', async () => {
    expect(names(await list('owen', '?q=TULIP'))).toEqual(['spring-tulips.png']);
    expect(names(await list('owen', '?q=roses'))).toEqual(['Summer Roses.png']);
    // Characters that would be patterns elsewhere are only characters here.
    expect((await list('owen', `?q=${encodeURIComponent('%_')}`)).total).toBe(0);
    expect((await list('owen', '?kind=video')).total).toBe(0);
    expect((await list('owen', '?kind=image')).total).toBe(4);
    const second = await list('owen', '?limit=2&offset=2');
    expect(names(second)).toEqual(['Summer Roses.png', 'spring-tulips.png']);
    expect(second.total).toBe(4);
  });

  it('refuses a bad query with a 400 naming the field', async () => {
    for (const [query, field] of [
      ['?kind=audio', 'kind'],
      ['?use=often', 'use'],
      ['?limit=101', 'limit'],
      [`?q=${'a'.repeat(201)}`, 'q'],
    ] as const) {
      const res = await as('owen', 'GET', `/api/media${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().fields).toHaveProperty(field);
    }
  });

  it('says where a file is used, the posts still to go out first, and filters by use', async () => {
    const inWorkspace: Call = (method, url, payload) => as('owen', method as 'GET', url, payload);
    const scheduled = await createPost(inWorkspace, {
      text: 'Tulips are back in the shop this week',
      platforms: ['bluesky'],
      inMs: 86_400_000,
      media: [{ id: files['spring-tulips.png']! }],
    });
    const draft = await inWorkspace('POST', '/api/posts', {
      content: '<p>A draft about <strong>roses</strong></p>',
      platforms: ['bluesky'],
      action: 'draft',
      timezone: 'UTC',
      media: [{ id: files['spring-tulips.png']! }, { id: files['Summer Roses.png']! }],
    });
    expect(draft.statusCode, draft.body).toBe(201);
    const rule = await inWorkspace('POST', '/api/recurring-posts', {
      content: '<p>Autumn every week</p>',
      platforms: ['bluesky'],
      startDate: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      frequency: 'weekly',
      interval: 1,
      timezone: 'UTC',
      media: [{ id: files['autumn.png']! }],
    });
    expect(rule.statusCode, rule.body).toBe(201);

    const tulips = await item('spring-tulips.png');
    expect(tulips.uses).toBe(2);
    expect(tulips.usedIn).toEqual([
      expect.objectContaining({
        type: 'post',
        id: scheduled.id,
        text: 'Tulips are back in the shop this week',
        status: 'scheduled',
        pending: true,
      }),
      expect.objectContaining({
        type: 'post',
        id: draft.json().id,
        text: 'A draft about roses',
        pending: false,
      }),
    ]);
    expect((await item('autumn.png')).usedIn).toEqual([
      expect.objectContaining({
        type: 'recurring',
        id: rule.json().id,
        text: 'Autumn every week',
        pending: true,
      }),
    ]);
    expect(names(await list('owen', '?use=scheduled'))).toEqual(['autumn.png', 'spring-tulips.png']);
    expect(names(await list('owen', '?use=used'))).toEqual([
      'autumn.png',
      'Summer Roses.png',
      'spring-tulips.png',
    ]);
    expect(names(await list('owen', '?use=unused'))).toEqual(['winter.png']);
  });

  it('refuses to delete a file a post or recurring post still to go out holds, naming it, and keeps it', async () => {
    const refused = await as('mia', 'DELETE', `/api/media/${files['spring-tulips.png']}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'MEDIA_IN_USE',
      params: { file: 'spring-tulips.png', count: 1, posts: '“Tulips are back in the shop this week”' },
    });
    const rule = await as('owen', 'DELETE', `/api/media/${files['autumn.png']}`);
    expect(rule.statusCode).toBe(409);
    expect(rule.json().params.posts).toBe('“Autumn every week”');
    expect((await item('spring-tulips.png')).uses).toBe(2);
    expect((await as('owen', 'GET', `/api/media/${files['autumn.png']}`)).statusCode).toBe(200);
  });

  it('deletes a file only drafts hold, and one no post holds; a reviewer and another workspace cannot', async () => {
    const roses = files['Summer Roses.png']!;
    expect((await as('val', 'DELETE', `/api/media/${roses}`)).statusCode).toBe(403);
    expect((await as('zed', 'DELETE', `/api/media/${roses}`)).statusCode).toBe(404);
    expect((await as('mia', 'DELETE', `/api/media/${roses}`)).statusCode).toBe(204);
    expect((await as('owen', 'DELETE', `/api/media/${files['winter.png']}`)).statusCode).toBe(204);
    expect(names(await list('owen'))).toEqual(['autumn.png', 'spring-tulips.png']);
    expect((await as('owen', 'GET', `/api/media/${roses}`)).statusCode).toBe(404);
    expect((await as('owen', 'DELETE', `/api/media/${roses}`)).statusCode).toBe(404);
  });
});
