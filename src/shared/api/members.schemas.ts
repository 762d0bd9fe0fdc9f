import { z } from 'zod';
import { WORKSPACE_ROLES } from '../workspaces/rules';
import { emailField, newPasswordField } from './fields';

/** Invitations waiting in one workspace at most: each is a mail, and a list an admin reads. */
export const WAITING_INVITATIONS_MAX = 100;
/** How long an invitation's link works. */
export const INVITATION_DAYS = 7;

/** A member of a workspace, as its members see them (issue 25). */
export const MemberSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(WORKSPACE_ROLES),
  joinedAt: z.iso.datetime({ offset: true }),
  /** Their last request in this workspace; null: none since they joined (or since this was kept). */
  lastActiveAt: z.iso.datetime({ offset: true }).nullable(),
  /** Whose personal workspace this is: they stay its owner. */
  personalOwner: z.boolean(),
});
export type Member = z.infer<typeof MemberSchema>;
export const MemberListSchema = z.object({ data: z.array(MemberSchema) });
export type MemberList = z.infer<typeof MemberListSchema>;

export const MemberParamsSchema = z.object({
  wid: z.uuid('errors.notFound'),
  uid: z.string().min(1).max(64),
});
export const ChangeMemberRoleSchema = z.object({ role: z.enum(WORKSPACE_ROLES, 'members.roleRequired') });
export type ChangeMemberRoleInput = z.input<typeof ChangeMemberRoleSchema>;

/** An invitation as the workspace's admins see it: never its link, which only the invitee holds. */
export const InvitationSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  role: z.enum(WORKSPACE_ROLES),
  invitedBy: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  expiresAt: z.iso.datetime({ offset: true }),
  /** `waiting` until it is used, revoked or past `expiresAt`; only waiting and expired ones are listed. */
  status: z.enum(['waiting', 'expired']),
});
export type Invitation = z.infer<typeof InvitationSchema>;
export const InvitationListSchema = z.object({ data: z.array(InvitationSchema) });

export const CreateInvitationSchema = z.object({
  email: emailField('invitations.emailRequired', 'login.email_invalid'),
  role: z.enum(WORKSPACE_ROLES, 'members.roleRequired'),
});
export type CreateInvitationInput = z.input<typeof CreateInvitationSchema>;

export const InvitationMadeSchema = z.object({
  invitation: InvitationSchema,
  /**
   * The link to pass on by hand, when no mail can leave this server (no SMTP_URL); null when it was
   * mailed to the invitee, who then holds the only copy.
   */
  link: z.string().nullable(),
});
export type InvitationMade = z.infer<typeof InvitationMadeSchema>;
export const InvitationParamsSchema = z.object({
  wid: z.uuid('errors.notFound'),
  id: z.uuid('errors.notFound'),
});

/** The token of an invitation's link (`/invite#<token>`): 43 base64url characters. */
export const InvitationTokenParamsSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'invitations.notFound'),
});

/** What the link's holder learns: enough to decide, nothing else of the workspace. */
export const InvitationViewSchema = z.object({
  workspaceName: z.string(),
  role: z.enum(WORKSPACE_ROLES),
  email: z.string(),
  invitedBy: z.string().nullable(),
  expiresAt: z.iso.datetime({ offset: true }),
  /** Whether an account with this address exists: sign in to accept, else make one. */
  hasAccount: z.boolean(),
  /** Whether an account may be made here with a password; not with single sign-on only. */
  passwordAccounts: z.boolean(),
});
export type InvitationView = z.infer<typeof InvitationViewSchema>;

/** Accepting signed in sends nothing; accepting without an account makes one with the invited address. */
export const AcceptInvitationSchema = z
  .object({
    name: z.string().trim().min(1, 'setup.name_required').max(100, 'errors.validation'),
    password: newPasswordField,
  })
  .partial();
export type AcceptInvitationInput = z.input<typeof AcceptInvitationSchema>;
export const InvitationAcceptedSchema = z.object({ workspaceId: z.uuid() });
