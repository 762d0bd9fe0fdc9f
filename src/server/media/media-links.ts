import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long a network may take to fetch a file after we hand it the link. */
const LINK_TTL_MS = 60 * 60_000;

/**
 * Signed, expiring links to one media file, for networks that pull media from a URL (Instagram, TikTok).
 * The link names the file and its end; the signature (HMAC-SHA256 with the server secret) makes both
 * unforgeable, so the route can serve it without a session.
 */
export function createMediaLinks(deps: { secret: string; publicUrl: string; clock: () => Date }) {
  const sign = (id: string, expires: number) =>
    createHmac('sha256', deps.secret).update(`media:${id}:${expires}`).digest('base64url');
  return {
    linkFor(id: string): string {
      const expires = Math.floor((deps.clock().getTime() + LINK_TTL_MS) / 1000);
      return `${deps.publicUrl}/api/media/public/${id}?expires=${expires}&sig=${sign(id, expires)}`;
    },
    /** True when the signature is ours and the link has not expired. */
    verify(id: string, expires: number, sig: string): boolean {
      if (!Number.isInteger(expires) || expires * 1000 < deps.clock().getTime()) return false;
      const expected = Buffer.from(sign(id, expires));
      const given = Buffer.from(sig);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}
export type MediaLinks = ReturnType<typeof createMediaLinks>;
