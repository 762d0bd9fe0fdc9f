import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VideoEditsSchema } from '../../../shared/api/posts.schemas';
import { layoutVideo } from '../../../shared/video/layout';
import { probeVideo } from '../probe';
import { findFfmpeg } from './ffmpeg';
import { escapeFilterValue } from './render-command';
import { renderVideo } from './render-video';

const run = promisify(execFile);
let ffmpeg: string;
let dir: string;

/** A clip made by ffmpeg itself: `source` (testsrc, a flat colour …) with a sine tone. */
async function makeClip(name: string, source: string) {
  const path = join(dir, name);
  await run(ffmpeg, [
    ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', source],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=5', '-shortest'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', path],
  ]);
  return path;
}

/** Codec, size and duration of a file, read by ffprobe. */
async function streams(path: string) {
  const probe = (await import('@ffprobe-installer/ffprobe')) as unknown as { path: string };
  const { stdout } = await run(probe.path, ['-v', 'error', '-print_format', 'json', '-show_streams', path]);
  return (JSON.parse(stdout) as { streams: { codec_type: string; codec_name: string; pix_fmt?: string }[] })
    .streams;
}

beforeAll(async () => {
  const found = await findFfmpeg(undefined);
  if (!found) throw new Error('these tests need the ffmpeg shipped in @ffmpeg-installer/ffmpeg');
  ffmpeg = found;
  // A folder name with every character that means something in a filtergraph: the render must still find
  // its caption files and font.
  dir = await mkdtemp(join(tmpdir(), "postwell render 'a:b' [x],y;z\\ "));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('renderVideo', () => {
  it('trims, frames to 1:1 and burns two captions into an H.264/AAC MP4', async () => {
    const input = await makeClip('testsrc.mp4', 'testsrc=size=640x360:rate=25:duration=5');
    const source = { width: 640, height: 360, durationSeconds: 5 };
    const edits = VideoEditsSchema.parse({
      trim: { start: 1, end: 3.5 },
      aspectRatio: '1:1',
      captions: [
        { text: "Hello {{who}} ' : \\ %{pts} [x] ; done", position: 'top', style: 'dark' },
        { text: 'Second caption', position: 'bottom', style: 'light' },
      ],
    });
    const layout = layoutVideo(source, edits, { who: 'world' });
    expect(layout.captions[0]!.lines.join(' ')).toBe("Hello world ' : \\ %{pts} [x] ; done");
    const output = join(dir, 'out.mp4');
    await renderVideo({ ffmpeg, input, output, layout, workRoot: dir, timeoutMs: 60_000 });
    const info = await probeVideo(output);
    expect(info!.durationSeconds).toBeGreaterThan(2.4);
    expect(info!.durationSeconds).toBeLessThan(2.6);
    expect(info!.width).toBe(info!.height);
    expect(info!.width).toBe(360);
    const kinds = await streams(output);
    expect(kinds.find((s) => s.codec_type === 'video')).toMatchObject({
      codec_name: 'h264',
      pix_fmt: 'yuv420p',
    });
    expect(kinds.find((s) => s.codec_type === 'audio')).toMatchObject({ codec_name: 'aac' });
  });

  it('draws the caption box where the shared layout puts it, within two pixels', async () => {
    const input = await makeClip('blue.mp4', 'color=c=0x2040a0:size=1280x720:rate=25:duration=3');
    const source = { width: 1280, height: 720, durationSeconds: 3 };
    const edits = VideoEditsSchema.parse({
      trim: { start: 0, end: 3 },
      aspectRatio: '4:5',
      captions: [
        {
          text: 'A caption long enough to take two lines in a portrait frame',
          position: 'bottom',
          style: 'dark',
        },
      ],
    });
    const layout = layoutVideo(source, edits, {});
    const box = layout.captions[0]!;
    expect(box.lines.length).toBeGreaterThanOrEqual(2);
    const output = join(dir, 'framed.mp4');
    await renderVideo({ ffmpeg, input, output, layout, workRoot: dir, timeoutMs: 60_000 });
    const { stdout } = await run(
      ffmpeg,
      [
        '-loglevel',
        'error',
        '-ss',
        '1',
        '-i',
        output,
        '-frames:v',
        '1',
        '-f',
        'rawvideo',
        '-pix_fmt',
        'gray',
        '-',
      ],
      { encoding: 'buffer', maxBuffer: 10 * 1024 * 1024 },
    );
    const { width, height } = layout.output;
    expect(stdout.length).toBe(width * height);
    // The dark style's box is pale on the dark blue frame: find its edges along a column and a row that
    // no text crosses (the box's own padding).
    const bright = (x: number, y: number) => stdout[y * width + x]! > 150;
    const column = box.x + 3;
    const rows = Array.from({ length: height }, (_, y) => y).filter((y) => bright(column, y));
    const row = box.y + 2;
    const columns = Array.from({ length: width }, (_, x) => x).filter((x) => bright(x, row));
    expect(Math.abs(rows[0]! - box.y)).toBeLessThanOrEqual(2);
    expect(Math.abs(rows.at(-1)! - (box.y + box.height - 1))).toBeLessThanOrEqual(2);
    expect(Math.abs(columns[0]! - box.x)).toBeLessThanOrEqual(2);
    expect(Math.abs(columns.at(-1)! - (box.x + box.width - 1))).toBeLessThanOrEqual(2);
    // And text is drawn inside it: dark pixels on the box around its first baseline.
    const textRow = box.baselines[0]! - Math.round(box.fontSize * 0.3);
    const dark = Array.from({ length: box.width }, (_, i) => box.x + i).filter((x) => !bright(x, textRow));
    expect(dark.length).toBeGreaterThan(10);
  });

  it('escapes paths for the filtergraph', () => {
    expect(escapeFilterValue("/a b/it's:[1],2;3\\")).toBe("/a b/it\\\\\\'s\\\\:\\[1\\]\\,2\\;3\\\\\\\\");
    expect(escapeFilterValue('/plain/path.txt')).toBe('/plain/path.txt');
  });

  it('fails with ffmpeg’s reason when the input is not a video', async () => {
    const layout = layoutVideo({ width: 64, height: 64, durationSeconds: 1 }, VideoEditsSchema.parse({}), {});
    await mkdir(join(dir, 'bad'), { recursive: true });
    await expect(
      renderVideo({
        ffmpeg,
        input: join(dir, 'missing.mp4'),
        output: join(dir, 'bad', 'o.mp4'),
        layout,
        workRoot: dir,
        timeoutMs: 60_000,
      }),
    ).rejects.toThrow(/ffmpeg ended with 1/);
  });
});
