import type { TARGET_STATUSES } from '../../shared/api/posts.schemas';

/** What a network of a post shows: its publishing status, or `blocked` when it cannot go out as things stand. */
export type TargetState = (typeof TARGET_STATUSES)[number] | 'blocked';

/** One colour per state, wherever a post's networks are shown (calendar details, dashboard, recurring posts). */
export const TARGET_COLOR: Record<TargetState, string> = {
  pending: 'gray',
  publishing: 'blue',
  retrying: 'orange',
  published: 'green',
  failed: 'red',
  blocked: 'yellow',
};
