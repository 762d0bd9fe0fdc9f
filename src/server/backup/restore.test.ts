import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Writable } from 'node:stream';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CraftedEntry, manifestOf, pgliteEntries, writeArchive } from '../../../test/backup-archive';
import { loadEnv } from '../env';
import { BackupError } from './backup';
import { restoreBackup } from './restore';
import { tarHeader } from './tar';

const run = promisify(execFile);
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'postwell-restore-refusals-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

let files = 0;
const fileName = () => join(dir, `backup-${++files}.tar.gz`);
/** A configuration on the embedded database whose data folder does not exist yet. */
const target = () =>
  loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: join(dir, `target-${++files}`) });

const write = (gzip: Writable, bytes: Buffer) =>
  new Promise<void>((resolve, reject) => gzip.write(bytes, (error) => (error ? reject(error) : resolve())));

/** A header block with one field replaced and its checksum made right again. */
function withField(block: Buffer, offset: number, text: string) {
  const changed = Buffer.from(block);
  changed.write(text, offset, 'ascii');
  changed.write('        ', 148, 'ascii');
  let sum = 0;
  for (const byte of changed) sum += byte;
  changed.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return changed;
}

const archive =
  (entries: CraftedEntry[], options: Parameters<typeof writeArchive>[2] = {}) =>
  async () => {
    const file = fileName();
    await writeArchive(file, entries, options);
    return file;
  };
const manifestEntry = (manifest: unknown) => ({ name: 'manifest.json', body: JSON.stringify(manifest) });
const [, database, secret, media] = pgliteEntries();
const withManifest = (changes: Record<string, unknown>, rest = [database!, secret!, media!]) =>
  archive([manifestEntry(manifestOf('pglite', changes)), ...rest]);
/** The bytes of a good archive, changed by `change`. */
const damagedCopy = (change: (bytes: Buffer) => Buffer) => async () => {
  const good = fileName();
  await writeArchive(good, pgliteEntries());
  const file = fileName();
  await writeFile(file, change(await readFile(good)));
  return file;
};

