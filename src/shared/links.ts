import type { Platform } from './platforms/rules';

/**
 * Short links and UTM parameters (issue 27), as the server writes them into a post when it goes out and
 * as the composer counts and previews them.
 */

/** A short link's code: this many letters and digits, random (about 59 bits). */
export const SHORT_CODE_LENGTH = 10;
export const SHORT_CODE_PATTERN = /^[A-Za-z0-9]{10}$/;
/** Where a short link lives under its base address. */
export const SHORT_PATH = '/l/';

/** What a network is called in `utm_source`. */
export const UTM_SOURCES: Record<Platform, string> = {
  twitter: 'x',
  bluesky: 'bluesky',
  facebook: 'facebook',
  instagram: 'instagram',
  linkedin: 'linkedin',
  tiktok: 'tiktok',
};

export interface LinkPreset {
  shorten: boolean;
  utm: boolean;
  utmMedium: string;
  utmCampaign: string;
}

/**
 * The web addresses in a text, where they start and end: `http(s)://` up to a space or an angle bracket or
 * quote, less the punctuation that ends a sentence. One pass, no backtracking.
 */
export function findLinks(text: string): { start: number; end: number; url: string }[] {
  const found: { start: number; end: number; url: string }[] = [];
  for (const match of text.matchAll(/https?:\/\/[^\s<>"'\u00a0]+/gi)) {
    let url = match[0];
    // A sentence's full stop, or a closing bracket the address did not open, is not the address's.
    const count = (c: string) => url.split(c).length - 1;
    const open: Record<string, number> = { ')': count('('), ']': count('['), '}': count('{') };
    const close: Record<string, number> = { ')': count(')'), ']': count(']'), '}': count('}') };
    while (url.length && '.,;:!?)]}*'.includes(url.at(-1)!)) {
      const last = url.at(-1)!;
      if (last in open) {
        if (close[last]! <= open[last]!) break;
        close[last]!--;
      }
      url = url.slice(0, -1);
    }
    if (url.length > 'https://'.length)
      found.push({ start: match.index, end: match.index + url.length, url });
  }
  return found;
}

/** The address with the preset's UTM parameters for `platform` (those it had already are kept). */
export function withUtm(
  url: string,
  platform: Platform,
  preset: Pick<LinkPreset, 'utmMedium' | 'utmCampaign'>,
) {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  const set = (name: string, value: string) => {
    if (value && !parsed.searchParams.has(name)) parsed.searchParams.set(name, value);
  };
  set('utm_source', UTM_SOURCES[platform]);
  set('utm_medium', preset.utmMedium);
  set('utm_campaign', preset.utmCampaign);
  return parsed.toString();
}

/**
 * The text with each address replaced by `replace(url)`, kept in order; an address that `replace` leaves
 * as it is stays.
 */
export function replaceLinks(text: string, replace: (url: string) => string) {
  let out = '';
  let at = 0;
  for (const { start, end, url } of findLinks(text)) {
    out += text.slice(at, start) + replace(url);
    at = end;
  }
  return out + text.slice(at);
}

/**
 * The text as the composer counts and previews it for `platform`: with UTM parameters added, and with
 * short links of the real length in place of each address (their codes are drawn when the post goes out,
 * so the preview shows dots where the code will be).
 */
export function linksAsPublished(
  text: string,
  platform: Platform,
  /** The preset, and what its short links start with (`…/l/`). */
  preset: (LinkPreset & { base: string }) | null | undefined,
) {
  if (!preset || (!preset.shorten && !preset.utm)) return text;
  return replaceLinks(text, (url) =>
    preset.shorten ? `${preset.base}${'•'.repeat(SHORT_CODE_LENGTH)}` : withUtm(url, platform, preset),
  );
}

/**
 * Whether a request for a short link comes from a link crawler (the networks' previews) or another bot,
 * by its user agent: counted apart from people's clicks. A plain word search, linear in the agent's length.
 */
const BOT_WORDS = [
  'bot',
  'crawler',
  'spider',
  'facebookexternalhit',
  'facebookcatalog',
  'meta-externalagent',
  'embedly',
  'cardyb',
  'bluesky',
  'preview',
  'slurp',
  'whatsapp',
  'skypeuri',
  'vkshare',
  'w3c_validator',
  'curl/',
  'wget/',
  'python-requests',
  'go-http-client',
  'okhttp',
  'headless',
  'lighthouse',
  'http.rb',
  'node-fetch',
  'undici',
];
export function isBot(userAgent: string | undefined) {
  if (!userAgent) return true;
  const agent = userAgent.slice(0, 512).toLowerCase();
  return BOT_WORDS.some((word) => agent.includes(word));
}
