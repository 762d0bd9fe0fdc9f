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
}

/** Reads a video's duration and size; null when the file is not a video ffprobe can read. */
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
      streams?: { codec_type?: string; width?: number; height?: number }[];
    };
    const video = info.streams?.find((s) => s.codec_type === 'video');
    const durationSeconds = Number(info.format?.duration);
    if (!video?.width || !video.height || !Number.isFinite(durationSeconds)) return null;
    return { durationSeconds, width: video.width, height: video.height };
  } catch {
    return null;
  }
}
