export const ROLES = ['user', 'admin', 'super_admin'] as const;
export type Role = (typeof ROLES)[number];

/** A blank or unknown role is treated as the least privileged one (spec section 3). */
export const toRole = (value: string | null | undefined): Role =>
  ROLES.includes(value as Role) ? (value as Role) : 'user';

// super_admin can do everything admin can (DESIGN.md section 7).
/** List users, change roles between user and admin, see trial requests, extend trials. */
export const canManageUsers = (role: Role): boolean => role === 'admin' || role === 'super_admin';
/** Create and delete users, grant super_admin, decide trial requests, change settings, read the audit log. */
export const isSuperAdmin = (role: Role): boolean => role === 'super_admin';
export const canManageSettings = isSuperAdmin;

/** The roles `actor` may give to a user whose role is now `current` (none: the actor may not edit them). */
export function assignableRoles(actor: Role, current: Role): Role[] {
  if (actor === 'super_admin') return [...ROLES];
  if (actor === 'admin' && current !== 'super_admin') return ['user', 'admin'];
  return [];
}

/**
 * Whether `actor` may open the sign-in lock of a user whose role is `target`: the users whose role they
 * may edit. An admin cannot unlock a super_admin, which would let them keep guessing that password.
 */
export const canUnlock = (actor: Role, target: Role): boolean => assignableRoles(actor, target).length > 0;
