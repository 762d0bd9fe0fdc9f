import { createHash, randomBytes } from 'node:crypto';
import { type ChangeFeed, NO_CHANGE_FEED } from '../db/change-feed';
import type { FastifyBaseLogger } from 'fastify';
import { connectErrorCode } from '../../shared/api/error-codes';
import { type Account, ACCOUNTS_PER_NETWORK_MAX, type Profile } from '../../shared/api/users.schemas';
import { PLATFORMS, type Platform, type TwitterAccountType } from '../../shared/platforms/rules';
import { can } from '../../shared/workspaces/rules';
import { type SessionUser, scopeOf } from '../auth/session';
import {
  type Scope,
  type WorkspaceId,
  type WorkspacesRepo,
  asWorkspaceId,
} from '../workspaces/workspaces.repo';
import { AppError } from '../http/errors';
import type { Account as NetworkAccount, Credentials, PlatformAdapter } from '../platforms/contract';
import { PlatformError } from '../platforms/contract';
import { PLATFORM_NAMES } from '../../shared/platforms/names';
import type { ConnectionRow, ConnectionsRepo } from './connections.repo';
import type { Sealer } from './crypto';

/** An OAuth consent must come back within this long. */
const STATE_TTL_MS = 10 * 60_000;
/** A token this close to its end is refreshed before use. */
const REFRESH_MARGIN_MS = 5 * 60_000;
const NETWORK_TIMEOUT_MS = 20_000;

export interface ConnectionsServiceDeps {
  repo: ConnectionsRepo;
  sealer: Sealer;
  adapters: Record<Platform, PlatformAdapter>;
  connectBluesky: (
    handle: string,
    appPassword: string,
    signal: AbortSignal,
  ) => Promise<{ credentials: Credentials; account: NetworkAccount }>;
  publicUrl: string;
  clock: () => Date;
  logger: FastifyBaseLogger;
  /** Told of each connect and disconnect: the calendar shows which posts have no account. */
  changes?: ChangeFeed;
  /** Whether the caller of an OAuth callback may still connect accounts where the consent began. */
  workspaces: Pick<WorkspacesRepo, 'membership'>;
}

const expiry = (credentials: Credentials) => (credentials.expiresAt ? new Date(credentials.expiresAt) : null);

/** The account is set aside until its owner reconnects it: what a publish or a metric read then fails with. */
export const needsReconnect = (platform: Platform) =>
  new PlatformError(
    'permanent',
    `Your ${PLATFORM_NAMES[platform]} account needs reconnecting. Reconnect it, then retry.`,
    {
      code: 'needs_reconnect',
    },
  );

/** What the person reads when a network refuses to connect. */
function connectError(platform: Platform, error: unknown): AppError {
  if (error instanceof PlatformError) {
    const status = error.kind === 'transient' ? 502 : 400;
    return new AppError(status, connectErrorCode(error.options.code), error.message, {
      params: { platform: PLATFORM_NAMES[platform] },
    });
  }
  throw error;
}

const tooManyAccounts = (platform: Platform) =>
  new AppError(
    409,
    'TOO_MANY_ACCOUNTS',
    `This workspace has ${ACCOUNTS_PER_NETWORK_MAX} ${PLATFORM_NAMES[platform]} accounts, the most it can connect.`,
    { params: { platform: PLATFORM_NAMES[platform], max: ACCOUNTS_PER_NETWORK_MAX } },
  );

const notConnected = () => new AppError(404, 'NOT_CONNECTED', 'This account is not connected.');

/** A connection as the API shows it: never its credentials. */
export const toAccount = (row: ConnectionRow): Account => ({
  id: row.id,
  platform: row.platform as Platform,
  username: row.username,
  status: row.status,
  ...(row.platform === 'twitter'
    ? { twitterAccountType: (row.settings.twitterAccountType as TwitterAccountType) ?? 'standard' }
    : {}),
  connectedAt: row.createdAt.toISOString(),
});

/** Opened credentials kept by their sealed value, at most. */
const OPENED_KEPT = 1000;

