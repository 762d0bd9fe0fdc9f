import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The ffprobe shipped in @ffprobe-installer's npm package (the same on every machine), else the system's. */
function ffprobePath(): string {
  try {
    const shipped = (createRequire(import.meta.url)('@ffprobe-installer/ffprobe') as { path: string }).path;
    if (existsSync(shipped)) return shipped;
  } catch {
    // No binary for this platform in the package: use the system's.
  }
  return 'ffprobe';
}
let binary: string | undefined;

export interface VideoInfo {
  durationSeconds: number;
  width: number;
  height: number;
  /** Frames per second (the stream's average); null when the file does not say. */
  frameRate: number | null;
}

/** `30000/1001` as a number; null for ffprobe's `0/0` (unknown) or anything unreadable. */
function rate(fraction: string | undefined): number | null {
  const [num, den] = (fraction ?? '').split('/').map(Number);
  return num && den && num > 0 && den > 0 ? num / den : null;
}

/** Reads a video's duration, size and frame rate; null when the file is not a video ffprobe can read. */
export async function probeVideo(path: string): Promise<VideoInfo | null> {
  binary ??= ffprobePath();
  try {
    const { stdout } = await run(
      binary,
      ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', path],
      { timeout: 30_000 },
    );
    const info = JSON.parse(stdout) as {
      format?: { duration?: string };
      streams?: {
        codec_type?: string;
        width?: number;
        height?: number;
        avg_frame_rate?: string;
        r_frame_rate?: string;
      }[];
    };
    const video = info.streams?.find((s) => s.codec_type === 'video');
    const durationSeconds = Number(info.format?.duration);
    if (!video?.width || !video.height || !Number.isFinite(durationSeconds)) return null;
    return {
      durationSeconds,
      width: video.width,
      height: video.height,
      frameRate: rate(video.avg_frame_rate) ?? rate(video.r_frame_rate),
    };
  } catch {
    return null;
  }
}
