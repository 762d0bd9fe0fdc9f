import type { CalendarPost, Post, PostTarget } from '../../shared/api/posts.schemas';

/** A target as GET /api/posts/:id answers it: nothing happened yet unless `over` says so. */
export const postTarget = (over: Partial<PostTarget>): PostTarget => ({
  platform: 'bluesky',
  account: null,
  status: 'pending',
  attempts: 0,
  remoteUrl: null,
  lastError: null,
  lastErrorCode: null,
  publishedAt: null,
  nextAttemptAt: null,
  blocked: null,
  ...over,
});

export const POST_ID = '6f1c2b9e-8a3d-4c1e-9b7a-2d5e8f0a1b2c';

/** A whole post with these targets, due on 5 January 2030 at 15:00 UTC. */
export const wholePost = (targets: PostTarget[], status: Post['status'], content = '<p>Now</p>'): Post => ({
  id: POST_ID,
  status,
  content,
  platforms: targets.map((t) => t.platform),
  accounts: [],
  versions: [],
  scheduledAt: '2030-01-05T15:00:00.000Z',
  recurringId: null,
  occurrenceAt: null,
  timezone: 'UTC',
  targets,
  media: [],
  createdAt: '2030-01-01T00:00:00.000Z',
  updatedAt: '2030-01-01T00:00:00.000Z',
  authorId: 'author-1',
  contentHash: 'a'.repeat(64),
  reviewNote: null,
});

/** The same post as its calendar card: scheduled, for Bluesky. */
export const calendarCard: CalendarPost = {
  id: POST_ID,
  status: 'scheduled',
  scheduledAt: '2030-01-05T15:00:00.000Z',
  card: 'Hello',
  targets: [{ platform: 'bluesky', status: 'pending' }],
};
