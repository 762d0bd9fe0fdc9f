import { createHash, randomBytes } from 'node:crypto';

/**
 * The secret of a link that works without a session (an invitation, a client review link): 256 random
 * bits, URL-safe (43 characters). Only its hash is kept (`hashLinkToken`).
 */
export const newLinkToken = () => randomBytes(32).toString('base64url');

/** What is kept of a link's token: its SHA-256, hex. */
export const hashLinkToken = (token: string) => createHash('sha256').update(token).digest('hex');
