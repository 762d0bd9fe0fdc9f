import { chmod, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** One run of the fake: its process id, the file it was asked to write, and when it began. */
export interface FakeFfmpegRun {
  pid: number;
  output: string;
  at: number;
}

export interface FakeFfmpegBehaviour {
  /** How long a render takes before the fake writes its output. */
  sleepMs: number;
  /** Ignore SIGTERM, as an ffmpeg stuck in a filter would: only SIGKILL ends it. */
  ignoreTerm?: boolean;
}

/**
 * An executable that stands in for ffmpeg (`FFMPEG_PATH`): it says it has `drawtext`, logs each render it
 * is asked for, sleeps as long as the test says, then copies `clip` (a real video, so that the render can
 * be probed) to its output. What it does is read from a file at each run, so a test changes it at will.
 */
export async function createFakeFfmpeg(dir: string, clip: string) {
  const path = join(dir, 'fake-ffmpeg.cjs');
  const control = join(dir, 'fake-ffmpeg.json');
  const log = join(dir, 'fake-ffmpeg.log');
  const script = `#!/usr/bin/env node
const fs = require('node:fs');
const args = process.argv.slice(2);
if (args.includes('-filters')) {
  process.stdout.write(' T.C drawtext           V->V       Draw text on top of video frames\\n');
  process.exit(0);
}
const behaviour = JSON.parse(fs.readFileSync(${JSON.stringify(control)}, 'utf8'));
if (behaviour.ignoreTerm) process.on('SIGTERM', () => undefined);
const output = args[args.length - 1];
fs.appendFileSync(${JSON.stringify(log)}, JSON.stringify({ pid: process.pid, output, at: Date.now() }) + '\\n');
setTimeout(() => {
  fs.copyFileSync(${JSON.stringify(clip)}, output);
  process.exit(0);
}, behaviour.sleepMs);
`;
  await writeFile(path, script);
  await chmod(path, 0o755);
  await writeFile(log, '');
  const behave = (behaviour: FakeFfmpegBehaviour) => writeFile(control, JSON.stringify(behaviour));
  await behave({ sleepMs: 0 });
  return {
    path,
    behave,
    /** The renders asked for so far, in the order they began. */
    async runs(): Promise<FakeFfmpegRun[]> {
      const text = await readFile(log, 'utf8');
      return text
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as FakeFfmpegRun);
    },
  };
}

/** Whether the process `pid` still runs (a signal 0 reaches it). */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
