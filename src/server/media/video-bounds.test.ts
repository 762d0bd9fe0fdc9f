import { describe, expect, it } from 'vitest';
import { MEDIA_RULES, SOURCE_VIDEO_LIMITS } from '../../shared/platforms/media-rules';
import type { VideoInfo } from './probe';
import { refuseUnsendableVideo } from './video-bounds';

const within = { durationSeconds: 60, width: 1920, height: 1080, frameRate: 30 };
const codeOf = (info: Partial<VideoInfo>) => {
  try {
    refuseUnsendableVideo('v.mp4', { ...within, ...info });
    return null;
  } catch (error) {
    return (error as { code: string }).code;
  }
};

describe('the source video caps', () => {
  it('come from the media table: the longest any network takes', () => {
    expect(SOURCE_VIDEO_LIMITS.maxSeconds).toBe(MEDIA_RULES.linkedin.video.maxSeconds);
    expect(SOURCE_VIDEO_LIMITS.maxSeconds).toBe(30 * 60);
  });

  it('take what some network takes, rounding of containers and NTSC rates included', () => {
    expect(codeOf(within)).toBeNull();
    expect(codeOf({ ...within, durationSeconds: 30 * 60 + 0.04 })).toBeNull();
    expect(codeOf({ ...within, width: 2304, height: 4096 })).toBeNull();
    expect(codeOf({ ...within, frameRate: 60000 / 1001 })).toBeNull();
    expect(codeOf({ ...within, frameRate: 60 })).toBeNull();
    // A file that does not say its rate is judged by the rest.
    expect(codeOf({ ...within, frameRate: null })).toBeNull();
  });

  it('refuse past each, each with its own code', () => {
    expect(codeOf({ ...within, durationSeconds: 30 * 60 + 2 })).toBe('MEDIA_VIDEO_TOO_LONG');
    expect(codeOf({ ...within, width: 4097 })).toBe('MEDIA_VIDEO_FRAME_TOO_LARGE');
    expect(codeOf({ ...within, height: 8192, width: 16 })).toBe('MEDIA_VIDEO_FRAME_TOO_LARGE');
    expect(codeOf({ ...within, frameRate: 120 })).toBe('MEDIA_VIDEO_FRAME_RATE');
  });
});
