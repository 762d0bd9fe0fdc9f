import { createHash } from 'node:crypto';

/** What an approval is given for: the post as its networks would receive it, and when. */
export interface ApprovedShape {
  contentHtml: string;
  scheduledAt: Date | null;
  platforms: readonly string[];
  /** In their order in the post. */
  media: readonly { id: string; alt: string; edits: Record<string, unknown> | null }[];
  /** Per-network (and per-account) versions; none leaves the hash as it was before there were versions. */
  versions?: readonly {
    platform: string;
    account?: string;
    contentHtml: string;
    media: readonly string[] | null;
  }[];
  /** A recurring post's rule (its start is `scheduledAt`): when its occurrences come. */
  rule?: Record<string, unknown>;
}

/** JSON with every object's keys sorted, so that the same value always gives the same text. */
function stable(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${stable((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  return JSON.stringify(value ?? null);
}

/**
 * A SHA-256 (hex) of what a reviewer approves (issue 25): content, media with their alt texts and edits,
 * networks and time. An approval binds to it; a change to any of them asks again.
 */
export function approvalHashOf(post: ApprovedShape): string {
  return createHash('sha256')
    .update(
      stable({
        content: post.contentHtml,
        at: post.scheduledAt?.toISOString() ?? null,
        platforms: [...post.platforms].sort(),
        media: post.media.map((m) => ({
          id: m.id,
          alt: m.alt,
          edits: m.edits && Object.keys(m.edits).length ? m.edits : null,
        })),
        ...(post.versions?.length
          ? {
              versions: [...post.versions].sort(
                (a, b) =>
                  a.platform.localeCompare(b.platform) || (a.account ?? '').localeCompare(b.account ?? ''),
              ),
            }
          : {}),
        ...(post.rule ? { rule: post.rule } : {}),
      }),
    )
    .digest('hex');
}
