import type { CreateAdminBody } from '../../shared/api/auth.schemas';
import type { Profile, UserList } from '../../shared/api/users.schemas';
import { canManageUsers, toRole } from '../../shared/roles';
import type { Auth } from '../auth/auth';
import { forbidden, type SessionUser } from '../auth/session';
import { AppError } from '../http/errors';
import type { UsersRepo } from './users.repo';

export function createUsersService(repo: UsersRepo, auth: Auth) {
  return {
    async profile(actor: SessionUser): Promise<Profile> {
      const user = await repo.findById(actor.id);
      if (!user) throw new AppError(401, 'UNAUTHORIZED', 'Your account no longer exists.');
      return {
        uid: user.id,
        email: user.email,
        displayName: user.name,
        role: toRole(user.role),
        connections: {},
        settings: { twitterAccountType: 'standard' },
      };
    },

    async list(actor: SessionUser, limit: number, startAfter?: string): Promise<UserList> {
      if (!canManageUsers(actor.role)) throw forbidden();
      const rows = await repo.list(limit, startAfter);
      if (!rows) {
        throw new AppError(400, 'VALIDATION_ERROR', 'Invalid querystring: startAfter (no such user)', {
          fields: { startAfter: 'errors.validation' },
        });
      }
      const page = rows.slice(0, limit);
      return {
        data: page.map((u) => ({
          uid: u.id,
          email: u.email,
          displayName: u.name,
          role: toRole(u.role),
          createdAt: u.createdAt.toISOString(),
        })),
        nextStartAfter: rows.length > limit ? page.at(-1)!.id : null,
      };
    },

    async needsAdmin() {
      return !(await repo.hasAnyUser());
    },

    /** The first account of an installation; it becomes super_admin. Refused once any user exists. */
    async createFirstAdmin(input: CreateAdminBody) {
      if ((await repo.hasAnyUser()) || !(await repo.claimFirstAdmin())) {
        throw new AppError(409, 'ADMIN_EXISTS', 'The administrator account already exists. Please log in.');
      }
      try {
        await auth.api.createUser({
          body: {
            email: input.email,
            password: input.password,
            name: input.name,
            role: 'super_admin' as never,
          },
        });
      } catch (error) {
        await repo.releaseFirstAdmin();
        throw error;
      }
    },
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
