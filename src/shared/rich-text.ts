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

/**
 * Whether a post's HTML chooses a font or a font size anywhere: those show in Postwell only, since none
 * of the six networks renders them (decision 011).
 */
export const usesFontStyles = (html: string): boolean =>
  /\sstyle\s*=\s*"[^"]*font-(family|size)\s*:/i.test(html);
