export const ROLES = ['user', 'admin', 'super_admin'] as const;
export type Role = (typeof ROLES)[number];

/** A blank or unknown role is treated as the least privileged one (spec section 3). */
export const toRole = (value: string | null | undefined): Role =>
  ROLES.includes(value as Role) ? (value as Role) : 'user';

/** super_admin can do everything admin can (DESIGN.md section 7). */
export const canManageUsers = (role: Role): boolean => role === 'admin' || role === 'super_admin';
export const canManageSettings = (role: Role): boolean => role === 'super_admin';