const refusals: [string, () => Promise<string>, string | RegExp][] = [
  [
    'a null manifest',
    archive([{ name: 'manifest.json', body: 'null' }, database!]),
    'its manifest does not say postwell-backup',
  ],
  [
    'a manifest that is not JSON',
    archive([{ name: 'manifest.json', body: '{"format":' }, database!]),
    'its manifest cannot be read',
  ],
  ['another format', withManifest({ format: 'other' }), 'its manifest does not say postwell-backup'],
  ['"version":"zzz"', withManifest({ version: 'zzz' }), "This backup's manifest is not valid (version: "],
  ['version 0', withManifest({ version: 0 }), "This backup's manifest is not valid (version: "],
  ['a newer version', withManifest({ version: 2 }), 'written by a newer Postwell (format 2): update first'],
  [
    '"database":"mysql"',
    withManifest({ database: 'mysql' }),
    "This backup's manifest is not valid (database: ",
  ],
  [
    'a manifest without counts',
    withManifest({ counts: undefined }),
    "This backup's manifest is not valid (counts: ",
  ],
  ['an unknown secret listed', withManifest({ secrets: ['../../etc/passwd'] }), 'not valid (secrets.0: '],
  [
    'a negative count',
    withManifest({ media: { store: 'disk', included: true, files: -1, bytes: 0 } }),
    'not valid (media.files: ',
  ],
  [
    'a manifest over 16 KB',
    withManifest({ app: 'x'.repeat(17_000) }),
    "This backup's manifest is larger than 16384 bytes",
  ],
  [
    'no manifest first',
    archive([database!, manifestEntry(manifestOf('pglite'))]),
    'it does not start with a manifest',
  ],
  [
    'a media key that leaves the folder',
    withManifest({}, [database!, secret!, { name: 'media/../escape.png', body: 'bad' }]),
    'outside the media folder (media/../escape.png)',
  ],
  [
    'a media key that climbs out',
    withManifest({}, [database!, secret!, { name: 'media/u1/../../x.png', body: 'bad' }]),
    'outside the media folder (media/u1/../../x.png)',
  ],
  [
    'an absolute media key',
    withManifest({}, [database!, secret!, { name: 'media//etc/passwd', body: 'bad' }]),
    'outside the media folder',
  ],
  [
    'a media key in the temporary folder',
    withManifest({}, [database!, secret!, { name: 'media/tmp/x.png', body: 'bad' }]),
    'outside the media folder',
  ],
  [
    'a key with a line break',
    withManifest({}, [database!, secret!, { name: 'media/a\nb.png', body: 'bad' }]),
    'outside the media folder (media/a\\nb.png)',
  ],
  [
    'an unknown entry',
    withManifest({}, [database!, secret!, media!, { name: 'etc/passwd', body: 'x' }]),
    'an unknown entry (etc/passwd)',
  ],
  [
    'a secret outside the list',
    withManifest({}, [database!, secret!, media!, { name: 'secrets/../../x', body: 'x' }]),
    'an unexpected entry (secrets/../../x)',
  ],
  [
    'a secret the manifest does not list',
    withManifest({}, [database!, secret!, media!, { name: 'secrets/encryption-key', body: 'x' }]),
    'an unexpected entry (secrets/encryption-key)',
  ],
  [
    'a secret over 4 KB',
    withManifest({}, [database!, { name: 'secrets/auth-secret', body: 'x'.repeat(5000) }, media!]),
    'secrets/auth-secret is larger than 4096 bytes',
  ],
  [
    'a second database',
    withManifest({}, [database!, database!, secret!, media!]),
    'an unexpected database entry (database/pglite.tar)',
  ],
  [
    'the other kind of database',
    withManifest({}, [{ name: 'database/postgres.sql', body: 'select 1;' }, secret!, media!]),
    'an unexpected database entry (database/postgres.sql)',
  ],
  [
    'a PostgreSQL backup without DATABASE_URL',
    archive([manifestEntry(manifestOf('postgres'))]),
    'This backup is of a PostgreSQL database: set DATABASE_URL',
  ],
  ['no database', withManifest({}, [secret!, media!]), 'This backup holds no database'],
  [
    'a listed secret missing',
    withManifest({}, [database!, media!]),
    'This backup lacks secrets/auth-secret, which its manifest lists',
  ],
  [
    'fewer media than counted',
    withManifest({ media: { store: 'disk', included: true, files: 2, bytes: 6 } }),
    'holds 1 media files where its manifest counts 2',
  ],
  [
    'media left out but present',
    withManifest({ media: { store: 's3', included: false, files: 0, bytes: 0 } }),
    'an unexpected entry (media/u1/a.png)',
  ],
  [
    'an empty file',
    async () => {
      const file = fileName();
      await writeFile(file, '');
      return file;
    },
    'This file is not a Postwell backup, or it is damaged or cut short',
  ],
  [
    'a file that is not gzip',
    async () => {
      const file = fileName();
      await writeFile(file, 'hello');
      return file;
    },
    'This file is not a Postwell backup, or it is damaged or cut short',
  ],
  [
    'a gzip cut in half',
    damagedCopy((bytes) => bytes.subarray(0, bytes.length >> 1)),
    'damaged or cut short',
  ],
  [
    'a gzip without its checksum',
    damagedCopy((bytes) => bytes.subarray(0, bytes.length - 8)),
    'damaged or cut short',
  ],
  [
    'a corrupt gzip',
    damagedCopy((bytes) => {
      const copy = Buffer.from(bytes);
      for (let i = 20; i < copy.length - 10; i += 7) copy[i] = copy[i]! ^ 0x5a;
      return copy;
    }),
    'damaged or cut short',
  ],
  [
    'a tar cut short inside an entry',
    archive([manifestEntry(manifestOf('pglite'))], {
      trailer: false,
      raw: async (gzip) => {
        await write(gzip, tarHeader('database/pglite.tar', 100_000, '0', new Date()));
        await write(gzip, Buffer.alloc(1000, 1));
      },
    }),
    'damaged or cut short (the backup file ends in the middle of a file)',
  ],
  [
    'a tar without its end',
    archive(pgliteEntries(), { trailer: false }),
    'damaged or cut short (the backup file ends before its last entry)',
  ],
  [
    'data after the end of the archive',
    archive(pgliteEntries(), {
      trailer: false,
      raw: async (gzip) => write(gzip, Buffer.concat([Buffer.alloc(1024), Buffer.from('more')])),
    }),
    'damaged or cut short (this is not a backup file (data after its end))',
  ],
  [
    'a size that is not octal',
    archive([manifestEntry(manifestOf('pglite'))], {
      raw: async (gzip) =>
        write(gzip, withField(tarHeader('database/pglite.tar', 0, '0', new Date()), 124, '9zz\0')),
    }),
    'bad tar header',
  ],
  [
    'a pax header over 64 KB',
    archive([], {
      raw: async (gzip) => {
        await write(gzip, tarHeader('PaxHeader', 100_000, 'x', new Date()));
        await write(gzip, Buffer.alloc(100_352, 0x61));
      },
    }),
    'bad tar header',
  ],
];

