import { type Variables, VARIABLES_MAX } from '../../shared/api/variables.schemas';
import { type SessionUser, scopeOf } from '../auth/session';
import type { WorkspaceId } from '../workspaces/workspaces.repo';
import { AppError, notFound } from '../http/errors';
import type { VariablesRepo } from './variables.repo';

/** A workspace's caption variables: a small name → value map its members share. */
export function createVariablesService(repo: VariablesRepo) {
  const all = async (workspaceId: WorkspaceId): Promise<{ data: Variables }> => {
    // A prototype-less map: a name is only ever a key of this object, never a property of Object.
    const data: Variables = Object.create(null) as Variables;
    for (const { name, value } of await repo.list(workspaceId)) data[name] = value;
    return { data };
  };
  return {
    list: (actor: SessionUser) => all(actor.workspace.id),
    /** Changes a variable, or adds one while the workspace has fewer than VARIABLES_MAX. */
    async set(actor: SessionUser, name: string, value: string) {
      if (!(await repo.set(scopeOf(actor), name, value, VARIABLES_MAX)))
        throw new AppError(
          409,
          'TOO_MANY_VARIABLES',
          `This workspace already has ${VARIABLES_MAX} variables; delete one first.`,
          { params: { max: VARIABLES_MAX } },
        );
      return all(actor.workspace.id);
    },
    async remove(actor: SessionUser, name: string) {
      if (!(await repo.remove(actor.workspace.id, name))) throw notFound(`The variable ${name}`);
      return all(actor.workspace.id);
    },
  };
}
export type VariablesService = ReturnType<typeof createVariablesService>;
