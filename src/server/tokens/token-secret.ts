import { createHash, randomBytes } from 'node:crypto';

export const TOKEN_PREFIX = 'pw_';
/** 32 random bytes as base64url, without padding. */
const SECRET_CHARS = 43;
const TOKEN_LENGTH = TOKEN_PREFIX.length + SECRET_CHARS;
/** Shown in lists: the prefix and the first six characters of the secret (36 bits: tells tokens apart). */
const DISPLAY_CHARS = TOKEN_PREFIX.length + 6;
// Fixed length checked first; one character class with a fixed count cannot backtrack.
const SHAPE = /^pw_[A-Za-z0-9_-]{43}$/;

/** A new token: the value handed to the user once, what is stored of it, and what lists show. */
export function newToken() {
  const token = TOKEN_PREFIX + randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token), displayPrefix: token.slice(0, DISPLAY_CHARS) };
}

/**
 * SHA-256, not a password hash: the secret is 256 random bits, so there is nothing to guess and a slow
 * hash would only slow every API call; the hash keeps a leaked database from handing out usable tokens.
 */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** Whether `value` is shaped like one of our tokens (so a malformed one is refused without a query). */
export function looksLikeToken(value: string): boolean {
  return value.length === TOKEN_LENGTH && SHAPE.test(value);
}
