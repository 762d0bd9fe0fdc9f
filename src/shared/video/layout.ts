import type { VideoEdits } from '../api/posts.schemas';
import { fillVariables, type Variables } from '../api/variables.schemas';
import { GLYPH_FIRST, GLYPH_WIDTHS } from './glyph-widths';

/**
 * The one description of an edited video (DESIGN.md section 8, decision 016): the kept time range, the
 * part of the source frame kept (a centred crop to the ratio), the output size, and each caption's box
 * with its lines already broken. The Edit Video dialog and the network previews draw exactly this, and
 * the ffmpeg render (server/media/render) burns exactly this, so the two match by construction: no
 * browser wrapping, no ffmpeg wrapping. Every coordinate is an integer pixel of the output frame.
 */

export interface VideoSource {
  width: number;
  height: number;
  durationSeconds: number;
}

export type CaptionStyle = VideoEdits['captions'][number]['style'];

export interface CaptionBox {
  /** The box, drawn with the style's background. */
  x: number;
  y: number;
  width: number;
  height: number;
  fontSize: number;
  /** The lines, in order; each is drawn centred on `centerX` with its baseline at `baselines[i]`. */
  lines: string[];
  baselines: number[];
  centerX: number;
  style: CaptionStyle;
}

export interface VideoLayout {
  trim: { start: number; end: number };
  /** The part of the source frame that is kept, in source pixels. */
  crop: { x: number; y: number; width: number; height: number };
  output: { width: number; height: number };
  captions: CaptionBox[];
}

/** How each style looks: light is white text on a dim box, dark is near-black text on a pale box. */
export const CAPTION_COLORS: Record<CaptionStyle, { text: string; box: string; boxOpacity: number }> = {
  light: { text: '#ffffff', box: '#000000', boxOpacity: 0.45 },
  dark: { text: '#111111', box: '#ffffff', boxOpacity: 0.85 },
};

/** The caption font, served to the browser and given to ffmpeg (dejavu-fonts-ttf). */
export const CAPTION_FONT_FAMILY = 'Postwell Caption';

// The font's size, tried in order, as a share of the output height: a caption that would cover more
// than MAX_BOX_SHARE of the frame is set smaller, and at the smallest size its last lines are cut.
const FONT_SHARES = [0.05, 0.04, 0.032];
const MAX_BOX_SHARE = 0.3;
const MIN_FONT_PX = 10;
// Characters outside the width table count as an em: about the width of CJK or Arabic glyphs.
const UNKNOWN_WIDTH = 1000;
// The output is at most 1080 wide (1:1, 4:5) or 1920×1080 (16:9), and its short side at least 360 px
// (several networks take nothing smaller; a tiny source is scaled up to it, a larger one never is).
const MAX_UNIT: Record<VideoEdits['aspectRatio'], number> = { '1:1': 1080, '4:5': 270, '16:9': 120 };
const MIN_UNIT: Record<VideoEdits['aspectRatio'], number> = { '1:1': 360, '4:5': 90, '16:9': 40 };
const MAX_LONG_SIDE = 1920;
const MIN_SHORT_SIDE = 360;
/** A trim closer than this to the video's ends keeps the whole video. */
const TRIM_EPSILON = 0.05;

const even = (n: number) => Math.max(2, Math.floor(n / 2) * 2);

/** The width of `text` in pixels at `fontSize`, from the font's advance widths (no kerning: never less). */
export function textWidth(text: string, fontSize: number): number {
  let thousandths = 0;
  for (const char of text) {
    const index = char.codePointAt(0)! - GLYPH_FIRST;
    const width = index >= 0 && index < GLYPH_WIDTHS.length ? GLYPH_WIDTHS[index]! : 0;
    thousandths += width || UNKNOWN_WIDTH;
  }
  return (thousandths * fontSize) / 1000;
}

/**
 * Breaks `text` into lines no wider than `maxWidth`: at spaces where it can, inside a word only when the
 * word alone is too wide. Runs of white space count as one space and line breaks in the text are kept.
 */
