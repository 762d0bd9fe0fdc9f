import type { Variables } from '../../shared/api/variables.schemas';
import type { SessionUser } from '../auth/session';
import { notFound } from '../http/errors';
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
    async set(actor: SessionUser, name: string, value: string) {
      await repo.set(actor.id, name, value);
      return all(actor.id);
    },
    async remove(actor: SessionUser, name: string) {
      if (!(await repo.remove(actor.id, name))) throw notFound(`The variable ${name}`);
      return all(actor.id);
    },
  };
}
export type VariablesService = ReturnType<typeof createVariablesService>;
