import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { VideoLayout } from '../../../shared/video/layout';
import { CAPTION_FONT_PATH } from './ffmpeg';
import { renderArgs } from './render-command';

/** The longest a render may run before it is stopped and counted as failed. */
const RENDER_TIMEOUT_MS = 60 * 60_000;

export class RenderError extends Error {}

/**
 * Renders `layout` of the video at `input` into an MP4 at `output`. Each caption line is written to a
 * file of its own in a fresh folder under `workRoot` (removed afterwards), so that no caption text is
 * ever part of the filtergraph.
 */
export async function renderVideo(options: {
  ffmpeg: string;
  input: string;
  output: string;
  layout: VideoLayout;
  workRoot: string;
  signal?: AbortSignal;
}): Promise<void> {
  const work = await mkdtemp(join(options.workRoot, 'render-'));
  try {
    const textFiles: string[][] = [];
    for (const [c, caption] of options.layout.captions.entries()) {
      textFiles.push([]);
      for (const [l, line] of caption.lines.entries()) {
        const path = join(work, `caption-${c}-${l}.txt`);
        await writeFile(path, line, 'utf8');
        textFiles[c]!.push(path);
      }
    }
    const args = renderArgs(options.layout, {
      input: options.input,
      output: options.output,
      font: CAPTION_FONT_PATH,
      textFiles,
    });
    await runFfmpeg(options.ffmpeg, args, options.signal);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

function runFfmpeg(ffmpeg: string, args: string[], signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpeg, args, { stdio: ['ignore', 'ignore', 'pipe'], signal });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      // Only the end says why it failed; keep it bounded.
      stderr = (stderr + chunk.toString('utf8')).slice(-2000);
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), RENDER_TIMEOUT_MS);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new RenderError(`ffmpeg could not run: ${error.message}`));
    });
    child.on('close', (code, killed) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new RenderError(`ffmpeg ended with ${code ?? killed}: ${stderr.trim()}`));
    });
  });
}
