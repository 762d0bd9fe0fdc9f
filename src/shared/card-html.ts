/** The most characters a calendar card shows: it clamps to three lines, and the week view is wider. */
export const CARD_MAX = 160;

// No '<' inside a tag: a run of '<' without '>' is then one failed try per character, not a rescan.
const TAG = /(<[^<>]*>)/;
const ALLOWED = /^<\/?(b|i|em|strong|span)>$/i;
const BLOCK_END = /^<\/(p|div|h[1-6]|li|blockquote|pre)>$|^<br\s*\/?>$/i;
/** One visible character: an entity (`&amp;`, `&#233;`) or one code point (an emoji is not two). */
const UNIT = /&(?:#\d+|#x[\da-f]+|[a-z][a-z\d]*);|[\s\S]/giu;

/**
 * A calendar card's HTML: only b, i, em, strong and span, without attributes (spec section 5), at most
 * `max` visible characters, the last of them '…' when it cut. Made by hand rather than with DOMPurify
 * because a month holds hundreds of cards and a parser per card cost the calendar its render budget.
 * Safe by construction: every tag but those five bare ones is dropped, and every "<" or ">" left in the
 * text is escaped, so the result holds no other markup. Its own output comes back unchanged.
 */
export function cardHtml(html: string, max = Infinity): string {
  const clean = html
    .split(TAG)
    .map((part) => {
      if (!part.startsWith('<') || !part.endsWith('>'))
        return part.replace(/</g, '&lt;').replace(/>/g, '&gt;');
      if (ALLOWED.test(part)) return part.toLowerCase();
      return BLOCK_END.test(part) ? ' ' : '';
    })
    .join('')
    .trim();
  // Tags and entities are longer than what they show: a string this short cannot be over.
  return clean.length <= max ? clean : truncate(clean, max);
}

/** How many units `text` holds, counting no further than just past `limit`. */
function countUnits(text: string, limit: number) {
  let n = 0;
  for (const _ of text.matchAll(UNIT)) if (++n > limit) break;
  return n;
}

/**
 * Cuts clean card HTML (bare tags, escaped text) to `max - 1` units plus '…', between tags and
 * entities, never inside a grapheme, and closes the tags it left open.
 */
function truncate(clean: string, max: number) {
  // Odd indices are the tags: `split` with a capture group puts them between the texts.
  const parts = clean.split(TAG);
  let total = 0;
  for (let i = 0; i < parts.length && total <= max; i += 2) total += countUnits(parts[i]!, max - total);
  if (total <= max) return clean;

  const open: string[] = [];
  let out = '';
  let left = max - 1;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    if (i % 2 === 1) {
      out += part;
      if (part[1] !== '/') open.push(part.slice(1, -1));
      else {
        // A closing tag whose opening one was dropped (it had attributes) closes nothing.
        const at = open.lastIndexOf(part.slice(2, -1));
        if (at >= 0) open.length = at;
      }
      continue;
    }
    const units = countUnits(part, left);
    if (units <= left) {
      out += part;
      left -= units;
      continue;
    }
    out += cutText(part, left).trimEnd();
    break;
  }
  const closing = open.reverse().map((name) => `</${name}>`);
  return `${out}…${closing.join('')}`;
}

let graphemes: Intl.Segmenter | undefined;

/** The first `n` units of `text`, backed off to the start of a grapheme (an emoji with its modifiers). */
function cutText(text: string, n: number) {
  const unitEnds = new Set([0]);
  let end = 0;
  let taken = 0;
  for (const m of text.matchAll(UNIT)) {
    if (taken++ === n) break;
    end = m.index + m[0].length;
    unitEnds.add(end);
  }
  // A grapheme is decided by its neighbours: a little past the cut is enough to see the one it falls in.
  let cut = 0;
  graphemes ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  for (const { index } of graphemes.segment(text.slice(0, end + 32))) {
    if (index > end) break;
    if (unitEnds.has(index)) cut = index;
  }
  return text.slice(0, cut);
}
