/** A member a comment can name. */
export interface Mentionable {
  userId: string;
  name: string;
}

/** Longest query after an @ that still opens the choice of members. */
const QUERY_MAX = 30;

/**
 * The @ being typed before the caret, if any: where it starts and what follows it (no line break, at
 * most 30 characters, the @ at the start or after a space). Scans back from the caret, no pattern.
 */
export function mentionQueryAt(text: string, caret: number): { start: number; query: string } | null {
  const start = text.lastIndexOf('@', caret - 1);
  if (start < 0 || caret - start - 1 > QUERY_MAX) return null;
  if (start > 0 && !/\s/.test(text[start - 1]!)) return null;
  const query = text.slice(start + 1, caret);
  if (query.includes('\n') || query.includes('@')) return null;
  return { start, query };
}

/** The members whose name starts a word with `query` (any case), at most eight. */
export function matchingMembers(members: Mentionable[], query: string): Mentionable[] {
  const q = query.toLocaleLowerCase();
  return members
    .filter((m) =>
      m.name
        .toLocaleLowerCase()
        .split(/\s+/)
        .some((word, i, words) => word.startsWith(q) || words.slice(i).join(' ').startsWith(q)),
    )
    .slice(0, 8);
}

/**
 * Of the members chosen while writing, those whose `@Name` is still in the text (`@Ana Lima` names
 * Ana Lima, not also Ana).
 */
export function mentionsIn(text: string, chosen: Mentionable[]): string[] {
  const named = new Set(
    splitMentions(
      text,
      chosen.map((m) => m.name),
    )
      .filter((part) => part.mention)
      .map((part) => part.text.slice(1)),
  );
  return [...new Set(chosen.filter((m) => named.has(m.name)).map((m) => m.userId))];
}

/**
 * The text cut into plain parts and the mentions of `names` in it (`@Name`, the longest name first),
 * for showing mentions apart.
 */
export function splitMentions(text: string, names: string[]): { text: string; mention: boolean }[] {
  const sorted = [...new Set(names)].filter(Boolean).sort((a, b) => b.length - a.length);
  const parts: { text: string; mention: boolean }[] = [];
  let plain = '';
  for (let i = 0; i < text.length; i++) {
    const name = text[i] === '@' ? sorted.find((n) => text.startsWith(n, i + 1)) : undefined;
    if (name === undefined) {
      plain += text[i];
      continue;
    }
    if (plain) parts.push({ text: plain, mention: false });
    plain = '';
    parts.push({ text: `@${name}`, mention: true });
    i += name.length;
  }
  if (plain) parts.push({ text: plain, mention: false });
  return parts;
}
