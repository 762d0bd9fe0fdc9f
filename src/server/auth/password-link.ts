import { randomBytes } from 'node:crypto';
import type { Auth } from './auth';

/**
 * A link that lets a new account choose its password, valid for `ttlDays`, and when it stops working.
 * It is a better-auth reset token (same store, same /api/auth/reset-password that consumes it, which
 * judges it by the real time), minted with a longer life than the one-hour reset mail, and it lands
 * directly on the web app's /reset-password page.
 */
export async function createPasswordSetupLink(
  auth: Auth,
  publicUrl: string,
  userId: string,
  ttlDays: number,
) {
  const { internalAdapter } = await auth.$context;
  const token = randomBytes(24).toString('base64url');
  const expiresAt = new Date(Date.now() + ttlDays * 24 * 60 * 60 * 1000);
  await internalAdapter.createVerificationValue({
    identifier: `reset-password:${token}`,
    value: userId,
    expiresAt,
  });
  return { url: `${publicUrl}/reset-password?token=${token}`, expiresAt };
}
