import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { createGunzip, createGzip } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readTar, tarWriter } from './tar';

const run = promisify(execFile);
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'postwell-tar-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const LONG = `media/${'a'.repeat(40)}/${'b'.repeat(60)}/${'c'.repeat(36)}.mp4`;
const entries = [
  { name: 'manifest.json', body: Buffer.from('{"format":"postwell-backup"}') },
  { name: 'media/u/empty.png', body: Buffer.alloc(0) },
  { name: LONG, body: randomBytes(700_000) },
  { name: 'media/u/exact.bin', body: randomBytes(1024) },
];

async function write(file: string) {
  const gzip = createGzip();
  const out = createWriteStream(file);
  gzip.pipe(out);
  const closed = new Promise<void>((resolve) => out.on('close', () => resolve()));
  const tar = tarWriter(gzip);
  for (const { name, body } of entries)
    await tar.add(
      name,
      body.length,
      name === LONG ? Readable.from([body.subarray(0, 1000), body.subarray(1000)]) : body,
    );
  await tar.end();
  await closed;
}

describe('the backup tar format', () => {
  it('reads back what it wrote, long names included, even when a reader stops early', async () => {
    const file = join(dir, 'a.tar.gz');
    await write(file);
    const seen: { name: string; size: number; body: Buffer }[] = [];
    await readTar(createReadStream(file).pipe(createGunzip()), async ({ name, size, body }) => {
      const parts: Buffer[] = [];
      for await (const part of body) {
        parts.push(part);
        if (name === LONG) break; // the rest of this entry is skipped for us
      }
      seen.push({ name, size, body: Buffer.concat(parts) });
    });
    expect(seen.map((e) => [e.name, e.size])).toEqual(entries.map((e) => [e.name, e.body.length]));
    for (const [i, entry] of seen.entries())
      if (entry.name !== LONG) expect(entry.body.equals(entries[i]!.body)).toBe(true);
  });

  it('is a tar.gz that the system tar lists and extracts', async () => {
    const file = join(dir, 'b.tar.gz');
    await write(file);
    const { stdout } = await run('tar', ['-tzf', file]);
    expect(stdout.trim().split('\n')).toEqual(entries.map((e) => e.name));
    await run('tar', ['-xzf', file, '-C', dir]);
    expect((await readFile(join(dir, LONG))).equals(entries[2]!.body)).toBe(true);
  });

  it('refuses a body of another length than announced, and a file that is not tar', async () => {
    const tar = tarWriter(createGzip().resume());
    await expect(tar.add('x', 10, Buffer.alloc(9))).rejects.toThrow('x changed while it was being backed up');
    const garbage = Readable.from([Buffer.alloc(512, 7)]);
    await expect(readTar(garbage, async () => undefined)).rejects.toThrow('this is not a backup file');
  });
});