export function breakLines(text: string, maxWidth: number, fontSize: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    const words = paragraph.split(/[ \t\r\f\v]+/).filter(Boolean);
    let line = '';
    for (const word of words) {
      const candidate = line ? `${line} ${word}` : word;
      if (textWidth(candidate, fontSize) <= maxWidth) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      line = '';
      for (const char of word) {
        if (line && textWidth(line + char, fontSize) > maxWidth) {
          lines.push(line);
          line = '';
        }
        line += char;
      }
    }
    if (line) lines.push(line);
  }
  return lines;
}

/** The ratio of the list closest to the source's own: where the dialog starts for a video not yet edited. */
export function nearestRatio(width: number, height: number): VideoEdits['aspectRatio'] {
  const ratios = ['1:1', '4:5', '16:9'] as const;
  const distance = (r: string) => {
    const [w, h] = r.split(':').map(Number) as [number, number];
    return Math.abs(Math.log(width / height / (w / h)));
  };
  return ratios.reduce((best, r) => (distance(r) < distance(best) ? r : best));
}

/** True when the dialog's edits change the file: a trim that cuts, a caption, or a new frame. */
export function needsRender(source: VideoSource, edits: VideoEdits | null | undefined): boolean {
  if (!edits) return false;
  return (
    trimCuts(source, edits) ||
    edits.captions.some((c) => c.text.trim()) ||
    (framed(edits) && !sameRatio(source, edits.aspectRatio))
  );
}

/**
 * The Edit Video dialog always saves a trim, so edits with one were made there and their ratio was
 * chosen on a preview; edits without one are the schema's defaults and keep the source's frame.
 */
const framed = (edits: VideoEdits) => edits.trim !== undefined;

const trimCuts = (source: VideoSource, edits: VideoEdits) =>
  !!edits.trim && (edits.trim.start > TRIM_EPSILON || edits.trim.end < source.durationSeconds - TRIM_EPSILON);

const sameRatio = (source: VideoSource, ratio: VideoEdits['aspectRatio']) => {
  const [w, h] = ratio.split(':').map(Number) as [number, number];
  return Math.abs(source.width / source.height - w / h) < 0.01;
};

function frameOf(source: VideoSource, edits: VideoEdits) {
  if (framed(edits) && !sameRatio(source, edits.aspectRatio)) {
    const [rw, rh] = edits.aspectRatio.split(':').map(Number) as [number, number];
    // The output is rw·k × rh·k with k even (so both sides are even for yuv420p): the largest that the
    // source holds, within the ratio's bounds.
    const fit = Math.min(source.width / rw, source.height / rh);
    const k = even(Math.min(MAX_UNIT[edits.aspectRatio], Math.max(MIN_UNIT[edits.aspectRatio], fit)));
    const output = { width: rw * k, height: rh * k };
    const scale = Math.min(source.width / output.width, source.height / output.height);
    const width = Math.min(source.width, Math.round(output.width * scale));
    const height = Math.min(source.height, Math.round(output.height * scale));
    const crop = {
      x: Math.floor((source.width - width) / 2),
      y: Math.floor((source.height - height) / 2),
      width,
      height,
    };
    return { crop, output };
  }
  const longSide = Math.max(source.width, source.height);
  const shortSide = Math.min(source.width, source.height);
  const scale = Math.min(MAX_LONG_SIDE / longSide, Math.max(1, MIN_SHORT_SIDE / shortSide));
  const crop = { x: 0, y: 0, width: source.width, height: source.height };
  return {
    crop,
    output: { width: even(source.width * scale), height: even(source.height * scale) },
  };
}

