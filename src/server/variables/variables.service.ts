import { type Variables, VARIABLES_MAX } from '../../shared/api/variables.schemas';
import type { SessionUser } from '../auth/session';
import { AppError, notFound } from '../http/errors';
import type { VariablesRepo } from './variables.repo';

/** A user's caption variables: a small name → value map, each user's own. */
export function createVariablesService(repo: VariablesRepo) {
  const all = async (userId: string): Promise<{ data: Variables }> => {
    // A prototype-less map: a name is only ever a key of this object, never a property of Object.
    const data: Variables = Object.create(null) as Variables;
    for (const { name, value } of await repo.list(userId)) data[name] = value;
    return { data };
  };
  return {
    list: (actor: SessionUser) => all(actor.id),
    /** Changes a variable, or adds one while the user has fewer than VARIABLES_MAX. */
    async set(actor: SessionUser, name: string, value: string) {
      if (!(await repo.set(actor.id, name, value, VARIABLES_MAX)))
        throw new AppError(
          409,
          'TOO_MANY_VARIABLES',
          `You already have ${VARIABLES_MAX} variables; delete one first.`,
          { params: { max: VARIABLES_MAX } },
        );
      return all(actor.id);
    },
    async remove(actor: SessionUser, name: string) {
      if (!(await repo.remove(actor.id, name))) throw notFound(`The variable ${name}`);
      return all(actor.id);
    },
  };
}
export type VariablesService = ReturnType<typeof createVariablesService>;
