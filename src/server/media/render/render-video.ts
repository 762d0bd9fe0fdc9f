import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { VideoLayout } from '../../../shared/video/layout';
import { CAPTION_FONT_PATH } from './ffmpeg';
import { renderArgs } from './render-command';

/** How long ffmpeg has to end after SIGTERM before it is killed outright. */
const KILL_GRACE_MS = 2_000;

/** ffmpeg failed (`ffmpeg_failed`), or ran past its time bound and was killed (`timeout`). */
export class RenderError extends Error {
  constructor(
    message: string,
    readonly reason: 'ffmpeg_failed' | 'timeout' = 'ffmpeg_failed',
  ) {
    super(message);
  }
}

/** The render was stopped through its signal (nothing needs it any more): neither made nor failed. */
export class RenderStopped extends Error {}

/**
 * Renders `layout` of the video at `input` into an MP4 at `output`. Each caption line is written to a
 * file of its own in a fresh folder under `workRoot` (removed afterwards), so that no caption text is
 * ever part of the filtergraph. ffmpeg is stopped when `signal` aborts (RenderStopped) and killed past
 * `timeoutMs` (RenderError `timeout`); either way it is gone when this settles.
 */
export async function renderVideo(options: {
  ffmpeg: string;
  input: string;
  output: string;
  layout: VideoLayout;
  workRoot: string;
  timeoutMs: number;
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
    await runFfmpeg(options.ffmpeg, args, options.timeoutMs, options.signal);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** SIGTERM lets ffmpeg close its files; one that does not end within the grace gets SIGKILL. */
function stop(child: ChildProcess) {
  child.kill('SIGTERM');
  const killer = setTimeout(() => child.kill('SIGKILL'), KILL_GRACE_MS);
  child.once('close', () => clearTimeout(killer));
}

function runFfmpeg(ffmpeg: string, args: string[], timeoutMs: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new RenderStopped('the render was stopped before it began'));
    const child = spawn(ffmpeg, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    let ended: 'timeout' | 'stopped' | undefined;
    child.stderr.on('data', (chunk: Buffer) => {
      // Only the end says why it failed; keep it bounded.
      stderr = (stderr + chunk.toString('utf8')).slice(-2000);
    });
    const end = (why: 'timeout' | 'stopped') => {
      if (ended) return;
      ended = why;
      stop(child);
    };
    const timer = setTimeout(() => end('timeout'), timeoutMs);
    const onAbort = () => end('stopped');
    signal?.addEventListener('abort', onAbort, { once: true });
    const settle = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    };
    child.on('error', (error) => {
      settle();
      reject(new RenderError(`ffmpeg could not run: ${error.message}`));
    });
    // `close`: the process has exited and its output streams are shut, so nothing of it runs on.
    child.on('close', (code, killedBy) => {
      settle();
      if (ended === 'stopped') reject(new RenderStopped('the render was stopped: nothing needs it'));
      else if (ended === 'timeout')
        reject(new RenderError(`ffmpeg ran longer than ${Math.round(timeoutMs / 1000)} s`, 'timeout'));
      else if (code === 0) resolve();
      else reject(new RenderError(`ffmpeg ended with ${code ?? killedBy}: ${stderr.trim()}`));
    });
  });
}
