import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';

const run = promisify(execFile);
const require = createRequire(import.meta.url);

/** The caption font (decision 016): the same file the web preview loads, so line widths agree. */
export const CAPTION_FONT_PATH = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

/**
 * The ffmpeg that renders: `FFMPEG_PATH` when set, else the binary shipped in @ffmpeg-installer/ffmpeg
 * for this platform. Null when neither runs: the app still starts, and video editing says it needs ffmpeg.
 */
export async function findFfmpeg(configured: string | undefined): Promise<string | null> {
  const candidates: string[] = [];
  if (configured) candidates.push(configured);
  else {
    try {
      const shipped = (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
      if (existsSync(shipped)) candidates.push(shipped);
    } catch {
      // No binary for this platform in the package.
    }
  }
  for (const path of candidates) {
    try {
      const { stdout } = await run(path, ['-hide_banner', '-filters'], { timeout: 15_000 });
      // Captions need drawtext (ffmpeg built with libfreetype); without it no render could succeed.
      if (/\bdrawtext\b/.test(stdout)) return path;
    } catch {
      // Not runnable: try the next.
    }
  }
  return null;
}
