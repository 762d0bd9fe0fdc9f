import { z } from 'zod';
import { ROLES } from '../roles';

export const RoleSchema = z.enum(ROLES);

export const UserSchema = z.object({
  uid: z.string(),
  email: z.string(),
  displayName: z.string(),
  role: RoleSchema,
});
export type User = z.infer<typeof UserSchema>;

export const TWITTER_ACCOUNT_TYPES = ['standard', 'professional'] as const;

export const ProfileSchema = UserSchema.extend({
  /** Keyed by platform; filled by the connections feature. */
  connections: z.record(z.string(), z.object({ username: z.string().nullable() })),
  settings: z.object({ twitterAccountType: z.enum(TWITTER_ACCOUNT_TYPES) }),
});
export type Profile = z.infer<typeof ProfileSchema>;

export const USER_PAGE_SIZE = 50;

export const ListUsersQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(USER_PAGE_SIZE),
  startAfter: z.string().max(200).optional(),
});

export const UserListSchema = z.object({
  data: z.array(UserSchema.extend({ createdAt: z.string() })),
  nextStartAfter: z.string().nullable(),
});
export type UserList = z.infer<typeof UserListSchema>;
