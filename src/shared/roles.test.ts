import { describe, expect, it } from 'vitest';
import { assignableRoles, canManageSettings, canManageUsers, toRole } from './roles';

describe('roles', () => {
  it('reads a blank or unknown role as user', () => {
    expect(toRole('')).toBe('user');
    expect(toRole(null)).toBe('user');
    expect(toRole('root')).toBe('user');
    expect(toRole('super_admin')).toBe('super_admin');
  });

  it('lets super_admin do all that admin can', () => {
    expect([canManageUsers('user'), canManageUsers('admin'), canManageUsers('super_admin')]).toEqual([
      false,
      true,
      true,
    ]);
    expect([canManageSettings('user'), canManageSettings('admin'), canManageSettings('super_admin')]).toEqual(
      [false, false, true],
    );
  });

  it('lets an admin move users between user and admin only, and never touch a super_admin', () => {
    expect(assignableRoles('admin', 'user')).toEqual(['user', 'admin']);
    expect(assignableRoles('admin', 'admin')).toEqual(['user', 'admin']);
    expect(assignableRoles('admin', 'super_admin')).toEqual([]);
    expect(assignableRoles('super_admin', 'user')).toEqual(['user', 'admin', 'super_admin']);
    expect(assignableRoles('user', 'user')).toEqual([]);
  });
});
