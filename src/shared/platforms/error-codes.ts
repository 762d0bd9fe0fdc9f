/**
 * Every code a network adapter or the publisher gives a failure (`PlatformError`'s `code`, a target's
 * `lastErrorCode`). The server may raise no other; the web words each one in the reader's language
 * (`networkErrors.<code>` in every locale, checked by a test), so a person never reads a raw code or
 * the network's English alone.
 */
export const PLATFORM_ERROR_CODES = [
  // Before the network is called (publisher).
  'not_connected',
  'needs_reconnect',
  // Something broke in Postwell itself, not at the network.
  'internal',
  // A refusal the adapter has no code of its own for; the network's own words are kept beside it.
  'refused',
  // The network's answer, whatever the network (platforms/http.ts and each adapter's classifier).
  'unexpected_answer',
  'timeout',
  'unreachable',
  'rate_limited',
  'server_error',
  // Access to the account.
  'token_invalid',
  'refresh_refused',
  'no_refresh',
  'bad_credentials',
  'main_password',
  'handle_not_found',
  // Where a post goes.
  'no_page',
  'page_gone',
  'privacy_level_option_mismatch',
  // The post's media.
  'media_too_large',
  'media_mix',
  'media_required',
  'too_many_images',
  'too_many_videos',
  'too_many_media',
  'video_type',
  'video_too_long',
  'video_too_short',
  'image_aspect',
  'image_type',
  'media_changed',
  // The edited video (trim, frame, captions) could not be made (media/render).
  'video_render_failed',
  // The network working on the post's media after it received it (X and LinkedIn media, an Instagram
  // container, a TikTok publish): not done yet (transient, checked again), or given up on (permanent).
  'media_processing',
  'media_processing_failed',
  'not_listed_yet',
  // Reading a published post's figures (analytics): the network no longer has the post.
  'post_gone',
  // Reading figures needs a permission the account's token predates (TikTok's video.list).
  'scope_not_authorized',
  // Looking for an earlier attempt's post before posting again.
  'resume_lookup_incomplete',
] as const;

export type PlatformErrorCode = (typeof PLATFORM_ERROR_CODES)[number];

const KNOWN = new Set<string>(PLATFORM_ERROR_CODES);
const isPlatformErrorCode = (code: string): code is PlatformErrorCode => KNOWN.has(code);

/**
 * Codes adapters no longer raise, which targets and attempts recorded before may still hold (decision
 * 018): each is worded as the code that replaced it.
 */
const RETIRED = new Map<string, PlatformErrorCode>([
  ['still_processing', 'media_processing'],
  ['media_failed', 'media_processing_failed'],
  ['publish_failed', 'media_processing_failed'],
]);

/** The code to word a recorded code by: itself, the one that replaced it, or undefined when unknown. */
export function wordedErrorCode(code: string | null | undefined): PlatformErrorCode | undefined {
  if (!code) return undefined;
  return isPlatformErrorCode(code) ? code : RETIRED.get(code);
}