/** One caption's lines and box size, at the first font size whose box fits. */
function setCaption(text: string, output: VideoLayout['output']) {
  const marginX = Math.round(output.width * 0.05);
  const width = output.width - 2 * marginX;
  for (let i = 0; i < FONT_SHARES.length; i++) {
    const fontSize = Math.max(MIN_FONT_PX, Math.round(output.height * FONT_SHARES[i]!));
    const padding = Math.round(fontSize * 0.35);
    const lineHeight = Math.round(fontSize * 1.3);
    let lines = breakLines(text, width - 2 * padding, fontSize);
    const maxLines = Math.max(1, Math.floor((output.height * MAX_BOX_SHARE - 2 * padding) / lineHeight));
    if (lines.length > maxLines && i < FONT_SHARES.length - 1) continue;
    if (lines.length > maxLines) lines = cutLines(lines, maxLines, width - 2 * padding, fontSize);
    return { x: marginX, width, fontSize, padding, lineHeight, lines };
  }
  throw new Error('unreachable: the last font size always returns');
}

/** The first `max` lines, the last ending in '…' (shortened until that fits). */
function cutLines(lines: string[], max: number, maxWidth: number, fontSize: number) {
  const kept = lines.slice(0, max);
  let last = Array.from(kept[max - 1]!);
  while (last.length && textWidth(`${last.join('')}…`, fontSize) > maxWidth) last = last.slice(0, -1);
  kept[max - 1] = `${last.join('').trimEnd()}…`;
  return kept;
}

/**
 * The layout of `edits` on `source`, with `{{variables}}` in captions replaced by the user's values
 * (unknown ones by nothing). Captions at one position stack in their order, top ones downwards from
 * the top margin, bottom ones ending at the bottom margin.
 */
export function layoutVideo(source: VideoSource, edits: VideoEdits, variables: Variables): VideoLayout {
  const { crop, output } = frameOf(source, edits);
  const trim = edits.trim
    ? { start: edits.trim.start, end: Math.min(edits.trim.end, source.durationSeconds) }
    : { start: 0, end: source.durationSeconds };
  const marginY = Math.round(output.height * 0.05);
  const gap = Math.round(output.height * 0.015);
  const captions: CaptionBox[] = [];
  for (const position of ['top', 'bottom'] as const) {
    const set = edits.captions
      .filter((c) => c.position === position)
      .map((c) => ({ style: c.style, ...setCaption(fillVariables(c.text, variables), output) }))
      .filter((c) => c.lines.length);
    const heights = set.map((c) => c.lines.length * c.lineHeight + 2 * c.padding);
    const stack = heights.reduce((sum, h) => sum + h, 0) + gap * Math.max(0, set.length - 1);
    let y = position === 'top' ? marginY : output.height - marginY - stack;
    set.forEach((c, i) => {
      const height = heights[i]!;
      const baselines = c.lines.map(
        // The line's cap height (about 0.73 em) centred in its line box.
        (_, n) => y + c.padding + n * c.lineHeight + Math.round((c.lineHeight + 0.73 * c.fontSize) / 2),
      );
      captions.push({
        x: c.x,
        y,
        width: c.width,
        height,
        fontSize: c.fontSize,
        lines: c.lines,
        baselines,
        centerX: c.x + Math.round(c.width / 2),
        style: c.style,
      });
      y += height + gap;
    });
  }
  return { trim, crop, output, captions };
}

/** The facts the networks' limits judge, for the file that will be published: trimmed and framed. */
export function editedFacts<
  T extends {
    width: number | null;
    height: number | null;
    durationSeconds: number | null;
    mime: string;
    bytes: number;
  },
>(file: T, edits: VideoEdits | null | undefined): T {
  if (!file.width || !file.height || file.durationSeconds === null) return file;
  const source = { width: file.width, height: file.height, durationSeconds: file.durationSeconds };
  if (!needsRender(source, edits)) return file;
  const layout = layoutVideo(source, edits!, {});
  const seconds = layout.trim.end - layout.trim.start;
  return {
    ...file,
    mime: 'video/mp4',
    width: layout.output.width,
    height: layout.output.height,
    durationSeconds: seconds,
    // The rendered size is known only once it exists (the adapters check it then): the kept share of the
    // source is the estimate before.
    bytes: Math.round(file.bytes * Math.min(1, seconds / Math.max(file.durationSeconds, 0.001))),
  };
}
