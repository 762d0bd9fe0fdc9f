import { z } from 'zod';
import { PLATFORMS } from '../platforms/rules';
import { ROLES } from '../roles';
import { isTimeZone } from '../time/zoned-day';
import { PASSWORD_MAX, emailField, newPasswordField } from './fields';

export const RoleSchema = z.enum(ROLES, 'users.roleInvalid');

export const UserSchema = z.object({
  uid: z.string(),
  email: z.string(),
  displayName: z.string(),
  role: RoleSchema,
});
export type User = z.infer<typeof UserSchema>;

export const TWITTER_ACCOUNT_TYPES = ['standard', 'professional'] as const;
export const ACCOUNT_STATUSES = ['connected', 'needs_reconnect'] as const;
/** A workspace connects at most this many accounts of one network. */
export const ACCOUNTS_PER_NETWORK_MAX = 20;

/** A connected account: a workspace may have several of one network (issue 25). */
export const AccountSchema = z.object({
  id: z.uuid(),
  platform: z.enum(PLATFORMS),
  username: z.string(),
  /** `needs_reconnect` when the network refused our token and a refresh could not fix it. */
  status: z.enum(ACCOUNT_STATUSES),
  /** X accounts only: standard (280 characters) or professional (4,000). */
  twitterAccountType: z.enum(TWITTER_ACCOUNT_TYPES).optional(),
  connectedAt: z.string(),
});
export type Account = z.infer<typeof AccountSchema>;

export const ProfileSchema = UserSchema.extend({
  /** When a trial account stops being able to schedule and publish; null for full accounts. */
  trialEndsAt: z.string().nullable(),
  /** The IANA zone posts are scheduled in and the calendar's days follow; null: the browser's zone. */
  timeZone: z.string().nullable(),
  /** Keyed by platform: the first connected account of each network (the spec's shape; see `accounts`). */
  connections: z.record(
    z.string(),
    z.object({
      username: z.string().nullable(),
      /** `needs_reconnect` when the network refused our token and a refresh could not fix it. */
      status: z.enum(ACCOUNT_STATUSES),
    }),
  ),
  /** Every connected account of the workspace, the first connected of each network first. */
  accounts: z.array(AccountSchema),
  /** Networks whose app credentials are set on this server (Bluesky needs none). */
  configured: z.record(z.string(), z.boolean()),
  /** The first X account's type (the spec's shape; each account's is in `accounts`). */
  settings: z.object({ twitterAccountType: z.enum(TWITTER_ACCOUNT_TYPES) }),
});
export type Profile = z.infer<typeof ProfileSchema>;

export const USER_PAGE_SIZE = 50;
export const USER_PAGE_MAX = 100;

export const ListUsersQuerySchema = z.object({
  limit: z.coerce
    .number('errors.validation')
    .int('errors.validation')
    .min(1, 'errors.validation')
    .max(USER_PAGE_MAX, 'errors.validation')
    .default(USER_PAGE_SIZE),
  /** The opaque nextCursor of the previous page. */
  startAfter: z.string().max(500, 'errors.validation').optional(),
});

export const AdminUserSchema = UserSchema.extend({
  createdAt: z.string(),
  trialEndsAt: z.string().nullable(),
  /** Until when sign-in from devices the account never used is locked after failed passwords; null: open. */
  lockedUntil: z.string().nullable(),
  /** Bytes the user's media takes in storage (uploads, thumbnails, renders). */
  storageBytes: z.number().int().nonnegative(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;

/** `data.data` is the page of users, as the spec's client reads it. */
export const UserListSchema = z.object({
  data: z.object({ data: z.array(AdminUserSchema), nextCursor: z.string().nullable() }),
});
export type UserList = z.infer<typeof UserListSchema>;

export const UidParamsSchema = z.object({ uid: z.string().min(1).max(200) });

export const UpdateUserBodySchema = z.object({ role: RoleSchema });
export type UpdateUserBody = z.infer<typeof UpdateUserBodySchema>;

export const DISPLAY_NAME_MAX = 100;
const displayNameField = z
  .string()
  .trim()
  .min(1, 'users.displayNameRequired')
  .max(DISPLAY_NAME_MAX, 'profile.displayNameTooLong');

export const CreateUserBodySchema = z.object({
  displayName: displayNameField,
  email: emailField('login.email_required', 'login.email_invalid'),
  password: newPasswordField,
  role: RoleSchema,
});
export type CreateUserBody = z.infer<typeof CreateUserBodySchema>;

export const ExtendTrialBodySchema = z.object({
  days: z
    .number('errors.validation')
    .int('errors.validation')
    .min(1, 'errors.validation')
    .max(365, 'errors.validation'),
});

/** What the signed-in user changes about themselves on the Profile page. */
export const UpdateProfileBodySchema = z.object({
  displayName: displayNameField,
  timeZone: z
    .string('profile.timeZoneInvalid')
    .max(64, 'profile.timeZoneInvalid')
    .refine(isTimeZone, 'profile.timeZoneInvalid'),
});
export type UpdateProfileBody = z.infer<typeof UpdateProfileBodySchema>;

const changePasswordFields = {
  currentPassword: z
    .string('profile.currentPasswordRequired')
    .min(1, 'profile.currentPasswordRequired')
    .max(PASSWORD_MAX, 'profile.currentPasswordWrong'),
  newPassword: newPasswordField,
  /** API tokens survive a password change (they are for scripts) unless the user revokes them with it. */
  revokeApiTokens: z.boolean('errors.validation').optional(),
};
const differs = {
  check: (v: { currentPassword: string; newPassword: string }) => v.newPassword !== v.currentPassword,
  issue: { path: ['newPassword'], message: 'profile.passwordUnchanged' },
};

export const ChangePasswordBodySchema = z.object(changePasswordFields).refine(differs.check, differs.issue);
export type ChangePasswordBody = z.infer<typeof ChangePasswordBodySchema>;

/** The Profile page's form: the body, and the new password typed twice. */
export const ChangePasswordFormSchema = z
  .object({ ...changePasswordFields, confirmPassword: z.string() })
  .refine(differs.check, differs.issue)
  .refine((v) => v.confirmPassword === v.newPassword, {
    path: ['confirmPassword'],
    message: 'resetPassword.mismatch',
  });
export type ChangePasswordFormValues = z.infer<typeof ChangePasswordFormSchema>;
