import { z } from 'zod';

export const REVIEW_NOTE_MAX = 1000;

/** Approving binds to what the approver saw: the post's `contentHash` when they read it. */
export const ApproveBodySchema = z.object({
  hash: z.string().regex(/^[0-9a-f]{64}$/, 'approvals.changed'),
});
export type ApproveBody = z.infer<typeof ApproveBodySchema>;

/** Sending it back to its author as a draft, with why. */
export const RejectBodySchema = z.object({
  reason: z
    .string('approvals.reasonRequired')
    .trim()
    .min(1, 'approvals.reasonRequired')
    .max(REVIEW_NOTE_MAX, 'approvals.reasonTooLong'),
});
export type RejectBody = z.infer<typeof RejectBodySchema>;

/** What can happen to a post, as its history says it. */
export const POST_EVENT_KINDS = [
  'created',
  'drafted',
  'scheduled',
  'approval_requested',
  'approved',
  'rejected',
  'not_approved',
  'client_approved',
  'changes_requested',
  'rescheduled',
  'cancelled',
  'retried',
  'published',
  'failed',
] as const;
export type PostEventKind = (typeof POST_EVENT_KINDS)[number];

export const PostEventSchema = z.object({
  kind: z.enum(POST_EVENT_KINDS),
  /** Who did it; null for Postwell itself (not approved in time, a network's result). */
  actor: z.string().nullable(),
  at: z.iso.datetime({ offset: true }),
  /** The time asked for or moved to, a rejection's reason, the network of a result. */
  scheduledAt: z.string().nullable().optional(),
  reason: z.string().optional(),
  platform: z.string().optional(),
  /** Done through a client review link, by someone without an account (`actor` is the name they gave). */
  guest: z.boolean().optional(),
});
export type PostEvent = z.infer<typeof PostEventSchema>;
export const PostHistorySchema = z.object({ data: z.array(PostEventSchema) });
export type PostHistory = z.infer<typeof PostHistorySchema>;
