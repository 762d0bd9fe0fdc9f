import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadEncryptionKey } from '../secret';
import { createSealer } from './crypto';

describe('sealed secrets', () => {
  const sealer = createSealer(randomBytes(32));

  it('round-trips text and never stores it in clear', () => {
    const sealed = sealer.seal('token-abc-ü');
    expect(sealed).not.toContain('token');
    expect(sealer.open(sealed)).toBe('token-abc-ü');
    expect(sealer.seal('same')).not.toBe(sealer.seal('same'));
  });

  it('refuses a tampered value and a value sealed with another key', () => {
    const sealed = sealer.seal('secret');
    const parts = sealed.split('.');
    const data = Buffer.from(parts[3]!, 'base64url');
    data[0]! ^= 1;
    parts[3] = data.toString('base64url');
    expect(() => sealer.open(parts.join('.'))).toThrow();
    expect(() => createSealer(randomBytes(32)).open(sealed)).toThrow();
  });

  it('generates the key once into the data folder with 0600 rights, or takes it from env', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'postwell-key-'));
    try {
      const first = await loadEncryptionKey(undefined, dir);
      expect(first).toHaveLength(32);
      expect(statSync(join(dir, 'encryption-key')).mode & 0o777).toBe(0o600);
      expect(await loadEncryptionKey(undefined, dir)).toEqual(first);
      const configured = randomBytes(32);
      expect(await loadEncryptionKey(configured.toString('base64'), dir)).toEqual(configured);
      expect(await loadEncryptionKey(configured.toString('hex'), dir)).toEqual(configured);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
