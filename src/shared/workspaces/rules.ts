/**
 * What each member of a workspace may do there (issue 25, decision 042). The server checks every route
 * against this table; the web reads the same table to leave out what a role cannot do. The instance
 * roles (`shared/roles.ts`) are a separate matter: who administers the server.
 */
export const WORKSPACE_ROLES = ['owner', 'admin', 'editor', 'contributor', 'reviewer'] as const;
export type WorkspaceRole = (typeof WORKSPACE_ROLES)[number];

export const toWorkspaceRole = (value: string | null | undefined): WorkspaceRole | null =>
  WORKSPACE_ROLES.includes(value as WorkspaceRole) ? (value as WorkspaceRole) : null;

const EVERYONE: readonly WorkspaceRole[] = WORKSPACE_ROLES;
const WRITERS: readonly WorkspaceRole[] = ['owner', 'admin', 'editor', 'contributor'];
const PUBLISHERS: readonly WorkspaceRole[] = ['owner', 'admin', 'editor'];
const MANAGERS: readonly WorkspaceRole[] = ['owner', 'admin'];

export const WORKSPACE_RULES = {
  /** Posts, the calendar, analytics, a post's history. */
  read: EVERYONE,
  comment: EVERYONE,
  /** Drafts, templates, variables, custom hashtags, media. */
  write: WRITERS,
  /** Schedule, publish now, retry, reschedule, recurring rules: a contributor asks for approval when it is on. */
  schedule: WRITERS,
  /** Schedule without approval even when the workspace asks for it. */
  scheduleWithoutApproval: PUBLISHERS,
  /** Edit or delete a post someone else wrote. */
  editOthersPosts: PUBLISHERS,
  approve: ['owner', 'admin', 'editor', 'reviewer'],
  reviewLinks: PUBLISHERS,
  /** Connect and disconnect social accounts, webhooks, the workspace's settings. */
  manageAccounts: MANAGERS,
  manageSettings: MANAGERS,
  manageMembers: MANAGERS,
  moderateComments: MANAGERS,
  /** Rename or delete the workspace, make or unmake an owner. */
  own: ['owner'],
} as const satisfies Record<string, readonly WorkspaceRole[]>;
export type WorkspaceAction = keyof typeof WORKSPACE_RULES;

/** Whether a member with `role` may do `action` in their workspace. */
export const can = (role: WorkspaceRole, action: WorkspaceAction): boolean =>
  (WORKSPACE_RULES[action] as readonly WorkspaceRole[]).includes(role);

/**
 * Whether scheduling by a member with `role` waits for an approval, in a workspace that does
 * (`approvalRequired`) or does not ask for one.
 */
export const needsApproval = (role: WorkspaceRole, approvalRequired: boolean): boolean =>
  approvalRequired && can(role, 'schedule') && !can(role, 'scheduleWithoutApproval');

/**
 * The roles `actor` may give a member whose role is now `current` (none: the actor may not change
 * them). Only an owner makes or unmakes owners; an admin manages the other roles.
 */
export function assignableWorkspaceRoles(actor: WorkspaceRole, current: WorkspaceRole): WorkspaceRole[] {
  if (actor === 'owner') return [...WORKSPACE_ROLES];
  if (actor === 'admin' && current !== 'owner') return WORKSPACE_ROLES.filter((role) => role !== 'owner');
  return [];
}

/** Whether a workspace whose owners are `owners` keeps one when `leaving` leaves or stops being one. */
export const keepsAnOwner = (owners: readonly string[], leaving: string): boolean =>
  owners.some((id) => id !== leaving);
