const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/** Text made safe to put into HTML as text. */
export const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => ESCAPES[c]!);

/**
 * A model's plain text as the editor's HTML: one paragraph per line, every character escaped, so a
 * reply that contains '<' is shown as written and never becomes markup.
 */
export function plainTextToHtml(text: string): string {
  return text
    .split(/\r?\n/)
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join('');
}

/** The text of a post's HTML (tags dropped), to tell an empty post from one with words. */
export const htmlText = (html: string) => html.replace(/<[^<>]*>/g, ' ').trim();
