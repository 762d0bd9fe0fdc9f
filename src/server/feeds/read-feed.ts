import { parseFeed } from 'feedsmith';
import { htmlToText } from '../../shared/platforms/html-to-text';

/** An item of a feed as a post needs it: its key (guid, else link, else title), title, link, summary. */
export interface FeedItem {
  key: string;
  title: string;
  link: string | null;
  summary: string;
  author: string;
  /** When it was published, when the feed says so: items are posted oldest first. */
  published: number | null;
}

/** The words of a feed's field, whether the format gives a string or `{ value }`. */
const textOf = (value: unknown): string => {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && 'value' in value && typeof value.value === 'string')
    return value.value;
  return '';
};
const SUMMARY_MAX = 300;
const TITLE_MAX = 500;
const oneLine = (html: string) => htmlToText(html).replace(/\s+/g, ' ').trim();
const cut = (text: string, max: number) => {
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
};
const time = (value: unknown) => {
  const at = typeof value === 'string' ? Date.parse(value) : NaN;
  return Number.isNaN(at) ? null : at;
};

/**
 * A feed's items, oldest first, from RSS, Atom, RDF or JSON Feed (`feedsmith`, which reads XML without
 * entities from outside the document). Throws when the body is none of them.
 */
export function readFeed(body: string): { title: string; items: FeedItem[] } {
  const { format, feed } = parseFeed(body) as { format: string; feed: Record<string, unknown> };
  const raw = ((format === 'atom' ? feed.entries : feed.items) ?? []) as Record<string, unknown>[];
  const items = raw.map((item): FeedItem => {
    const links = item.links as { href?: string; rel?: string }[] | undefined;
    const link =
      format === 'atom'
        ? (links?.find((l) => !l.rel || l.rel === 'alternate')?.href ?? links?.[0]?.href ?? null)
        : format === 'json'
          ? ((item.url as string | undefined) ?? null)
          : ((item.link as string | undefined) ?? null);
    const guid = format === 'rss' ? textOf(item.guid) : format === 'rdf' ? '' : textOf(item.id);
    const title = oneLine(textOf(item.title));
    const summary = oneLine(
      textOf(item.summary) ||
        textOf(item.description) ||
        textOf(item.content_text) ||
        textOf(item.content_html) ||
        textOf(item.content),
    );
    const authors = (item.authors ?? (item.author ? [item.author] : [])) as unknown[];
    const author = oneLine(
      authors
        .map((a) => (typeof a === 'string' ? a : textOf((a as { name?: unknown }).name)))
        .filter(Boolean)
        .join(', '),
    );
    return {
      key: (guid || link || title).slice(0, 2000),
      title: cut(title, TITLE_MAX),
      link: link?.slice(0, 2000) ?? null,
      summary: cut(summary, SUMMARY_MAX),
      author,
      published: time(item.pubDate ?? item.published ?? item.updated ?? item.date_published),
    };
  });
  // Oldest first: by date where every item has one, else the feed's own order reversed (newest first).
  const dated = items.every((i) => i.published !== null);
  const ordered = dated ? [...items].sort((a, b) => a.published! - b.published!) : [...items].reverse();
  return { title: oneLine(textOf(feed.title)).slice(0, 300), items: ordered.filter((i) => i.key) };
}
