import type { RecurringPost } from '../../shared/api/recurring.schemas';
import type { Profile } from '../../shared/api/users.schemas';

export const RECURRING_ID = '3b2f7c1a-5d4e-4f6a-8b9c-0d1e2f3a4b5c';

/** A recurring post as GET /api/recurring-posts answers it: weekly on Saturdays at 15:00 UTC, forever. */
export const recurringPost = (over: Partial<RecurringPost> = {}): RecurringPost => ({
  id: RECURRING_ID,
  content: '<p>Weekly <strong>digest</strong></p>',
  platforms: ['bluesky', 'linkedin'],
  accounts: [],
  versions: [],
  media: [],
  startDate: '2030-01-05T15:00:00.000Z',
  endDate: null,
  count: null,
  frequency: 'weekly',
  interval: 1,
  weekdays: [],
  timezone: 'UTC',
  nextScheduledDate: '2030-01-05T15:00:00.000Z',
  active: true,
  skipped: [],
  skippedTotal: 0,
  occurrences: [],
  aiInsights: null,
  approvalStatus: 'approved',
  contentHash: 'c'.repeat(64),
  reviewNote: null,
  createdAt: '2029-12-01T00:00:00.000Z',
  updatedAt: '2029-12-01T00:00:00.000Z',
  ...over,
});

/** The signed-in user, reading and scheduling on the clock of `timeZone`. */
export const profileIn = (timeZone: string): Profile => ({
  uid: 'u1',
  email: 'grace@example.com',
  displayName: 'Grace',
  role: 'user',
  trialEndsAt: null,
  timeZone,
  accounts: [],
  connections: {},
  configured: {},
  settings: { twitterAccountType: 'standard' },
});

type RecurringMedia = RecurringPost['media'][number];

/** An uploaded file as a recurring post carries it, without edits or alternative text. */
export const mediaItem = (kind: RecurringMedia['kind']): RecurringMedia => ({
  id: kind === 'image' ? '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d' : '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  kind,
  name: kind === 'image' ? 'chart.jpg' : 'clip.mp4',
  mime: kind === 'image' ? 'image/jpeg' : 'video/mp4',
  bytes: 1000,
  width: 800,
  height: 600,
  durationSeconds: kind === 'video' ? 12 : null,
  url: `/api/media/${kind}`,
  thumbnailUrl: kind === 'image' ? `/api/media/${kind}/thumbnail` : null,
  createdAt: '2029-12-01T00:00:00.000Z',
  edits: null,
  alt: '',
});