describe('npm run restore refuses a bad file with one line, writing nothing', () => {
  it.each(refusals)('%s', async (_, make, message) => {
    const file = await make();
    const env = target();
    const error = await restoreBackup(env, file).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(BackupError);
    expect((error as Error).message).toContain(message);
    expect((error as Error).message).not.toContain('\n');
    expect(existsSync(env.DATA_DIR)).toBe(false);
  });

  it('leaves a data folder that was there empty, and refuses a non-empty one', async () => {
    const file = await withManifest({ database: 'mysql' })();
    const env = target();
    await mkdir(env.DATA_DIR);
    await expect(restoreBackup(env, file)).rejects.toThrow('not valid (database: ');
    expect(await readdir(env.DATA_DIR)).toEqual([]);
    await writeFile(join(env.DATA_DIR, 'keep.txt'), 'mine');
    await expect(restoreBackup(env, file)).rejects.toThrow(`The data folder ${env.DATA_DIR} is not empty`);
    expect(await readdir(env.DATA_DIR)).toEqual(['keep.txt']);
  });

  it('takes back what it wrote when the database cannot be restored', async () => {
    const file = fileName();
    // A sound archive whose database entry is not a PGlite dump: it passes the check, and fails writing.
    await writeArchive(file, [
      ...pgliteEntries().filter((e) => e.name !== 'database/pglite.tar'),
      { name: 'database/pglite.tar', body: 'not a PGlite dump' },
    ]);
    const env = target();
    const error = await restoreBackup(env, file).then(
      () => null,
      (e: unknown) => e as Error,
    );
    expect(error).toBeInstanceOf(BackupError);
    expect(error!.message).toMatch(/^The restore failed: /);
    expect(error!.message).not.toContain('\n');
    expect(existsSync(env.DATA_DIR)).toBe(false);
  }, 60_000);

  it('refuses a manifest whose header claims 1 GiB from its header, reading next to nothing', async () => {
    const file = fileName();
    const chunk = Buffer.alloc(1024 * 1024);
    await writeArchive(file, [], {
      trailer: false,
      raw: async (gzip) => {
        await write(gzip, tarHeader('manifest.json', 2 ** 30, '0', new Date()));
        for (let i = 0; i < 256; i++) await write(gzip, chunk); // 256 MB of it, a few hundred KB on disk
      },
    });
    const env = target();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 2);
    try {
      await expect(restoreBackup(env, file)).rejects.toThrow(
        "This backup's manifest is larger than 16384 bytes",
      );
    } finally {
      clearInterval(sampler);
    }
    peak = Math.max(peak, process.memoryUsage().rss);
    expect(peak - before).toBeLessThan(64 * 1024 * 1024);
    expect(existsSync(env.DATA_DIR)).toBe(false);
  });

  it('prints each refusal as one line on stderr and exits 1', async () => {
    const cases = [refusals[0]!, refusals[12]!, refusals[30]!, refusals[33]!];
    for (const [name, make, message] of cases) {
      const file = await make();
      const env = target();
      const cli = await run(
        process.execPath,
        ['--import', 'tsx', 'src/server/backup/cli.ts', 'restore', file],
        {
          env: { ...process.env, DATA_DIR: env.DATA_DIR, DATABASE_URL: '', INIT_CWD: dir },
        },
      ).then(
        () => ({ code: 0, stderr: '' }),
        (error: { code: number; stderr: string }) => error,
      );
      expect(cli.code, name).toBe(1);
      expect(cli.stderr, name).toContain(message);
      expect(cli.stderr.trimEnd().split('\n'), name).toHaveLength(1);
      expect(existsSync(env.DATA_DIR), name).toBe(false);
    }
  }, 60_000);
});
