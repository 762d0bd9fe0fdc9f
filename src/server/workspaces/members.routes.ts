import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema } from '../../shared/api/errors.schemas';
import {
  AcceptInvitationSchema,
  ChangeMemberRoleSchema,
  CreateInvitationSchema,
  INVITATION_DAYS,
  InvitationAcceptedSchema,
  InvitationListSchema,
  InvitationMadeSchema,
  InvitationParamsSchema,
  InvitationTokenParamsSchema,
  InvitationViewSchema,
  MemberListSchema,
  MemberParamsSchema,
  MemberSchema,
  WAITING_INVITATIONS_MAX,
} from '../../shared/api/members.schemas';
import { WorkspaceParamsSchema } from '../../shared/api/workspaces.schemas';
import type { Auth } from '../auth/auth';
import type { DeviceCookies } from '../auth/device-cookie';
import { type Guards, pathWorkspaceOf, sessionRequired, userOf } from '../auth/session';
import { creationRate } from '../http/creation-rate';
import type { MembersService } from './members.service';

const E = ApiErrorSchema;

/**
 * The members of a workspace and invitations to join it (issue 25). Everyone there sees who else is;
 * owners and admins change roles, remove members and invite (an admin never touches an owner); anyone
 * may leave, but a workspace always keeps an owner. An invitation's link is the only way in for someone
 * without an account when sign-up is closed.
 */
export async function membersRoutes(
  app: FastifyInstance,
  {
    members,
    guards,
    auth,
    devices,
    createsPerMinute,
  }: {
    members: MembersService;
    guards: Guards;
    auth: Auth;
    devices: DeviceCookies;
    createsPerMinute: number;
  },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['workspaces'];

  r.get(
    '/api/workspaces/:wid/members',
    {
      onRequest: [guards.requireUser, guards.mayAt('read')],
      schema: {
        tags,
        summary: 'The members of a workspace, with their roles and when they were last active there',
        params: WorkspaceParamsSchema,
        response: { 200: MemberListSchema, 400: E, 401: E, 404: E },
      },
    },
    async (request) => members.list(pathWorkspaceOf(request)),
  );

  r.patch(
    '/api/workspaces/:wid/members/:uid',
    {
      onRequest: [guards.requireUser, guards.mayAt('manageMembers')],
      schema: {
        tags,
        summary: "Change a member's role (owners and admins; only an owner makes or unmakes an owner)",
        description:
          'The last owner cannot be demoted (409 LAST_OWNER), nor the owner of a personal workspace.',
        params: MemberParamsSchema,
        body: ChangeMemberRoleSchema,
        response: { 200: MemberSchema, 400: E, 401: E, 403: E, 404: E, 409: E },
      },
    },
    async (request) =>
      members.changeRole(userOf(request), pathWorkspaceOf(request), request.params.uid, request.body),
  );

  r.delete(
    '/api/workspaces/:wid/members/:uid',
    {
      onRequest: [guards.requireUser, guards.mayAt('manageMembers')],
      schema: {
        tags,
        summary: 'Remove a member; their posts stay, their API tokens for this workspace are deleted',
        params: MemberParamsSchema,
        response: { 204: z.null(), 400: E, 401: E, 403: E, 404: E, 409: E },
      },
    },
    async (request, reply) => {
      await members.remove(userOf(request), pathWorkspaceOf(request), request.params.uid);
      return reply.code(204).send(null);
    },
  );

  r.delete(
    '/api/workspaces/:wid/membership',
    {
      onRequest: [guards.requireSession, guards.mayAt('read')],
      schema: {
        tags,
        summary: 'Leave a workspace (never the last owner, nor your personal workspace)',
        params: WorkspaceParamsSchema,
        response: { 204: z.null(), 400: E, 401: E, 403: E, 404: E, 409: E },
      },
    },
    async (request, reply) => {
      const actor = userOf(request);
      await members.remove(actor, pathWorkspaceOf(request), actor.id);
      return reply.code(204).send(null);
    },
  );

  r.get(
    '/api/workspaces/:wid/invitations',
    {
      onRequest: [guards.requireUser, guards.mayAt('manageMembers')],
      schema: {
        tags,
        summary: 'Invitations not yet used nor withdrawn, expired ones included, newest first',
        params: WorkspaceParamsSchema,
        response: { 200: InvitationListSchema, 400: E, 401: E, 403: E, 404: E },
      },
    },
    async (request) => members.invitations(pathWorkspaceOf(request)),
  );

  r.post(
    '/api/workspaces/:wid/invitations',
    {
      onRequest: [guards.requireUser, guards.mayAt('manageMembers')],
      config: { rateLimit: creationRate(createsPerMinute, 'invitations') },
      schema: {
        tags,
        summary: 'Invite someone by email with a role: a one-use link, mailed to them',
        description:
          `The link works once, for ${INVITATION_DAYS} days. Without a mail server (no SMTP_URL) the answer ` +
          `carries it, for you to pass on. Inviting an address again replaces its waiting invitation; at ` +
          `most ${WAITING_INVITATIONS_MAX} wait at once (409 TOO_MANY_INVITATIONS).`,
        params: WorkspaceParamsSchema,
        body: CreateInvitationSchema,
        response: { 201: InvitationMadeSchema, 400: E, 401: E, 403: E, 404: E, 409: E, 429: E },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await members.invite(userOf(request), pathWorkspaceOf(request), request.body)),
  );

  r.delete(
    '/api/workspaces/:wid/invitations/:id',
    {
      onRequest: [guards.requireUser, guards.mayAt('manageMembers')],
      schema: {
        tags,
        summary: 'Withdraw an invitation: its link stops working',
        params: InvitationParamsSchema,
        response: { 204: z.null(), 400: E, 401: E, 403: E, 404: E },
      },
    },
    async (request, reply) => {
      await members.revoke(userOf(request), pathWorkspaceOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  // The link's holder, with or without an account. Guessing is hopeless (256 bits), and limited anyway.
  const perAddress = { rateLimit: { max: 30, timeWindow: '1 minute' } };

  r.get(
    '/api/invitations/:token',
    {
      config: perAddress,
      schema: {
        tags,
        summary: 'What an invitation link offers: the workspace, the role, the invited address',
        params: InvitationTokenParamsSchema,
        response: { 200: InvitationViewSchema, 400: E, 404: E, 410: E, 429: E },
      },
    },
    async (request) => members.view(request.params.token),
  );

  r.post(
    '/api/invitations/:token/accept',
    {
      onRequest: guards.optionalUser,
      config: perAddress,
      schema: {
        tags,
        summary: 'Accept an invitation: signed in with the invited address, or by making an account with it',
        description:
          'Signed in, send nothing. Without a session, send your name and a password: an account with the ' +
          'invited address is made (even when sign-up is closed) and signed in.',
        params: InvitationTokenParamsSchema,
        body: AcceptInvitationSchema,
        response: {
          200: InvitationAcceptedSchema,
          201: InvitationAcceptedSchema,
          400: E,
          403: E,
          404: E,
          409: E,
          410: E,
          429: E,
        },
      },
    },
    async (request, reply) => {
      const user = request.sessionUser;
      if (user?.tokenId) throw sessionRequired();
      const { workspaceId, created } = await members.accept(request.params.token, user, request.body);
      if (!created) return reply.code(200).send({ workspaceId });
      const signIn = await auth.api.signInEmail({ body: created, asResponse: true });
      // The new member's browser is trusted at once, like the first administrator's.
      reply.header('set-cookie', [...signIn.headers.getSetCookie(), devices.issue(created.email, null)]);
      return reply.code(201).send({ workspaceId });
    },
  );
}
