const ALLOWED = /^<\/?(b|i|em|strong|span)>$/i;
const BLOCK_END = /^<\/(p|div|h[1-6]|li|blockquote|pre)>$|^<br\s*\/?>$/i;

/**
 * A calendar card's HTML: only b, i, em, strong and span, without attributes (spec section 5). Made
 * by hand rather than with DOMPurify because a month holds hundreds of cards and a parser per card
 * cost the calendar its render budget. Safe by construction: every tag but those five bare ones is
 * dropped, and every "<" or ">" left in the text is escaped, so the result holds no other markup.
 */
export function cardHtml(html: string): string {
  return html
    .split(/(<[^>]*>)/)
    .map((part) => {
      if (!part.startsWith('<') || !part.endsWith('>'))
        return part.replace(/</g, '&lt;').replace(/>/g, '&gt;');
      if (ALLOWED.test(part)) return part.toLowerCase();
      return BLOCK_END.test(part) ? ' ' : '';
    })
    .join('')
    .trim();
}
