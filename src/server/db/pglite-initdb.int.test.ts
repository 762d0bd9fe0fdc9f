import { existsSync, readFileSync, statSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { createPgliteDataDir, makePgliteTemplate, pgliteVersion } from './pglite-initdb';

/** The cluster's identifier, which initdb draws at random: the first 8 bytes of global/pg_control. */
const systemIdentifier = (dir: string) =>
  readFileSync(join(dir, 'global', 'pg_control'))
    .readBigUInt64LE(0)
    .toString();

/** initdb in a child: ~10 s on two quiet cores, over 30 s on busy ones. */
const INITDB_MS = 120_000;

describe.skipIf(process.env.TEST_DB === 'postgres')('the embedded database in a data folder', () => {
  let work: string;
  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'postwell-initdb-test-'));
  });
  afterAll(async () => {
    await rm(work, { recursive: true, force: true });
  });

  it(
    'is created once, and an existing one is left as it is',
    async () => {
      const dir = join(work, 'once');
      await createPgliteDataDir(dir);
      const version = join(dir, 'PG_VERSION');
      expect(existsSync(version)).toBe(true);
      const created = statSync(version).mtimeMs;
      await createPgliteDataDir(dir);
      expect(statSync(version).mtimeMs).toBe(created);
    },
    INITDB_MS,
  );

  it(
    'opens with 16 MB of shared buffers and keeps its rows from one start to the next',
    async () => {
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
    },
    INITDB_MS,
  );

  it('says which folder it could not create, and why', async () => {
    const file = join(work, 'a-file');
    await writeFile(file, 'not a folder');
    await expect(createPgliteDataDir(join(file, 'pglite'))).rejects.toThrow(
      new RegExp(`creating the database in ${file}/pglite failed: .+`),
    );
  });

  describe("the build's template", () => {
    let template: string;
    beforeAll(async () => {
      template = join(work, 'server', `pglite-${pgliteVersion()}`);
      await mkdir(join(work, 'server'));
      // Beside it: another version's template, which goes, and a file that is no template, which stays.
      await mkdir(join(work, 'server', 'pglite-0.0.1'));
      await writeFile(join(work, 'server', 'pglite-0.0.1', 'PG_VERSION'), '17\n');
      await writeFile(join(work, 'server', 'pglite-initdb.js'), '// the built module');
      await makePgliteTemplate(template);
    }, INITDB_MS);

    it("is made once for the installed PGlite, and other versions' templates go", async () => {
      expect(existsSync(join(template, 'PG_VERSION'))).toBe(true);
      expect(existsSync(join(work, 'server', 'pglite-0.0.1'))).toBe(false);
      expect(existsSync(join(work, 'server', 'pglite-initdb.js'))).toBe(true);
      const made = statSync(join(template, 'PG_VERSION')).mtimeMs;
      await makePgliteTemplate(template);
      expect(statSync(join(template, 'PG_VERSION')).mtimeMs).toBe(made);
    });

    it('is copied into an empty data folder, which then opens, migrates and keeps rows', async () => {
      const dataDir = join(work, 'copied');
      await createPgliteDataDir(join(dataDir, 'pglite'), template);
      // The same cluster as the template's, not one created anew.
      expect(systemIdentifier(join(dataDir, 'pglite'))).toBe(systemIdentifier(template));
      const database = await openDatabase({ dataDir });
      try {
        expect((await database.executeSql('show shared_buffers')).rows).toEqual([{ shared_buffers: '16MB' }]);
        await database.executeSql(
          `insert into outbox ("to", subject, text, status) values ($1, $2, $3, $4)`,
          ['a@example.com', 'from the template', 'body', 'logged'],
        );
        expect((await database.executeSql('select subject from outbox')).rows).toEqual([
          { subject: 'from the template' },
        ]);
      } finally {
        await database.close();
      }
      // The template itself is untouched by the copy's start: a second copy opens as the first did.
      const again = join(work, 'copied-again', 'pglite');
      await createPgliteDataDir(again, template);
      expect(systemIdentifier(again)).toBe(systemIdentifier(template));
      expect(existsSync(join(template, 'base'))).toBe(true);
    });

    it('is copied again over a copy cut short (no PG_VERSION yet)', async () => {
      const dataDir = join(work, 'cut-short');
      const dir = join(dataDir, 'pglite');
      await mkdir(join(dir, 'base'), { recursive: true });
      await writeFile(join(dir, 'postgresql.conf'), 'half a file');
      await createPgliteDataDir(dir, template);
      expect(readFileSync(join(dir, 'postgresql.conf'), 'utf8')).toBe(
        readFileSync(join(template, 'postgresql.conf'), 'utf8'),
      );
      const database = await openDatabase({ dataDir });
      try {
        expect((await database.executeSql('select count(*)::int as n from outbox')).rows).toEqual([{ n: 0 }]);
      } finally {
        await database.close();
      }
    });
  });
});
