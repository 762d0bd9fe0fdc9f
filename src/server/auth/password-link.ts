import { randomBytes } from 'node:crypto';
import type { Auth } from './auth';

/**
 * A link that lets a new account choose its password, valid for `ttlDays`. It is a better-auth reset
 * token (same store, same /api/auth/reset-password that consumes it), minted with a longer life than
 * the one-hour reset mail, and it lands directly on the web app's /reset-password page.
 */
export async function createPasswordSetupLink(
  auth: Auth,
  publicUrl: string,
  userId: string,
  ttlDays: number,
) {
  const { internalAdapter } = await auth.$context;
  const token = randomBytes(24).toString('base64url');
  await internalAdapter.createVerificationValue({
    identifier: `reset-password:${token}`,
    value: userId,
    expiresAt: new Date(Date.now() + ttlDays * 24 * 60 * 60 * 1000),
  });
  return `${publicUrl}/reset-password?token=${token}`;
}
