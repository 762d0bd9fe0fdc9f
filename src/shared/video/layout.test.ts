import { describe, expect, it } from 'vitest';
import { VideoEditsSchema } from '../api/posts.schemas';
import { breakLines, editedFacts, layoutVideo, nearestRatio, needsRender, textWidth } from './layout';

const hd = { width: 1280, height: 720, durationSeconds: 10 };
const edits = (value: unknown) => VideoEditsSchema.parse(value);

describe('video layout', () => {
  it('scales a tiny source up to a 360 px short side, which networks take', () => {
    const tiny = { width: 64, height: 48, durationSeconds: 1 };
    expect(layoutVideo(tiny, edits({ trim: { start: 0, end: 1 }, aspectRatio: '1:1' }), {}).output).toEqual({
      width: 360,
      height: 360,
    });
    // No trim: the edits did not come through the dialog, and the source's own frame is kept.
    const own = edits({ captions: [{ text: 'Hi', position: 'top', style: 'dark' }] });
    expect(layoutVideo(tiny, own, {}).output).toEqual({ width: 480, height: 360 });
    const caption = layoutVideo(
      tiny,
      edits({
        trim: { start: 0, end: 1 },
        captions: [{ text: 'Made with Postwell', position: 'bottom', style: 'light' }],
      }),
      {},
    ).captions[0]!;
    expect(caption.lines).toEqual(['Made with Postwell']);
  });

  it('crops to the ratio around the centre, with exact even output sides and no upscaling', () => {
    const square = layoutVideo(hd, edits({ trim: { start: 1, end: 3.5 }, aspectRatio: '1:1' }), {});
    expect(square.output).toEqual({ width: 720, height: 720 });
    expect(square.crop).toEqual({ x: 280, y: 0, width: 720, height: 720 });
    expect(square.trim).toEqual({ start: 1, end: 3.5 });
    const portrait = layoutVideo(
      { width: 3840, height: 2160, durationSeconds: 5 },
      edits({ trim: { start: 0, end: 5 }, aspectRatio: '4:5' }),
      {},
    );
    expect(portrait.output).toEqual({ width: 1080, height: 1350 });
    expect(portrait.crop.height).toBe(2160);
    expect(portrait.crop.width).toBe(1728);
    const tall = layoutVideo(
      { width: 1080, height: 1920, durationSeconds: 5 },
      edits({ trim: { start: 0, end: 5 }, aspectRatio: '16:9' }),
      {},
    );
    expect(tall.output).toEqual({ width: 1056, height: 594 });
    expect(tall.crop.width).toBe(1080);
  });

  it('keeps the frame of a video whose edits never went through the dialog', () => {
    const vertical = { width: 1080, height: 1920, durationSeconds: 8 };
    expect(needsRender(vertical, edits({}))).toBe(false);
    expect(needsRender(vertical, null)).toBe(false);
    expect(needsRender(vertical, edits({ trim: { start: 0, end: 8 } }))).toBe(true);
    expect(needsRender(hd, edits({ trim: { start: 0, end: 10 }, aspectRatio: '16:9' }))).toBe(false);
    expect(needsRender(hd, edits({ trim: { start: 0, end: 9 } }))).toBe(true);
    expect(needsRender(hd, edits({ captions: [{ text: ' ', position: 'top', style: 'dark' }] }))).toBe(false);
    expect(needsRender(hd, edits({ captions: [{ text: 'Hi', position: 'top', style: 'dark' }] }))).toBe(true);
  });

  it('starts the dialog on the ratio closest to the source', () => {
    expect(nearestRatio(1920, 1080)).toBe('16:9');
    expect(nearestRatio(1080, 1920)).toBe('4:5');
    expect(nearestRatio(1000, 1100)).toBe('1:1');
  });

  it('breaks lines by the font widths, at spaces, and inside a word only when it alone is too wide', () => {
    expect(textWidth('A', 100)).toBeCloseTo(77.4);
    expect(breakLines('one two three', textWidth('one two', 20), 20)).toEqual(['one two', 'three']);
    expect(breakLines('  spaced   out  ', 1000, 20)).toEqual(['spaced out']);
    expect(breakLines('first\nsecond', 1000, 20)).toEqual(['first', 'second']);
    const long = breakLines('x'.repeat(40), textWidth('x'.repeat(15), 20), 20);
    expect(long).toEqual(['x'.repeat(15), 'x'.repeat(15), 'x'.repeat(10)]);
    for (const line of breakLines('WWWW MMMM ÆÆÆ 中文字符 '.repeat(10), 300, 24))
      expect(textWidth(line, 24)).toBeLessThanOrEqual(300);
  });

  it('places captions inside the frame, stacked per position, with variables filled in', () => {
    const layout = layoutVideo(
      hd,
      edits({
        trim: { start: 0, end: 10 },
        aspectRatio: '1:1',
        captions: [
          { text: 'Hello {{name}}{{unknown}}', position: 'top', style: 'dark' },
          { text: 'Second', position: 'top', style: 'light' },
          { text: 'Bottom', position: 'bottom', style: 'light' },
        ],
      }),
      { name: 'Ada' },
    );
    const [first, second, bottom] = layout.captions;
    expect(first!.lines).toEqual(['Hello Ada']);
    expect(first!.y).toBe(36);
    expect(second!.y).toBeGreaterThan(first!.y + first!.height);
    expect(bottom!.y + bottom!.height).toBe(720 - 36);
    for (const c of layout.captions) {
      expect(c.x).toBeGreaterThanOrEqual(0);
      expect(c.x + c.width).toBeLessThanOrEqual(720);
      expect(c.baselines[0]).toBeGreaterThan(c.y);
      expect(c.baselines.at(-1)).toBeLessThan(c.y + c.height);
      expect(c.fontSize).toBe(36);
    }
  });

  it('sets a long caption smaller, and cuts it with an ellipsis when it still does not fit', () => {
    const caption = (text: string) =>
      layoutVideo(hd, edits({ captions: [{ text, position: 'bottom', style: 'dark' }] }), {}).captions[0];
    const long = caption('word '.repeat(100))!;
    expect(long.fontSize).toBeLessThan(36);
    expect(long.height).toBeLessThanOrEqual(720 * 0.3);
    expect(long.lines.at(-1)).toMatch(/…$/);
    // A caption that is empty once its variables are filled in draws nothing.
    expect(caption('{{missing}}')).toBeUndefined();
  });

  it('judges the trimmed, framed file against the networks limits', () => {
    const file = { ...hd, mime: 'video/quicktime', bytes: 10_000 };
    expect(editedFacts(file, edits({ trim: { start: 2, end: 4.5 }, aspectRatio: '1:1' }))).toMatchObject({
      durationSeconds: 2.5,
      width: 720,
      height: 720,
      mime: 'video/mp4',
      bytes: 2500,
    });
    expect(editedFacts(file, edits({}))).toBe(file);
  });
});
