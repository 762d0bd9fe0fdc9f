import type { ApiErrorCode } from '../../shared/api/error-codes';
import type { ApiToken, CreateTokenInput, CreatedToken, TokenState } from '../../shared/api/tokens.schemas';
import { canManageUsers, toRole } from '../../shared/roles';
import type { AuditRepo } from '../audit/audit.repo';
import { forbidden, sessionRequired, type SessionUser, type SignedInUser } from '../auth/session';
import { asWorkspaceId } from '../workspaces/workspaces.repo';
import { AppError, notFound } from '../http/errors';
import { hashToken, looksLikeToken, newToken } from './token-secret';
import type { TokenRate } from './token-rate';
import { LAST_USED_EVERY_MS, type TokenRow, type TokenWithOwner, type TokensRepo } from './tokens.repo';

/** Tokens one user may hold that still work; revoked and expired ones do not count. */
export const USABLE_TOKENS_MAX = 50;
const DAY_MS = 86_400_000;

const tokenError = (code: ApiErrorCode, message: string) => new AppError(401, code, message);

export interface TokensServiceDeps {
  repo: TokensRepo;
  audit: AuditRepo;
  rate: TokenRate;
  clock: () => Date;
}

function stateOf(row: TokenRow, now: Date): TokenState {
  if (row.revokedAt) return 'revoked';
  if (row.expiresAt && row.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'active';
}

const toToken = (row: TokenRow, now: Date): ApiToken => ({
  id: row.id,
  name: row.name,
  prefix: row.displayPrefix,
  state: stateOf(row, now),
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt?.toISOString() ?? null,
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  revokedAt: row.revokedAt?.toISOString() ?? null,
  workspaceId: row.workspaceId,
  workspaceName: row.workspaceName,
});

const toAdminToken = (row: TokenWithOwner, now: Date) => ({ ...toToken(row, now), owner: row.owner });

/** Token management is for a signed-in person: a token cannot mint, list or revoke tokens. */
function assertSession(actor: SessionUser) {
  if (actor.tokenId) throw sessionRequired();
}

export function createTokensService({ repo, audit, rate, clock }: TokensServiceDeps) {
  return {
    async list(actor: SessionUser) {
      assertSession(actor);
      const now = clock();
      return { data: (await repo.listByUser(actor.id)).map((row) => toToken(row, now)) };
    },

    async create(actor: SessionUser, input: CreateTokenInput): Promise<CreatedToken> {
      assertSession(actor);
      const now = clock();
      const { token, hash, displayPrefix } = newToken();
      const row = await repo.createWithinCap(
        {
          userId: actor.id,
          workspaceId: actor.workspace.id,
          name: input.name,
          tokenHash: hash,
          displayPrefix,
          expiresAt:
            input.expiresInDays === null ? null : new Date(now.getTime() + input.expiresInDays * DAY_MS),
        },
        now,
        USABLE_TOKENS_MAX,
      );
      if (!row)
        throw new AppError(
          409,
          'TOO_MANY_TOKENS',
          `You already have ${USABLE_TOKENS_MAX} working tokens; revoke one first.`,
          { params: { max: USABLE_TOKENS_MAX } },
        );
      await audit.record({
        actor,
        action: 'token.created',
        details: { tokenId: row.id, name: row.name, expiresAt: row.expiresAt?.toISOString() ?? null },
      });
      return { ...toToken(row, now), token };
    },

    /** Revokes one of the actor's own tokens; another user's token is not found. */
    async revoke(actor: SessionUser, id: string) {
      assertSession(actor);
      const found = await repo.find(id);
      if (!found || found.userId !== actor.id) throw notFound('This token');
      const row = await repo.revoke(id, clock());
      if (!found.revokedAt)
        await audit.record({ actor, action: 'token.revoked', details: { tokenId: id, name: found.name } });
      return toToken(row ?? found, clock());
    },

    /** Revokes every token of the actor (the password dialog's "Also revoke my API tokens"). */
    async revokeAllOwn(actor: SessionUser): Promise<number> {
      assertSession(actor);
      const count = await repo.revokeAllOf(actor.id, clock());
      if (count) await audit.record({ actor, action: 'token.revoked_all', details: { count } });
      return count;
    },

    async listAll(actor: SessionUser, limit: number, offset: number) {
      assertSession(actor);
      if (!canManageUsers(actor.role)) throw forbidden();
      const now = clock();
      const { rows, total } = await repo.listAll(limit, offset);
      return { data: rows.map((row) => toAdminToken(row, now)), total };
    },

    /** An administrator revokes anyone's token (taking access away needs no more than seeing it). */
    async revokeAny(actor: SessionUser, id: string) {
      assertSession(actor);
      if (!canManageUsers(actor.role)) throw forbidden();
      const found = await repo.find(id);
      if (!found) throw notFound('This token');
      const row = await repo.revoke(id, clock());
      if (!found.revokedAt)
        await audit.record({
          actor,
          action: 'token.revoked_by_admin',
          target: found.owner,
          details: { tokenId: id, name: found.name },
        });
      return toAdminToken(row ?? found, clock());
    },

    /**
     * The user a bearer token stands for, as the database has them now (role included), or a 401 that
     * says why not. Also counts the call against the token's minute (`retryAfterSeconds` when over).
     */
    async authenticate(value: string): Promise<{ user: SignedInUser; retryAfterSeconds: number | null }> {
      if (!looksLikeToken(value)) throw tokenError('TOKEN_INVALID', 'This API token is not valid.');
      const found = await repo.findByHash(hashToken(value));
      if (!found) throw tokenError('TOKEN_INVALID', 'This API token is not valid.');
      const { token, user } = found;
      const now = clock();
      if (token.revokedAt) throw tokenError('TOKEN_REVOKED', 'This API token has been revoked.');
      if (token.expiresAt && token.expiresAt.getTime() <= now.getTime())
        throw tokenError('TOKEN_EXPIRED', 'This API token has expired.');
      if (user.banned && (!user.banExpires || user.banExpires.getTime() > now.getTime()))
        throw tokenError('ACCOUNT_DISABLED', 'The account of this API token is disabled.');
      const retryAfterSeconds = rate.take(token.id);
      if (!token.lastUsedAt || now.getTime() - token.lastUsedAt.getTime() >= LAST_USED_EVERY_MS)
        await repo.touch(token.id, now);
      return {
        user: {
          id: user.id,
          email: user.email,
          name: user.name,
          role: toRole(user.role),
          trialEndsAt: user.trialEndsAt,
          sessionId: `token:${token.id}`,
          tokenId: token.id,
          tokenWorkspaceId: asWorkspaceId(token.workspaceId),
        },
        retryAfterSeconds,
      };
    },
  };
}
export type TokensService = ReturnType<typeof createTokensService>;
