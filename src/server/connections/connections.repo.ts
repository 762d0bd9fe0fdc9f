import { createHash } from 'node:crypto';
import { and, asc, eq, lt, lte } from 'drizzle-orm';
import { type Db, transaction } from '../db/client';
import { oauthStates, socialConnections } from '../db/schema';
import type { WorkspaceId } from '../workspaces/workspaces.repo';

export type ConnectionRow = typeof socialConnections.$inferSelect;

const hashState = (state: string) => createHash('sha256').update(state).digest('base64url');

/** Connected accounts and OAuth consents in progress; every query names the workspace. */
export function createConnectionsRepo(
  db: Db,
  hooks: {
    /**
     * Run in the transaction that puts a connected account aside for reconnecting, each once per change
     * (alerts mail the owner, webhooks queue their deliveries).
     */
    onNeedsReconnect?: ((tx: Db, row: ConnectionRow, reason: string) => Promise<void>)[];
  } = {},
) {
  return {
    /** The workspace's accounts, the first connected of each network first (the one `find` answers). */
    listByWorkspace(workspaceId: WorkspaceId) {
      return db
        .select()
        .from(socialConnections)
        .where(eq(socialConnections.workspaceId, workspaceId))
        .orderBy(asc(socialConnections.createdAt), asc(socialConnections.id));
    },
    /** The network's first connected account in the workspace: where a target with no account chosen goes. */
    async find(workspaceId: WorkspaceId, platform: string) {
      const [row] = await db
        .select()
        .from(socialConnections)
        .where(and(eq(socialConnections.workspaceId, workspaceId), eq(socialConnections.platform, platform)))
        .orderBy(asc(socialConnections.createdAt), asc(socialConnections.id))
        .limit(1);
      return row;
    },
    /** The account of the network with the network's id `accountId`, or the network's first for null. */
    async findAccount(workspaceId: WorkspaceId, platform: string, accountId: string | null) {
      if (accountId === null) return this.find(workspaceId, platform);
      const [row] = await db
        .select()
        .from(socialConnections)
        .where(
          and(
            eq(socialConnections.workspaceId, workspaceId),
            eq(socialConnections.platform, platform),
            eq(socialConnections.accountId, accountId),
          ),
        );
      return row;
    },
    /** One account of the workspace by its id; another workspace's is not found. */
    async findById(workspaceId: WorkspaceId, id: string) {
      const [row] = await db
        .select()
        .from(socialConnections)
        .where(and(eq(socialConnections.workspaceId, workspaceId), eq(socialConnections.id, id)));
      return row;
    },
    async byId(id: string) {
      const [row] = await db.select().from(socialConnections).where(eq(socialConnections.id, id));
      return row;
    },
    /**
     * Connecting an account adds it; connecting one already there (after "needs reconnecting", or again)
     * renews its credentials and keeps its id, settings and the posts chosen for it.
     */
    async upsert(values: {
      workspaceId: WorkspaceId;
      /** Who connected it: told when it needs reconnecting. */
      userId: string;
      platform: string;
      accountId: string;
      username: string;
      credentials: string;
      tokenExpiresAt: Date | null;
    }) {
      const [row] = await db
        .insert(socialConnections)
        .values(values)
        .onConflictDoUpdate({
          target: [socialConnections.workspaceId, socialConnections.platform, socialConnections.accountId],
          set: {
            userId: values.userId,
            username: values.username,
            credentials: values.credentials,
            tokenExpiresAt: values.tokenExpiresAt,
            status: 'connected',
            statusReason: null,
            updatedAt: new Date(),
          },
        })
        .returning();
      return row!;
    },
    /** Every account of the network in the workspace (the spec's Disconnect of a network). */
    async remove(workspaceId: WorkspaceId, platform: string) {
      const rows = await db
        .delete(socialConnections)
        .where(and(eq(socialConnections.workspaceId, workspaceId), eq(socialConnections.platform, platform)))
        .returning({ id: socialConnections.id });
      return rows.length > 0;
    },
    async removeOne(workspaceId: WorkspaceId, id: string) {
      const rows = await db
        .delete(socialConnections)
        .where(and(eq(socialConnections.workspaceId, workspaceId), eq(socialConnections.id, id)))
        .returning({ id: socialConnections.id });
      return rows.length > 0;
    },
    async setSettings(id: string, settings: Record<string, string>) {
      await db
        .update(socialConnections)
        .set({ settings, updatedAt: new Date() })
        .where(eq(socialConnections.id, id));
    },
    /**
     * Stores refreshed credentials only if nobody else refreshed since we read `previous` (another
     * worker): false tells the caller to read the row again and use theirs.
     */
    async replaceCredentials(id: string, previous: string, credentials: string, tokenExpiresAt: Date | null) {
      const rows = await db
        .update(socialConnections)
        .set({ credentials, tokenExpiresAt, status: 'connected', statusReason: null, updatedAt: new Date() })
        .where(and(eq(socialConnections.id, id), eq(socialConnections.credentials, previous)))
        .returning({ id: socialConnections.id });
      return rows.length > 0;
    },
    /** Sets the account aside; only the change from connected announces it (once, however many find out). */
    async markNeedsReconnect(id: string, reason: string) {
      await transaction(db, async (tx) => {
        const [before] = await tx
          .select({ status: socialConnections.status })
          .from(socialConnections)
          .where(eq(socialConnections.id, id))
          .for('update');
        const [row] = await tx
          .update(socialConnections)
          .set({ status: 'needs_reconnect', statusReason: reason, updatedAt: new Date() })
          .where(eq(socialConnections.id, id))
          .returning();
        if (row && before?.status === 'connected')
          for (const hook of hooks.onNeedsReconnect ?? []) await hook(tx, row, reason);
      });
    },
    /** Connections whose access token ends before `before`, for the refresher. */
    expiringBefore(before: Date) {
      return db
        .select()
        .from(socialConnections)
        .where(and(lte(socialConnections.tokenExpiresAt, before), eq(socialConnections.status, 'connected')));
    },

    async saveState(values: {
      state: string;
      userId: string;
      workspaceId: WorkspaceId;
      sessionId: string;
      platform: string;
      codeVerifier: string;
      expiresAt: Date;
    }) {
      const { state, ...rest } = values;
      await db.insert(oauthStates).values({ stateHash: hashState(state), ...rest });
    },
    /** Takes a state out for good: a second callback with the same state finds nothing. */
    async consumeState(state: string, now: Date) {
      await db.delete(oauthStates).where(lt(oauthStates.expiresAt, now));
      const [row] = await db
        .delete(oauthStates)
        .where(eq(oauthStates.stateHash, hashState(state)))
        .returning();
      return row && row.expiresAt > now ? row : undefined;
    },
  };
}
export type ConnectionsRepo = ReturnType<typeof createConnectionsRepo>;
