import type { Platform } from './rules';

/**
 * What each network takes as a post's media: the one table the composer (live problems), the server
 * (scheduling refuses a post while any problem remains) and the adapters (what they send, and their last
 * check before publishing) all read, so that what can be scheduled can be published.
 *
 * Sources, figure by figure in the comments below. Where the spec (section 9) names image counts and
 * types it wins for what a post may carry, except LinkedIn's count: the spec's 9 is its old web app's
 * grid, while the Posts API's multiImage takes 2 to 20, which is what the adapter sends (issue 13).
 */

export type ImageType = 'jpg' | 'png' | 'gif' | 'webp';

const MB = 1024 * 1024;
const MINUTE = 60;

export interface ImageRules {
  /** Images in one post. */
  max: number;
  /** The types a post may carry for this network (spec section 9, else the network's documentation). */
  types: readonly ImageType[];
  /** MIME types the network's API receives unchanged; the adapter re-encodes any other one to JPEG. */
  sentAs: readonly string[];
  /** The API's largest image. A larger one is scaled down and re-encoded by the adapter, never refused. */
  maxBytes: number;
  /** Animated GIFs go up another way with a larger limit (X's chunked `tweet_gif`). */
  gifMaxBytes?: number;
  /** The longest side the network keeps; the adapter scales larger images down. */
  maxDimension?: number;
  /** Width ÷ height the network accepts, both ends included; outside it the network refuses the image. */
  aspectRatio?: { min: Ratio; max: Ratio };
}

/** A ratio as people write it (4:5, 1.91:1). */
export interface Ratio {
  width: number;
  height: number;
}

export interface VideoLimits {
  maxBytes: number;
  minSeconds: number;
  maxSeconds: number;
}

export interface VideoRules extends VideoLimits {
  /** Videos in one post. */
  max: number;
  /** MIME types (as the upload's bytes say, file-type's names) the network accepts. */
  types: readonly string[];
  /** Tighter limits for a video in a post with several files (Instagram's carousel items). */
  inCarousel?: VideoLimits;
}

export interface MediaRules {
  /** Images and videos may go in the same post. */
  mix: boolean;
  /** Files of any kind in one post. */
  maxItems: number;
  /** The network refuses a post without an image or a video. */
  needsMedia: boolean;
  image: ImageRules;
  video: VideoRules;
}

const ALL_IMAGE_TYPES: readonly ImageType[] = ['jpg', 'png', 'gif', 'webp'];

