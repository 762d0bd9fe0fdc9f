import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../../test/multipart';
import { createTestApp, createUser, signIn, type TestApp } from '../../../test/test-app';

describe('posts with images and videos', () => {
  let t: TestApp;
  let ann: string;
  let bob: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp({}, { clock: () => new Date('2026-05-01T08:00:00Z') });
    await createUser(t.ctx, { email: 'ann@example.com' });
    await createUser(t.ctx, { email: 'bob@example.com' });
    ann = await signIn(t.app, 'ann@example.com');
    bob = await signIn(t.app, 'bob@example.com');
    const base = sharp({ create: { width: 40, height: 30, channels: 3, background: '#cc3366' } });
    const files: [string, string, string, Buffer][] = [
      ['jpg', ann, 'image', await base.clone().jpeg().toBuffer()],
      ['png', ann, 'image', await base.clone().png().toBuffer()],
      ['gif', ann, 'image', await base.clone().gif().toBuffer()],
      ['bobs', bob, 'image', await base.clone().png().toBuffer()],
      [
        'clip',
        ann,
        'video',
        await readFile(fileURLToPath(new URL('../../../test/fixtures/clip.mp4', import.meta.url))),
      ],
    ];
    for (const [name, cookie, kind, content] of files) {
      const body = multipart(`${name}.bin`, content);
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/media?kind=${kind}`,
        headers: { cookie, ...body.headers },
        payload: body.payload,
      });
      ids[name] = res.json().id;
    }
  });
  afterAll(() => t.close());

  const schedule = (media: object[], platforms = ['bluesky', 'instagram']) =>
    t.app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: { cookie: ann },
      payload: {
        content: '<p>Look</p>',
        platforms,
        action: 'schedule',
        scheduledAt: '2026-05-02T10:00:00Z',
        timezone: 'UTC',
        media,
      },
    });

  it('keeps the media in the order given, with thumbnails', async () => {
    const res = await schedule([{ id: ids.png }, { id: ids.jpg }]);
    expect(res.statusCode).toBe(201);
    expect(
      res.json().media.map((m: { id: string; mime: string; edits: unknown }) => [m.id, m.mime, m.edits]),
    ).toEqual([
      [ids.png, 'image/png', null],
      [ids.jpg, 'image/jpeg', null],
    ]);
  });

  it("checks each network's image rules, and that the media are the user's own", async () => {
    const gif = await schedule([{ id: ids.gif }]);
    expect(gif.json().problems).toEqual([
      { platform: 'instagram', code: 'image_type', name: 'gif.bin', type: 'gif', allowed: ['jpg', 'png'] },
    ]);
    const foreign = await schedule([{ id: ids.bobs }]);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().fields).toEqual({ media: 'posts.mediaNotFound' });
  });

  it('keeps video edits, with the defaults filled in, and refuses a trim past the end', async () => {
    const ok = await schedule(
      [
        {
          id: ids.clip,
          edits: {
            trim: { start: 0.2, end: 0.9 },
            captions: [{ text: 'Hi {{name}}', position: 'top', style: 'dark' }],
          },
        },
      ],
      ['bluesky'],
    );
    expect(ok.statusCode).toBe(201);
    expect(ok.json().media[0]).toMatchObject({
      kind: 'video',
      edits: {
        trim: { start: 0.2, end: 0.9 },
        aspectRatio: '16:9',
        captions: [{ text: 'Hi {{name}}', position: 'top', style: 'dark' }],
      },
    });
    const late = await schedule([{ id: ids.clip, edits: { trim: { start: 0, end: 5 } } }], ['bluesky']);
    expect(late.json().fields).toEqual({ media: 'posts.trimInvalid' });
    const backwards = await schedule(
      [{ id: ids.clip, edits: { trim: { start: 0.8, end: 0.2 } } }],
      ['bluesky'],
    );
    expect(backwards.statusCode).toBe(400);
  });

  it('refuses a ratio not in the list, a caption over 500 characters and a trim before the start, naming the field', async () => {
    const edit = (edits: object) => schedule([{ id: ids.clip, edits }], ['bluesky']);
    const ratio = await edit({ aspectRatio: '9:16' });
    expect(ratio.statusCode).toBe(400);
    expect(ratio.json().fields).toEqual({ 'media.0.edits.aspectRatio': 'videoRender.ratioInvalid' });
    const long = await edit({ captions: [{ text: 'x'.repeat(501), position: 'top', style: 'dark' }] });
    expect(long.statusCode).toBe(400);
    expect(long.json().fields).toEqual({ 'media.0.edits.captions.0.text': 'videoRender.captionTooLong' });
    const early = await edit({ trim: { start: -1, end: 0.5 } });
    expect(early.statusCode).toBe(400);
    expect(early.json().fields).toEqual({ 'media.0.edits.trim.start': 'posts.trimInvalid' });
    const fine = await edit({ captions: [{ text: 'x'.repeat(500), position: 'top', style: 'dark' }] });
    expect(fine.statusCode).toBe(201);
  });

  it('refuses more files than a post may hold', async () => {
    const eleven = Array.from({ length: 11 }, () => ({ id: ids.png }));
    const duplicate = await schedule(eleven);
    expect(duplicate.statusCode).toBe(400);
    const many: string[] = [];
    for (let i = 0; i < 11; i++) {
      const body = multipart(
        `p${i}.png`,
        await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
          .png()
          .toBuffer(),
      );
      many.push(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/media?kind=image',
            headers: { cookie: ann, ...body.headers },
            payload: body.payload,
          })
        ).json().id,
      );
    }
    const res = await schedule(
      many.map((id) => ({ id })),
      ['facebook'],
    );
    expect(res.json()).toMatchObject({
      code: 'TOO_MANY_FILES',
      message: 'Maximum 10 files allowed',
      params: { n: 10 },
    });
  });
});
