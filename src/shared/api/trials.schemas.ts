import { z } from 'zod';
import { emailField } from './fields';

export const TrialRequestBodySchema = z.object({
  name: z.string().trim().min(1, 'trial.name_required').max(100, 'errors.validation'),
  email: emailField('trial.email_required', 'trial.email_invalid'),
  company: z
    .string()
    .trim()
    .max(200, 'errors.validation')
    .optional()
    .transform((v) => (v ? v : undefined)),
});
export type TrialRequestBody = z.input<typeof TrialRequestBodySchema>;

export const TrialRequestResultSchema = z.object({
  status: z.enum(['received', 'already_requested']),
});
export type TrialRequestResult = z.infer<typeof TrialRequestResultSchema>;