export const MEDIA_RULES: Readonly<Record<Platform, MediaRules>> = {
  // X API v2 media upload and "Media best practices": 4 images or 1 video or 1 GIF, never mixed;
  // images ≤ 5 MB (GIFs ≤ 15 MB through the chunked upload); video MP4 or MOV, ≤ 512 MB, 0.5–140 s.
  twitter: {
    mix: false,
    maxItems: 4,
    needsMedia: false,
    image: {
      max: 4,
      types: ALL_IMAGE_TYPES,
      sentAs: ['image/jpeg', 'image/png', 'image/gif', 'image/webp'],
      maxBytes: 5 * MB,
      gifMaxBytes: 15 * MB,
    },
    video: {
      max: 1,
      types: ['video/mp4', 'video/quicktime'],
      maxBytes: 512 * MB,
      minSeconds: 0.5,
      maxSeconds: 140,
    },
  },
  // Bluesky lexicons: app.bsky.embed.images holds up to 4 images, app.bsky.embed.video one video, and a
  // post one embed. Images are kept at ≤ 1,000,000 bytes because PDSes on older lexicons refuse more.
  // Video: the embed's blob is video/mp4 of ≤ 100,000,000 bytes; Bluesky plays up to 3 minutes.
  bluesky: {
    mix: false,
    maxItems: 4,
    needsMedia: false,
    image: {
      max: 4,
      types: ALL_IMAGE_TYPES,
      sentAs: ['image/jpeg', 'image/png', 'image/webp', 'image/gif'],
      maxBytes: 1_000_000,
    },
    video: { max: 1, types: ['video/mp4'], maxBytes: 100_000_000, minSeconds: 0, maxSeconds: 3 * MINUTE },
  },
  // Facebook Pages (Graph API): 10 images (DESIGN section 7), sent to /photos as JPEG, PNG or GIF of
  // ≤ 4 MB; or one video through the non-resumable /videos upload (≤ 1 GB, ≤ 20 minutes) in any of the
  // formats Facebook lists (MP4, MOV, M4V, 3GP, AVI, WMV/ASF, FLV, MKV, MPEG, MPEG-TS, OGV).
  facebook: {
    mix: false,
    maxItems: 10,
    needsMedia: false,
    image: {
      max: 10,
      types: ALL_IMAGE_TYPES,
      sentAs: ['image/jpeg', 'image/png', 'image/gif'],
      maxBytes: 4 * MB,
    },
    video: {
      max: 1,
      types: [
        'video/mp4',
        'video/quicktime',
        'video/x-m4v',
        'video/3gpp',
        'video/3gpp2',
        'video/vnd.avi',
        'video/x-ms-asf',
        'video/x-flv',
        'video/matroska',
        'video/mpeg',
        'video/MP1S',
        'video/MP2P',
        'video/mp2t',
        'video/ogg',
      ],
      maxBytes: 1024 * MB,
      minSeconds: 1,
      maxSeconds: 20 * MINUTE,
    },
  },
  // Instagram Content Publishing API: a carousel holds up to 10 images and videos, mixed; a post needs
  // one. Images are fetched as JPEG of ≤ 8 MB with a ratio from 4:5 to 1.91:1. A video alone is a Reel
  // (MP4 or MOV, ≤ 300 MB, 3 s – 15 min); a carousel video is ≤ 100 MB and 3–60 s.
  instagram: {
    mix: true,
    maxItems: 10,
    needsMedia: true,
    image: {
      max: 10,
      types: ['jpg', 'png'],
      sentAs: ['image/jpeg'],
      maxBytes: 8 * MB,
      aspectRatio: { min: { width: 4, height: 5 }, max: { width: 1.91, height: 1 } },
    },
    video: {
      max: 10,
      types: ['video/mp4', 'video/quicktime'],
      maxBytes: 300 * MB,
      minSeconds: 3,
      maxSeconds: 15 * MINUTE,
      inCarousel: { maxBytes: 100 * MB, minSeconds: 3, maxSeconds: MINUTE },
    },
  },
  // LinkedIn Posts API: `multiImage` takes 2–20 images, `media` one image or one video, never both.
  // Images API: JPG, PNG, GIF up to 36 megapixels (sent at ≤ 10 MB, ≤ 6000 px). Videos API: MP4,
  // ≤ 500 MB, 3 s – 30 min.
  linkedin: {
    mix: false,
    maxItems: 20,
    needsMedia: false,
    image: {
      max: 20,
      types: ['jpg', 'png', 'gif'],
      sentAs: ['image/jpeg', 'image/png', 'image/gif'],
      maxBytes: 10 * MB,
      maxDimension: 6000,
    },
    video: { max: 1, types: ['video/mp4'], maxBytes: 500 * MB, minSeconds: 3, maxSeconds: 30 * MINUTE },
  },
  // TikTok Content Posting API: a post is one video or a photo post of up to 35 images, never both, and
  // needs one of them. Photos are pulled as JPEG or WebP of ≤ 20 MB. Video: MP4, MOV or WebM, ≤ 4 GB,
  // 3 s – 10 min (creator_info may lower the maximum per account; the adapter checks that at publish).
  tiktok: {
    mix: false,
    maxItems: 35,
    needsMedia: true,
    image: {
      max: 35,
      types: ['jpg', 'webp'],
      sentAs: ['image/jpeg', 'image/webp'],
      maxBytes: 20 * MB,
    },
    video: {
      max: 1,
      types: ['video/mp4', 'video/quicktime', 'video/webm'],
      maxBytes: 4096 * MB,
      minSeconds: 3,
      maxSeconds: 10 * MINUTE,
    },
  },
};

/**
 * The largest source video an upload may be (decision 033): beyond any of these, no network takes it
 * and a render of it would only cost time. The duration is the longest any network above takes
 * (LinkedIn's 30 minutes; a trim can shorten it for the others). Frame size and rate are not in the
 * table above, as the adapters never refuse on them; the caps are the largest any network states:
 * 4096 px a side (TikTok's and LinkedIn's maximum; 4K in either orientation) and 60 fps (X, LinkedIn,
 * TikTok and Instagram take up to 60).
 */
export const SOURCE_VIDEO_LIMITS = {
  maxSeconds: Math.max(...Object.values(MEDIA_RULES).map((rules) => rules.video.maxSeconds)),
  maxSide: 4096,
  maxFps: 60,
} as const;

/** The short type name of an image MIME type, as the spec names them (jpg, png, gif, webp). */
export const imageTypeOf = (mime: string): string =>
  mime === 'image/jpeg' ? 'jpg' : mime.replace(/^image\//, '');

const VIDEO_FORMAT_NAMES: Record<string, string> = {
  'video/mp4': 'MP4',
  'video/quicktime': 'MOV',
  'video/webm': 'WebM',
  'video/x-m4v': 'M4V',
  'video/3gpp': '3GP',
  'video/3gpp2': '3G2',
  'video/vnd.avi': 'AVI',
  'video/x-ms-asf': 'WMV',
  'video/x-flv': 'FLV',
  'video/matroska': 'MKV',
  'video/mpeg': 'MPEG',
  'video/MP1S': 'MPEG',
  'video/MP2P': 'MPEG',
  'video/mp2t': 'MPEG-TS',
  'video/ogg': 'OGV',
};

/** What people call a video format (MP4, MOV …), for messages. */
export const videoFormatName = (mime: string): string =>
  VIDEO_FORMAT_NAMES[mime] ?? mime.replace(/^video\//, '').toUpperCase();

/** A ratio as a number, width ÷ height. */
export const ratioValue = (ratio: Ratio) => ratio.width / ratio.height;
