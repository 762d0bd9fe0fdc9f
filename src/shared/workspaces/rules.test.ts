import { describe, expect, it } from 'vitest';
import {
  assignableWorkspaceRoles,
  can,
  keepsAnOwner,
  needsApproval,
  toWorkspaceRole,
  WORKSPACE_ROLES,
  WORKSPACE_RULES,
  type WorkspaceAction,
} from './rules';

describe('workspace rules (decision 042)', () => {
  it('match the table of the decision, role by role', () => {
    const allowed = Object.fromEntries(
      WORKSPACE_ROLES.map((role) => [
        role,
        (Object.keys(WORKSPACE_RULES) as WorkspaceAction[]).filter((action) => can(role, action)),
      ]),
    );
    expect(allowed).toEqual({
      owner: Object.keys(WORKSPACE_RULES),
      admin: [
        'read',
        'comment',
        'write',
        'schedule',
        'scheduleWithoutApproval',
        'editOthersPosts',
        'approve',
        'reviewLinks',
        'manageAccounts',
        'manageSettings',
        'manageMembers',
        'moderateComments',
      ],
      editor: [
        'read',
        'comment',
        'write',
        'schedule',
        'scheduleWithoutApproval',
        'editOthersPosts',
        'approve',
        'reviewLinks',
      ],
      contributor: ['read', 'comment', 'write', 'schedule'],
      reviewer: ['read', 'comment', 'approve'],
    });
  });

  it('ask a contributor alone for approval, and only where the workspace asks for it', () => {
    expect(WORKSPACE_ROLES.filter((role) => needsApproval(role, true))).toEqual(['contributor']);
    expect(WORKSPACE_ROLES.filter((role) => needsApproval(role, false))).toEqual([]);
  });

  it('let only an owner make owners, and nobody below an admin change roles', () => {
    expect(assignableWorkspaceRoles('owner', 'owner')).toEqual([...WORKSPACE_ROLES]);
    expect(assignableWorkspaceRoles('admin', 'editor')).toEqual([
      'admin',
      'editor',
      'contributor',
      'reviewer',
    ]);
    expect(assignableWorkspaceRoles('admin', 'owner')).toEqual([]);
    for (const role of ['editor', 'contributor', 'reviewer'] as const)
      expect(assignableWorkspaceRoles(role, 'reviewer')).toEqual([]);
  });

  it('keep the last owner', () => {
    expect(keepsAnOwner(['ann'], 'ann')).toBe(false);
    expect(keepsAnOwner(['ann', 'ben'], 'ann')).toBe(true);
    expect(keepsAnOwner(['ann'], 'ben')).toBe(true);
  });

  it('read an unknown role as no role at all', () => {
    expect(toWorkspaceRole('editor')).toBe('editor');
    expect(toWorkspaceRole('super_admin')).toBeNull();
    expect(toWorkspaceRole(undefined)).toBeNull();
  });
});
