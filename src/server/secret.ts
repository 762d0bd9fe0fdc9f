import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * A secret kept in the data folder: read when present, else generated once (mode 0600). Two processes
 * starting together both end up with the file that won the exclusive create.
 */
async function fileSecret(dataDir: string, name: string, generate: () => string): Promise<string> {
  const file = join(dataDir, name);
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(dataDir, { recursive: true });
  await writeFile(file, generate(), { mode: 0o600, flag: 'wx' }).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'EEXIST') throw error;
  });
  return (await readFile(file, 'utf8')).trim();
}

/**
 * The signing secret: AUTH_SECRET when given, else one generated on first start into the data folder.
 * Several machines sharing a PostgreSQL database must share AUTH_SECRET instead.
 */
export async function loadSecret(configured: string | undefined, dataDir: string): Promise<string> {
  return configured ?? fileSecret(dataDir, 'auth-secret', () => randomBytes(32).toString('base64url'));
}

/**
 * The 32-byte key that encrypts network tokens at rest: ENCRYPTION_KEY (64 hex digits or base64) when
 * given, else generated once into the data folder. Losing it means every account must reconnect.
 */
export async function loadEncryptionKey(configured: string | undefined, dataDir: string): Promise<Buffer> {
  const text =
    configured ?? (await fileSecret(dataDir, 'encryption-key', () => randomBytes(32).toString('hex')));
  const key = /^[0-9a-f]{64}$/i.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
  if (key.length !== 32) throw new Error('the encryption key must be 32 bytes (64 hex digits or base64)');
  return key;
}
