import { CAPTION_COLORS, type VideoLayout } from '../../../shared/video/layout';

/** Encoding of every render: what every network takes (H.264 High, yuv420p, AAC, moov first). */
export const RENDER_PROFILE = 'h264-veryfast-crf23-yuv420p-aac128-faststart-v1';

/**
 * Escapes a value for a filter option inside a filtergraph (ffmpeg-filters "Notes on filtergraph
 * escaping"): once for the option parser (`\`, `'`, `:`), then once for the graph parser (`\`, `'`,
 * `[`, `]`, `,`, `;`). Only paths we choose go through it: caption text is never in the graph.
 */
export function escapeFilterValue(value: string): string {
  const option = value.replace(/[\\':]/g, (c) => `\\${c}`);
  return option.replace(/[\\'[\],;]/g, (c) => `\\${c}`);
}

const hex = (color: string) => `0x${color.slice(1)}`;

/**
 * The ffmpeg arguments that draw `layout`: seek to the trim, crop, scale, each caption's box, then each
 * of its lines from its own text file (`textFiles[caption][line]`), with `%{…}` expansion off so the
 * text is drawn as written. A line's baseline is put where the layout says (drawtext's y is the top of
 * the tallest glyph, `ascent` above the baseline).
 */
export function renderArgs(
  layout: VideoLayout,
  files: { input: string; output: string; font: string; textFiles: string[][] },
): string[] {
  const { crop, output, trim } = layout;
  const font = escapeFilterValue(files.font);
  const filters = [
    `crop=${crop.width}:${crop.height}:${crop.x}:${crop.y}`,
    `scale=${output.width}:${output.height}`,
    'setsar=1',
  ];
  layout.captions.forEach((caption, c) => {
    const colors = CAPTION_COLORS[caption.style];
    filters.push(
      `drawbox=x=${caption.x}:y=${caption.y}:w=${caption.width}:h=${caption.height}` +
        `:color=${hex(colors.box)}@${colors.boxOpacity}:t=fill`,
    );
    caption.lines.forEach((_, l) => {
      filters.push(
        `drawtext=fontfile=${font}:textfile=${escapeFilterValue(files.textFiles[c]![l]!)}:expansion=none` +
          `:fontsize=${caption.fontSize}:fontcolor=${hex(colors.text)}` +
          `:x=${caption.centerX}-text_w/2:y=${caption.baselines[l]}-ascent`,
      );
    });
  });
  filters.push('format=yuv420p');
  return [
    '-hide_banner',
    '-nostdin',
    '-loglevel',
    'error',
    '-y',
    '-ss',
    trim.start.toFixed(3),
    '-i',
    files.input,
    '-t',
    (trim.end - trim.start).toFixed(3),
    '-vf',
    filters.join(','),
    '-map',
    '0:v:0',
    '-map',
    '0:a:0?',
    ...ENCODE_ARGS,
    '-f',
    'mp4',
    files.output,
  ];
}

/** The encoder settings, shared with the benchmark's plain re-encode so the two compare like for like. */
export const ENCODE_ARGS = [
  '-c:v',
  'libx264',
  '-preset',
  'veryfast',
  '-crf',
  '23',
  '-pix_fmt',
  'yuv420p',
  '-c:a',
  'aac',
  '-b:a',
  '128k',
  '-movflags',
  '+faststart',
];
