import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../../test/multipart';
import { createTestApp, createUser, PUBLIC_URL, signIn, type TestApp } from '../../../test/test-app';

const MB = 1024 * 1024;

/** An image of noise: PNG cannot compress it, so its size is about width × height × 3 bytes. */
const noisePng = (side: number) =>
  sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .png()
    .toBuffer();

/** Issue 23: one user cannot fill the disk everyone's database lives on. */
describe('media storage quota and upload rate', () => {
  let t: TestApp;
  let dataDir: string;
  let png: Buffer;
  const cookies: Record<string, string> = {};

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'postwell-quota-'));
    t = await createTestApp({ DATA_DIR: dataDir, MEDIA_QUOTA_MB: '2', MEDIA_UPLOAD_MB_PER_MINUTE: '3' });
    for (const name of ['quin', 'rosa', 'sven', 'tara']) {
      await createUser(t.ctx, { email: `${name}@example.com` });
      cookies[name] = await signIn(t.app, `${name}@example.com`);
    }
    await createUser(t.ctx, { email: 'admin@example.com', role: 'admin' });
    cookies.admin = await signIn(t.app, 'admin@example.com');
    png = await noisePng(350); // ~370 KB, and a ~65 KB thumbnail
  });
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const upload = (who: string, name: string, content = png) => {
    const body = multipart(name, content);
    return t.app.inject({
      method: 'POST',
      url: '/api/media?kind=image',
      headers: { cookie: cookies[who]!, 'content-type': body.headers['content-type'] },
      payload: body.payload,
    });
  };
  const storage = async (who: string) =>
    (await t.app.inject({ url: '/api/media/storage', headers: { cookie: cookies[who]! } })).json();
  const filesOf = async (userId: string) => {
    const entries = await readdir(join(dataDir, 'media', userId)).catch(() => []);
    return entries.length;
  };

  it('counts uploads and thumbnails, refuses the file that would pass the quota with 413, and keeps nothing of it', async () => {
    expect(await storage('quin')).toEqual({ usedBytes: 0, quotaBytes: 2 * MB });
    const kept: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await upload('quin', `photo-${i}.png`);
      expect(res.statusCode).toBe(201);
      kept.push(res.json().bytes);
    }
    const used = (await storage('quin')).usedBytes;
    // The four files and their four thumbnails.
    expect(used).toBeGreaterThan(kept.reduce((a, b) => a + b, 0));
    const userId = (await t.ctx.usersRepo.findByEmail('quin@example.com'))!.id;
    expect(await filesOf(userId)).toBe(8);

    const refused = await upload('quin', 'one-too-many.png');
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toMatchObject({
      code: 'QUOTA_EXCEEDED',
      message: expect.stringMatching(
        /^one-too-many\.png was not added: your media storage is full \(\d+ of 2 MB used\)\./,
      ),
      params: { file: 'one-too-many.png', quotaMb: 2 },
    });
    expect(await filesOf(userId)).toBe(8);
    expect((await storage('quin')).usedBytes).toBe(used);
    // Another user's room is their own.
    expect((await upload('rosa', 'fine.png')).statusCode).toBe(201);
  });

  it('holds under concurrent uploads: the quota is checked where the row is written', async () => {
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => upload('sven', `burst-${i}.png`)));
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(4);
    expect(statuses.filter((s) => s === 413)).toHaveLength(2);
    expect((await storage('sven')).usedBytes).toBeLessThanOrEqual(2 * MB);
  });

  it('answers 429 with Retry-After past the upload rate, whatever room the quota has', async () => {
    // Upload and delete, again and again: the quota stays empty, the bytes sent this minute add up.
    const statuses: number[] = [];
    let limited;
    for (let i = 0; i < 12 && !limited; i++) {
      const res = await upload('tara', `again-${i}.png`);
      statuses.push(res.statusCode);
      if (res.statusCode === 429) limited = res;
      else
        await t.app.inject({
          method: 'DELETE',
          url: `/api/media/${res.json().id}`,
          headers: { cookie: cookies.tara!, origin: PUBLIC_URL },
        });
    }
    // 3 MB a minute: nine files of ~370 KB reach it, the tenth is refused.
    expect(statuses).toEqual([...Array<number>(9).fill(201), 429]);
    expect((await storage('tara')).usedBytes).toBe(0);
    expect(Number(limited!.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited!.json()).toMatchObject({
      code: 'UPLOAD_RATE_LIMITED',
      retryAfterSeconds: Number(limited!.headers['retry-after']),
    });
  });

  it('shows administrators what each user takes', async () => {
    const res = await t.app.inject({ url: '/api/users?limit=100', headers: { cookie: cookies.admin! } });
    const byEmail = new Map<string, number>(
      res.json().data.data.map((u: { email: string; storageBytes: number }) => [u.email, u.storageBytes]),
    );
    expect(byEmail.get('quin@example.com')).toBe((await storage('quin')).usedBytes);
    expect(byEmail.get('admin@example.com')).toBe(0);
  });
});
