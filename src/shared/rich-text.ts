import { Parser } from 'htmlparser2';

/** The composer's fonts (spec section 2); the server keeps exactly these in a post's styles. */
export const FONTS = [
  'Arial',
  'Arial Black',
  'Comic Sans MS',
  'Courier New',
  'Impact',
  'Lucida Grande',
  'Times New Roman',
  'Verdana',
];

/** The spec's font sizes 1 to 7, as the CSS sizes the composer writes for them (decision 011). */
export const FONT_SIZES = ['10px', '13px', '16px', '18px', '24px', '32px', '48px'];

/**
 * Which of FONTS a CSS `font-family` value names, whatever its quotes, case or fallbacks
 * ('"arial black", sans-serif' is Arial Black); null for none of them.
 */
export function fontOf(family: string | null | undefined): string | null {
  const first = family
    ?.split(',')[0]
    ?.trim()
    .replace(/^['"]|['"]$/g, '')
    .toLowerCase();
  return first ? (FONTS.find((f) => f.toLowerCase() === first) ?? null) : null;
}

/** Formatting the composer writes that none of the six networks shows: each receives plain text (011). */
export const DROPPED_FORMATTING = [
  'bold',
  'italic',
  'underline',
  'strikethrough',
  'script',
  'headings',
  'alignment',
  'fonts',
] as const;
export type DroppedFormatting = (typeof DROPPED_FORMATTING)[number];

const FORMATTING_TAGS: Record<string, DroppedFormatting> = {
  strong: 'bold',
  b: 'bold',
  em: 'italic',
  i: 'italic',
  u: 'underline',
  s: 'strikethrough',
  del: 'strikethrough',
  strike: 'strikethrough',
  sub: 'script',
  sup: 'script',
  h1: 'headings',
  h2: 'headings',
  h3: 'headings',
  h4: 'headings',
  h5: 'headings',
  h6: 'headings',
};

/**
 * Which of DROPPED_FORMATTING a post's HTML uses (a left alignment is the networks' own and not counted),
 * in that order: said beside the editor and in the preview instead of being dropped silently (issue 26).
 * Read with the HTML parser the plain text comes from, not patterns over the whole text.
 */
export function droppedFormatting(html: string): DroppedFormatting[] {
  const found = new Set<DroppedFormatting>();
  const parser = new Parser(
    {
      onopentag(name, attrs) {
        const kind = FORMATTING_TAGS[name];
        if (kind) found.add(kind);
        for (const declaration of (attrs.style ?? '').toLowerCase().split(';')) {
          const [property = '', value = ''] = declaration.split(':').map((part) => part.trim());
          if (property === 'text-align' && ['center', 'right', 'justify'].includes(value))
            found.add('alignment');
          if ((property === 'font-family' || property === 'font-size') && value) found.add('fonts');
        }
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return DROPPED_FORMATTING.filter((kind) => found.has(kind));
}
