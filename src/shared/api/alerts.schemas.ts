import { z } from 'zod';

/** The alert mails a user can turn off (decision 024); the last two go to administrators only. */
export const ALERT_KINDS = [
  'targetFailed',
  'needsReconnect',
  'approvals',
  'mentions',
  'workerMissing',
  'digest',
] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];
export const ADMIN_ALERT_KINDS: readonly AlertKind[] = ['workerMissing', 'digest'];

const flag = z.boolean('errors.validation');

export const AlertPreferencesSchema = z.object({
  targetFailed: z.boolean(),
  needsReconnect: z.boolean(),
  approvals: z.boolean(),
  mentions: z.boolean(),
  workerMissing: z.boolean(),
  digest: z.boolean(),
  /** Whether this user is sent the administrators' alerts (the web shows those switches only then). */
  admin: z.boolean(),
  /** Hours between the administrators' digests on this server (ALERTS_DIGEST_HOURS); 0: none is sent. */
  digestHours: z.number(),
});
export type AlertPreferences = z.infer<typeof AlertPreferencesSchema>;

/** Any of the kinds, each on or off; kinds left out stay as they are. */
export const UpdateAlertPreferencesBodySchema = z
  .strictObject({
    targetFailed: flag.optional(),
    needsReconnect: flag.optional(),
    approvals: flag.optional(),
    mentions: flag.optional(),
    workerMissing: flag.optional(),
    digest: flag.optional(),
  })
  .refine((body) => Object.keys(body).length > 0, 'errors.validation');
export type UpdateAlertPreferences = z.infer<typeof UpdateAlertPreferencesBodySchema>;
