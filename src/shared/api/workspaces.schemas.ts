import { z } from 'zod';
import { isTimeZone } from '../time/zoned-day';
import { WORKSPACE_ROLES } from '../workspaces/rules';

export const WORKSPACE_NAME_MAX = 80;
/** Workspaces one user may own: each is a set of accounts, a calendar and its settings. */
export const OWNED_WORKSPACES_MAX = 50;

/** A workspace as one of its members sees it (decision 042). */
export const WorkspaceSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** The zone new posts and rules of the workspace start in; null: each member's own. */
  timeZone: z.string().nullable(),
  approvalRequired: z.boolean(),
  /** The member's own personal workspace: made with their account, never deleted on its own. */
  personal: z.boolean(),
  /** The caller's role there: what `shared/workspaces/rules.ts` lets them do. */
  role: z.enum(WORKSPACE_ROLES),
});
export type Workspace = z.infer<typeof WorkspaceSchema>;

export const WorkspaceListSchema = z.object({
  data: z.array(WorkspaceSchema),
  /** The one this request acted in: the header's, else the caller's personal one. */
  current: z.uuid(),
});
export type WorkspaceList = z.infer<typeof WorkspaceListSchema>;

const NameSchema = z
  .string()
  .trim()
  .min(1, 'workspaces.nameRequired')
  .max(WORKSPACE_NAME_MAX, 'workspaces.nameTooLong');
const ZoneSchema = z
  .string()
  .max(64, 'profile.timeZoneInvalid')
  .refine(isTimeZone, 'profile.timeZoneInvalid')
  .nullable();

export const CreateWorkspaceSchema = z.object({ name: NameSchema, timeZone: ZoneSchema.default(null) });
export type CreateWorkspaceInput = z.input<typeof CreateWorkspaceSchema>;
export const UpdateWorkspaceSchema = z
  .object({
    name: NameSchema.optional(),
    timeZone: ZoneSchema.optional(),
    /** Whether a contributor's scheduling waits for an approval (issue 25). */
    approvalRequired: z.boolean('errors.validation').optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), 'errors.validation');
export type UpdateWorkspaceInput = z.input<typeof UpdateWorkspaceSchema>;
export const WorkspaceParamsSchema = z.object({ wid: z.uuid('errors.notFound') });
