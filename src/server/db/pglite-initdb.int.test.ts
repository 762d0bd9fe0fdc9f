import { existsSync, statSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { createPgliteDataDir } from './pglite-initdb';

describe.skipIf(process.env.TEST_DB === 'postgres')('the embedded database in a data folder', () => {
  let work: string;
  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'postwell-initdb-test-'));
  });
  afterAll(async () => {
    await rm(work, { recursive: true, force: true });
  });

  it('is created once, and an existing one is left as it is', async () => {
    const dir = join(work, 'once');
    await createPgliteDataDir(dir);
    const version = join(dir, 'PG_VERSION');
    expect(existsSync(version)).toBe(true);
    const created = statSync(version).mtimeMs;
    await createPgliteDataDir(dir);
    expect(statSync(version).mtimeMs).toBe(created);
  });

  it('opens with 16 MB of shared buffers and keeps its rows from one start to the next', async () => {
    const dataDir = join(work, 'app');
    const first = await openDatabase({ dataDir });
    try {
      const { rows } = await first.executeSql('show shared_buffers');
      expect(rows).toEqual([{ shared_buffers: '16MB' }]);
      await first.executeSql(`insert into outbox ("to", subject, text, status) values ($1, $2, $3, $4)`, [
        'a@example.com',
        'kept',
        'body',
        'logged',
      ]);
    } finally {
      await first.close();
    }
    const again = await openDatabase({ dataDir });
    try {
      const { rows } = await again.executeSql('select subject from outbox');
      expect(rows).toEqual([{ subject: 'kept' }]);
    } finally {
      await again.close();
    }
  });

  it('says which folder it could not create, and why', async () => {
    const file = join(work, 'a-file');
    await writeFile(file, 'not a folder');
    await expect(createPgliteDataDir(join(file, 'pglite'))).rejects.toThrow(
      new RegExp(`creating the database in ${file}/pglite failed: .+`),
    );
  });
});