export function createConnectionsService(deps: ConnectionsServiceDeps) {
  const { repo, sealer, adapters, clock, logger, workspaces, changes = NO_CHANGE_FEED } = deps;
  const redirectUri = (platform: Platform) => `${deps.publicUrl}/api/social/${platform}/callback`;
  const seal = (credentials: Credentials) => sealer.seal(JSON.stringify(credentials));
  // A sealed value always opens to the same credentials: a burst of one account's posts opens it once.
  const opened = new Map<string, Credentials>();
  const unseal = (row: ConnectionRow): Credentials => {
    let credentials = opened.get(row.credentials);
    if (!credentials) {
      credentials = JSON.parse(sealer.open(row.credentials)) as Credentials;
      if (opened.size >= OPENED_KEPT) opened.delete(opened.keys().next().value!);
      opened.set(row.credentials, credentials);
    }
    return { ...credentials };
  };

  const store = async (
    { workspaceId, userId }: Scope,
    platform: Platform,
    result: { credentials: Credentials; account: NetworkAccount },
  ) => {
    const known = (await repo.listByWorkspace(workspaceId)).filter((r) => r.platform === platform);
    if (!known.some((r) => r.accountId === result.account.id) && known.length >= ACCOUNTS_PER_NETWORK_MAX)
      throw tooManyAccounts(platform);
    const row = await repo.upsert({
      workspaceId,
      userId,
      platform,
      accountId: result.account.id,
      username: result.account.username,
      credentials: seal(result.credentials),
      tokenExpiresAt: expiry(result.credentials),
    });
    changes.touch('posts', workspaceId);
    return row;
  };

  const oauthOf = (platform: Platform) => {
    const adapter = adapters[platform];
    if (!adapter.oauth)
      throw new AppError(
        400,
        'NOT_OAUTH',
        `${PLATFORM_NAMES[platform]} connects with a handle and an app password (POST /api/social/bluesky/connect).`,
      );
    if (!adapter.configured)
      throw new AppError(
        409,
        'NOT_CONFIGURED',
        `${PLATFORM_NAMES[platform]} is not configured on this server: the administrator must set ${platform.toUpperCase()}_CLIENT_ID and ${platform.toUpperCase()}_CLIENT_SECRET.`,
        { params: { platform: PLATFORM_NAMES[platform] } },
      );
    return adapter.oauth;
  };

  /** One refresh at a time per connection in this process (networks rotate refresh tokens). */
  const refreshing = new Map<string, Promise<Credentials>>();

  const refresh = async (row: ConnectionRow): Promise<Credentials> => {
    const oauth = adapters[row.platform as Platform].oauth;
    const current = unseal(row);
    if (!oauth || !current.refreshToken) return current;
    try {
      const next = await oauth.refresh(current, AbortSignal.timeout(NETWORK_TIMEOUT_MS));
      const saved = await repo.replaceCredentials(row.id, row.credentials, seal(next), expiry(next));
      if (saved) return next;
      // Another worker refreshed first: theirs is the live token.
      const latest = await repo.byId(row.id);
      return latest ? unseal(latest) : next;
    } catch (error) {
      if (error instanceof PlatformError && error.kind === 'auth') {
        const latest = await repo.byId(row.id);
        if (latest && latest.credentials !== row.credentials) return unseal(latest);
        await repo.markNeedsReconnect(row.id, error.message);
        logger.warn(
          { platform: row.platform, connection: row.id },
          'token refresh refused: needs reconnecting',
        );
      }
      throw error;
    }
  };

  return {
    /** The profile's connections part: accounts, which networks this server can connect, X's account type. */
    async summary(
      workspaceId: WorkspaceId,
    ): Promise<Pick<Profile, 'connections' | 'accounts' | 'configured' | 'settings'>> {
      const rows = await repo.listByWorkspace(workspaceId);
      const twitter = rows.find((r) => r.platform === 'twitter');
      // The rows come first connected first: the spec's map keeps each network's first.
      const first = new Map<string, ConnectionRow>();
      for (const row of rows) if (!first.has(row.platform)) first.set(row.platform, row);
      return {
        connections: Object.fromEntries(
          [...first.values()].map((r) => [r.platform, { username: r.username || null, status: r.status }]),
        ),
        accounts: rows.map(toAccount),
        configured: Object.fromEntries(PLATFORMS.map((p) => [p, adapters[p].configured])),
        settings: {
          twitterAccountType: (twitter?.settings.twitterAccountType as TwitterAccountType) ?? 'standard',
        },
      };
    },

    /** The consent URL, with a one-use state bound to this session and a PKCE verifier kept here. */
    async startOAuth(actor: SessionUser, platform: Platform) {
      const oauth = oauthOf(platform);
      const state = randomBytes(24).toString('base64url');
      const codeVerifier = randomBytes(48).toString('base64url');
      const codeChallenge = createHash('sha256').update(codeVerifier).digest('base64url');
      await repo.saveState({
        state,
        userId: actor.id,
        workspaceId: actor.workspace.id,
        sessionId: actor.sessionId,
        platform,
        codeVerifier: sealer.seal(codeVerifier),
        expiresAt: new Date(clock().getTime() + STATE_TTL_MS),
      });
      return { url: oauth.authorizeUrl({ state, codeChallenge, redirectUri: redirectUri(platform) }) };
    },

    /**
     * The network sent the browser back. Returns where to send it next: the posts page, saying whether
     * it worked. A missing, reused, expired or foreign state stores nothing.
     */
    async finishOAuth(
      actor: SessionUser | undefined,
      platform: Platform,
      query: { code?: string; state?: string; error?: string },
    ): Promise<string> {
      // Back to the Posts page of the workspace the consent began in, once that is known.
      let page = '/posts';
      const back = (outcome: string) => `${page}?${new URLSearchParams({ platform, connect: outcome })}`;
      if (!actor) return `/login?redirect=${encodeURIComponent('/posts')}`;
      if (!query.state) return back('invalid_state');
      const saved = await repo.consumeState(query.state, clock());
      if (
        !saved ||
        saved.platform !== platform ||
        saved.userId !== actor.id ||
        saved.sessionId !== actor.sessionId
      )
        return back('invalid_state');
      // The consent began in a workspace where the caller could connect accounts: they still must.
      const member = await workspaces.membership(actor.id, asWorkspaceId(saved.workspaceId));
      if (!member || !can(member.role, 'manageAccounts')) return back('invalid_state');
      page = `/w/${member.id}/posts`;
      if (query.error || !query.code) return back('denied');
      try {
        const oauth = oauthOf(platform);
        const result = await oauth.exchangeCode(
          {
            code: query.code,
            codeVerifier: sealer.open(saved.codeVerifier),
            redirectUri: redirectUri(platform),
          },
          AbortSignal.timeout(NETWORK_TIMEOUT_MS),
        );
        await store({ workspaceId: member.id, userId: actor.id }, platform, result);
        logger.info({ platform, user: actor.id }, 'account connected');
        return back('ok');
      } catch (error) {
        if (!(error instanceof PlatformError) && !(error instanceof AppError)) throw error;
        if (error instanceof AppError && error.code === 'TOO_MANY_ACCOUNTS') return back('too_many');
        logger.warn({ platform, err: { message: error.message } }, 'OAuth code exchange failed');
        return back('failed');
      }
    },

    async connectBluesky(actor: SessionUser, body: { handle: string; appPassword: string }) {
      try {
        const result = await deps.connectBluesky(
          body.handle,
          body.appPassword,
          AbortSignal.timeout(NETWORK_TIMEOUT_MS),
        );
        const row = await store(scopeOf(actor), 'bluesky', result);
        return { username: row.username };
      } catch (error) {
        throw connectError('bluesky', error);
      }
    },

    async disconnect(actor: SessionUser, platform: Platform) {
      if (!(await repo.remove(actor.workspace.id, platform)))
        throw new AppError(404, 'NOT_CONNECTED', `No ${PLATFORM_NAMES[platform]} account is connected.`);
      changes.touch('posts', actor.workspace.id);
    },

    /** The spec's setting of "the" X account: every X account of the workspace. */
    async setTwitterAccountType(actor: SessionUser, accountType: TwitterAccountType) {
      const rows = (await repo.listByWorkspace(actor.workspace.id)).filter((r) => r.platform === 'twitter');
      if (!rows.length) throw new AppError(404, 'NOT_CONNECTED', 'No X account is connected.');
      for (const row of rows)
        await repo.setSettings(row.id, { ...row.settings, twitterAccountType: accountType });
    },

    async listAccounts(actor: SessionUser) {
      return { data: (await repo.listByWorkspace(actor.workspace.id)).map(toAccount) };
    },

    /** Disconnects one account; posts chosen for it say so until it is connected again. */
    async disconnectAccount(actor: SessionUser, id: string) {
      if (!(await repo.removeOne(actor.workspace.id, id))) throw notConnected();
      changes.touch('posts', actor.workspace.id);
    },

    async setAccountType(actor: SessionUser, id: string, accountType: TwitterAccountType) {
      const row = await repo.findById(actor.workspace.id, id);
      if (!row) throw notConnected();
      if (row.platform !== 'twitter')
        throw new AppError(400, 'VALIDATION_ERROR', 'Invalid body: accountType (only an X account has one)', {
          fields: { accountType: 'connections.accountTypeInvalid' },
        });
      await repo.setSettings(row.id, { ...row.settings, twitterAccountType: accountType });
    },

    /** Live credentials of a connection for a publish: refreshed first when close to expiring, or when `force`. */
    async credentialsFor(row: ConnectionRow, options: { force?: boolean } = {}): Promise<Credentials> {
      const current = unseal(row);
      const ends = expiry(current);
      const due = options.force || (ends !== null && ends.getTime() - clock().getTime() < REFRESH_MARGIN_MS);
      if (!due) return current;
      let pending = refreshing.get(row.id);
      if (!pending) {
        pending = refresh(row).finally(() => refreshing.delete(row.id));
        refreshing.set(row.id, pending);
      }
      return pending;
    },

    /**
     * Calls the network with the connection's live credentials. On an auth refusal an OAuth network's
     * token is refreshed once and the call made again (`again` true: an earlier call may have reached the
     * network before it refused). A refusal that survives marks the connection `needs_reconnect` and
     * throws `needsReconnect`. Publishing and metric reads both go through here, so an account is put
     * aside for reconnecting the same way whatever found it out.
     */
    async withCredentials<T>(
      row: ConnectionRow,
      call: (credentials: Credentials, again: boolean) => Promise<T>,
    ): Promise<T> {
      const platform = row.platform as Platform;
      const reconnect = async (error: PlatformError) => {
        await repo.markNeedsReconnect(row.id, error.message);
        return needsReconnect(platform);
      };
      try {
        return await call(await this.credentialsFor(row), false);
      } catch (error) {
        if (!(error instanceof PlatformError) || error.kind !== 'auth') throw error;
        if (!adapters[platform].oauth) throw await reconnect(error);
        let credentials;
        try {
          credentials = await this.credentialsFor(row, { force: true });
        } catch (refreshError) {
          if (refreshError instanceof PlatformError && refreshError.kind === 'auth')
            throw await reconnect(refreshError);
          throw refreshError;
        }
        try {
          return await call(credentials, true);
        } catch (again) {
          if (again instanceof PlatformError && again.kind === 'auth') throw await reconnect(again);
          throw again;
        }
      }
    },

    /** Keeps credentials an adapter renewed during a publish, unless someone renewed them meanwhile. */
    async saveRenewed(row: ConnectionRow, credentials: Credentials) {
      await repo.replaceCredentials(row.id, row.credentials, seal(credentials), expiry(credentials));
    },

    /** Refreshes every token that ends within the hour, so that posts never wait on a refresh. */
    async refreshExpiring() {
      const rows = await repo.expiringBefore(new Date(clock().getTime() + 60 * 60_000));
      for (const row of rows) {
        await this.credentialsFor(row, { force: true }).catch((error: unknown) =>
          logger.warn(
            { platform: row.platform, err: { message: (error as Error).message } },
            'token refresh failed',
          ),
        );
      }
    },
  };
}
export type ConnectionsService = ReturnType<typeof createConnectionsService>;
