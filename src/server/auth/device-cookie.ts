import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** The cookie a browser gets when it signs in successfully (OWASP, "Slow down online guessing attacks with device cookies"). */
export const DEVICE_COOKIE = 'postwell.device';
const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
/** A nonce is 16 random bytes in base64url: 22 characters. Anything else in the cookie is not ours. */
const NONCE_LENGTH = 22;

/** The value of one cookie in a Cookie header, read without a pattern (the header is the client's). */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header || header.length > 16_384) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/**
 * Device cookies: `<nonce>.<HMAC-SHA256(secret, "device:" + email + ":" + nonce)>`. The cookie names the
 * account it signed in to, so a browser is trusted for that account only; the nonce is the device's key in
 * the lock-out table. Nothing else is stored: a forged or copied-to-another-account cookie fails the check.
 */
export function createDeviceCookies(deps: { secret: string; secure: boolean }) {
  const sign = (email: string, nonce: string) =>
    createHmac('sha256', deps.secret).update(`device:${email}:${nonce}`).digest('base64url');
  return {
    /** The device's nonce when `header` carries a valid device cookie for `email`, else null (unknown device). */
    deviceOf(header: string | undefined, email: string): string | null {
      const value = cookieValue(header, DEVICE_COOKIE);
      if (!value) return null;
      const dot = value.indexOf('.');
      const nonce = value.slice(0, dot);
      if (dot !== NONCE_LENGTH) return null;
      const expected = Buffer.from(sign(email.toLowerCase(), nonce));
      const given = Buffer.from(value.slice(dot + 1));
      return expected.length === given.length && timingSafeEqual(expected, given) ? nonce : null;
    },
    /** A Set-Cookie value trusting this browser for `email`, keeping its nonce when it has one. */
    issue(email: string, nonce: string | null): string {
      const id = nonce ?? randomBytes(16).toString('base64url');
      const flags = `Path=/api; Max-Age=${MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax${deps.secure ? '; Secure' : ''}`;
      return `${DEVICE_COOKIE}=${id}.${sign(email.toLowerCase(), id)}; ${flags}`;
    },
  };
}
export type DeviceCookies = ReturnType<typeof createDeviceCookies>;
