import { SOURCE_VIDEO_LIMITS } from '../../shared/platforms/media-rules';
import { AppError } from '../http/errors';
import type { VideoInfo } from './probe';

const { maxSeconds, maxSide, maxFps } = SOURCE_VIDEO_LIMITS;
/** Containers round: a 30-minute export often probes a few hundredths longer, and 59.94 fps is 60. */
const SECONDS_SLACK = 1;
const FPS_SLACK = 0.5;

/**
 * Refuses, at upload, a source video that no network takes (decision 033): longer than the longest
 * any network takes, a side above 4096 px, or above 60 frames per second. Such a file would never be
 * sent as it is, and rendering it (decoding every frame) is where a render's time went. A 400 naming
 * the file and the limit; the caller removes what it stored.
 */
export function refuseUnsendableVideo(file: string, info: VideoInfo) {
  if (info.durationSeconds > maxSeconds + SECONDS_SLACK)
    throw new AppError(
      400,
      'MEDIA_VIDEO_TOO_LONG',
      `${file} is longer than ${maxSeconds / 60} minutes, the most any network takes.`,
      { params: { file, maxMinutes: maxSeconds / 60 } },
    );
  if (Math.max(info.width, info.height) > maxSide)
    throw new AppError(
      400,
      'MEDIA_VIDEO_FRAME_TOO_LARGE',
      `${file} is larger than ${maxSide} pixels on a side, the most any network takes.`,
      { params: { file, maxSide } },
    );
  if (info.frameRate !== null && info.frameRate > maxFps + FPS_SLACK)
    throw new AppError(
      400,
      'MEDIA_VIDEO_FRAME_RATE',
      `${file} has more than ${maxFps} frames per second, the most any network takes.`,
      { params: { file, maxFps } },
    );
}
