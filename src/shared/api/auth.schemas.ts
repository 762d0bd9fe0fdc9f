import { z } from 'zod';
import { emailField, newPasswordField } from './fields';

export const SignInBodySchema = z.object({
  email: emailField('login.email_required', 'login.email_invalid'),
  password: z.string().min(1, 'login.password_required').max(1024, 'errors.validation'),
  rememberMe: z.boolean().optional(),
});
export type SignInBody = z.infer<typeof SignInBodySchema>;

export const PasswordResetRequestSchema = z.object({
  email: emailField('login.resetEmailRequired', 'login.email_invalid'),
  redirectTo: z.string().max(200).optional(),
});

export const ResetPasswordBodySchema = z.object({
  newPassword: newPasswordField,
  token: z.string().min(1, 'resetPassword.invalidToken').max(500),
});

export const SetupStatusSchema = z.object({ needsAdmin: z.boolean() });
export type SetupStatus = z.infer<typeof SetupStatusSchema>;

export const CreateAdminBodySchema = z.object({
  name: z.string().trim().min(1, 'setup.name_required').max(100, 'errors.validation'),
  email: emailField('login.email_required', 'login.email_invalid'),
  password: newPasswordField,
});
export type CreateAdminBody = z.infer<typeof CreateAdminBodySchema>;

/** What sign-in and the session call answer: who is signed in, never the session token. */
export const SessionAnswerSchema = z.object({
  user: z.object({ id: z.string(), email: z.string(), name: z.string(), role: z.string() }),
});

export const ResetPasswordLinkParamsSchema = z.object({ token: z.string().min(1).max(500) });
export const ResetPasswordLinkQuerySchema = z.object({ callbackURL: z.string().max(200).optional() });
