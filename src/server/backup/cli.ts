import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadEnv } from '../env';
import { AppError } from '../http/errors';
import { BackupError, createBackup } from './backup';
import { requestLiveBackup } from './live';
import { restoreBackup } from './restore';

/**
 * `npm run backup [-- --out FILE] [--without-media]` and `npm run restore FILE`, with the app's own
 * configuration (DATA_DIR, DATABASE_URL, S3_*). Refusals are one readable message and exit code 1.
 */
async function main() {
  const [command, ...rest] = process.argv.slice(2);
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: { out: { type: 'string' }, 'without-media': { type: 'boolean', default: false } },
  });
  const env = loadEnv();
  // npm runs scripts in the project's folder; a file named on the command line is where the person was.
  const here = (path: string) => resolve(process.env.INIT_CWD ?? process.cwd(), path);
  if (command === 'backup') {
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const file = here(values.out ?? `postwell-backup-${stamp}.tar.gz`);
    const includeMedia = !values['without-media'];
    // A running app on PGlite takes it itself; otherwise (stopped, or PostgreSQL) it is taken here.
    const manifest =
      (env.DATABASE_URL ? null : await requestLiveBackup(env, file, { includeMedia })) ??
      (await createBackup(env, file, { includeMedia }));
    const { users, posts, media } = manifest.counts;
    console.log(
      `Backup written to ${file}: ${manifest.database} database (${users} users, ${posts} posts, ${media} media), ` +
        (manifest.media.included
          ? `${manifest.media.files} files (${manifest.media.bytes} bytes) from the ${manifest.media.store === 's3' ? 'bucket' : 'data folder'}.`
          : 'media left out (--without-media).'),
    );
  } else if (command === 'restore') {
    if (positionals.length !== 1) throw new BackupError('Usage: npm run restore <backup file>');
    const manifest = await restoreBackup(env, here(positionals[0]!));
    console.log(
      `Restored the backup of ${manifest.createdAt} into ${resolve(env.DATA_DIR)}: ${manifest.counts.users} users, ` +
        `${manifest.counts.posts} posts, ${manifest.media.files} files. Start the app as usual.`,
    );
  } else throw new BackupError('Usage: backup [--out FILE] [--without-media] | restore FILE');
}

main().catch((error: unknown) => {
  console.error(error instanceof BackupError || error instanceof AppError ? error.message : error);
  process.exit(1);
});
