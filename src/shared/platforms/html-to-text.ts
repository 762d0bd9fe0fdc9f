import { Parser } from 'htmlparser2';

const LINES = new Set(['p', 'div', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'li']);
const LISTS = new Set(['ul', 'ol']);
const DROPPED = new Set(['script', 'style', 'template', 'noscript']);

/**
 * The composer's HTML as the plain text a network receives. Each paragraph, heading or list item is a
 * line and an empty paragraph a blank line (the composer's Enter starts a paragraph, which a reader
 * expects as a line break); <br> breaks the line; list items get "• " or "1. "; a link whose text is not
 * its address keeps the address after it, since networks only link bare URLs; formatting is dropped and
 * entities decoded.
 */
export function htmlToText(html: string): string {
  let out = '';
  let textInBlock = false;
  // Right after a list marker, the item's own paragraph does not start another line.
  let atItemStart = false;
  let dropped = 0;
  let pre = 0;
  const lists: { ordered: boolean; n: number }[] = [];
  let link: { href: string; text: string } | null = null;

  const endLine = () => {
    if (out && !out.endsWith('\n')) out += '\n';
  };

  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (DROPPED.has(name)) dropped++;
        if (name === 'pre') pre++;
        if ((LINES.has(name) && !atItemStart) || LISTS.has(name) || name === 'hr') {
          endLine();
          textInBlock = false;
        }
        if (LISTS.has(name)) lists.push({ ordered: name === 'ol', n: 0 });
        if (name === 'li') {
          const list = lists.at(-1);
          if (list) out += list.ordered ? `${++list.n}. ` : '• ';
          atItemStart = true;
        }
        if (name === 'br') out += '\n';
        if (name === 'hr') out += '———\n';
        if (name === 'a') link = { href: attrs.href?.trim() ?? '', text: '' };
      },
      ontext(raw) {
        if (dropped) return;
        let text = pre ? raw : raw.replace(/\s+/g, ' ');
        if (!pre && (!out || out.endsWith('\n') || out.endsWith(' '))) text = text.trimStart();
        if (!text) return;
        atItemStart = false;
        if (text.trim()) textInBlock = true;
        if (link) link.text += text;
        out += text;
      },
      onclosetag(name) {
        if (DROPPED.has(name)) dropped--;
        if (name === 'pre') pre--;
        if (LISTS.has(name)) lists.pop();
        if (name === 'a' && link) {
          const { href, text } = link;
          const bare = (url: string) => url.replace(/^https?:\/\//i, '').replace(/\/$/, '');
          if (/^https?:\/\//i.test(href) && bare(href) !== bare(text.trim())) out += ` (${href})`;
          link = null;
        }
        if (name === 'li') {
          endLine();
          atItemStart = false;
        } else if (LINES.has(name)) {
          // An empty paragraph is a blank line the author asked for.
          out += textInBlock ? '\n' : out.endsWith('\n\n') || !out ? '' : '\n';
          textInBlock = false;
        }
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();

  return out
    .replace(/\u00a0/g, ' ')
    .split('\n')
    .map(trimEndOfLine)
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * A line without its trailing spaces and tabs. A loop, not `/[ \t]+\n/`, which rescans a long run of
 * spaces from each of its characters (quadratic in a `<pre>` of spaces).
 */
function trimEndOfLine(line: string) {
  let end = line.length;
  while (end > 0 && (line[end - 1] === ' ' || line[end - 1] === '\t')) end--;
  return line.slice(0, end);
}
