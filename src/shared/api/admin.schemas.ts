import { z } from 'zod';
import { isTimeZone } from '../time/zoned-day';

export const TRIAL_DAYS_MIN = 1;
export const TRIAL_DAYS_MAX = 365;

export const SettingsSchema = z.object({
  trialDurationDays: z
    .number('settings.trialDurationInvalid')
    .int('settings.trialDurationInvalid')
    .min(TRIAL_DAYS_MIN, 'settings.trialDurationInvalid')
    .max(TRIAL_DAYS_MAX, 'settings.trialDurationInvalid'),
});
export type Settings = z.infer<typeof SettingsSchema>;

export const TRIAL_STATUSES = ['pending', 'approved', 'rejected'] as const;

export const TrialRequestSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  company: z.string().nullable(),
  status: z.enum(TRIAL_STATUSES),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type TrialRequest = z.infer<typeof TrialRequestSchema>;

/**
 * An approval's answer. When no mail server is configured no mail can leave, so the approving super
 * administrator is given the set-password link to pass on, and when it stops working.
 */
export const TrialApprovalSchema = TrialRequestSchema.extend({
  setPasswordLink: z.url().optional(),
  setPasswordLinkExpiresAt: z.string().optional(),
});
export type TrialApproval = z.infer<typeof TrialApprovalSchema>;

export const TrialListQuerySchema = z.object({
  status: z.enum(TRIAL_STATUSES, 'errors.validation').optional(),
});
export const TrialListSchema = z.object({ data: z.array(TrialRequestSchema) });
export const TrialIdParamsSchema = z.object({ id: z.uuid('errors.validation') });

export const AuditEntrySchema = z.object({
  id: z.uuid(),
  actorEmail: z.string(),
  action: z.string(),
  targetEmail: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;
export const AuditListSchema = z.object({ data: z.array(AuditEntrySchema) });
export const AuditQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(100),
});

export const AdminStatsSchema = z.object({
  users: z.number().int(),
  trialsPending: z.number().int(),
  /** Posts of all users due today, "today" being the day in the `tz` of the request. */
  postsScheduledToday: z.number().int(),
  /** Targets (a post on one network) that failed in the last 24 hours. */
  failuresLast24h: z.number().int(),
});

export const AdminStatsQuerySchema = z.object({
  tz: z.string().max(64).refine(isTimeZone, 'errors.validation').default('UTC'),
});
export type AdminStats = z.infer<typeof AdminStatsSchema>;
