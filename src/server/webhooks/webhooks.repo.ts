import { and, count, desc, eq, gt, lt, sql } from 'drizzle-orm';
import { WEBHOOK_TEST_EVENT } from '../../shared/api/webhooks.schemas';
import { type Db, rowsOf, transaction } from '../db/client';
import { lockOwnerRows } from '../db/owner-lock';
import { users, webhookDeliveries, webhookEndpoints } from '../db/schema';
import type { WebhookEventToSend } from './deliver-webhook.job';
import type { WorkspaceId } from '../workspaces/workspaces.repo';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type EndpointWithOwner = EndpointRow & { owner: { id: string; email: string; name: string } };
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;

/** Deliveries the log shows per endpoint, newest first. */
export const DELIVERY_LOG_MAX = 50;
/** Deliveries older than this are deleted when their endpoint gets a new one. */
const DELIVERY_KEEP_MS = 30 * 86_400_000;

const owner = { id: users.id, email: users.email, name: users.name };

/** Administrators' `all` endpoints receive every workspace's events while their owner is still an administrator. */
const ADMIN_ROLES = sql`('admin', 'super_admin')`;

/** A post's network as an event shows it. */
export interface EventTargetRow {
  id: string;
  post_id: string;
  platform: string;
  status: string;
  remote_url: string | null;
  last_error_code: string | null;
  /** The account it went to (GET /api/social/accounts), while that account stays connected. */
  connection_id: string | null;
}

/** Endpoints and their delivery log; an endpoint belongs to a workspace and hears its events. */
export function createWebhooksRepo(db: Db) {
  return {
    /**
     * Adds the endpoint unless its workspace already has `max`; null then. Counted and inserted under the
     * workspace's lock, so concurrent creates cannot pass the cap together.
     */
    createWithinCap(
      values: Pick<
        EndpointRow,
        'userId' | 'workspaceId' | 'url' | 'events' | 'scope' | 'secretSealed' | 'secretPrefix'
      >,
      max: number,
    ) {
      return transaction(db, async (tx) => {
        await lockOwnerRows(tx, 'webhook_endpoints', values.workspaceId);
        const [held] = await tx
          .select({ n: count() })
          .from(webhookEndpoints)
          .where(eq(webhookEndpoints.workspaceId, values.workspaceId));
        if ((held?.n ?? 0) >= max) return null;
        const [row] = await tx.insert(webhookEndpoints).values(values).returning();
        return row!;
      });
    },
    listByWorkspace(workspaceId: WorkspaceId) {
      return db
        .select()
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.workspaceId, workspaceId))
        .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id));
    },
    async listAll(limit: number, offset: number) {
      const [rows, [total]] = await Promise.all([
        db
          .select({ endpoint: webhookEndpoints, owner })
          .from(webhookEndpoints)
          .innerJoin(users, eq(users.id, webhookEndpoints.userId))
          .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(webhookEndpoints),
      ]);
      return {
        rows: rows.map((r): EndpointWithOwner => ({ ...r.endpoint, owner: r.owner })),
        total: total?.n ?? 0,
      };
    },
    async find(id: string): Promise<EndpointWithOwner | undefined> {
      const [row] = await db
        .select({ endpoint: webhookEndpoints, owner })
        .from(webhookEndpoints)
        .innerJoin(users, eq(users.id, webhookEndpoints.userId))
        .where(eq(webhookEndpoints.id, id));
      return row ? { ...row.endpoint, owner: row.owner } : undefined;
    },
    async update(id: string, values: Partial<Pick<EndpointRow, 'enabled' | 'events'>>) {
      const [row] = await db
        .update(webhookEndpoints)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(webhookEndpoints.id, id))
        .returning();
      return row;
    },
    async remove(id: string) {
      const rows = await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id)).returning();
      return rows[0];
    },
    /** The endpoint's latest deliveries, newest first. */
    deliveries(endpointId: string) {
      return db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.endpointId, endpointId))
        .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
        .limit(DELIVERY_LOG_MAX);
    },
    /** Creates one delivery of `body` to the endpoint inside `tx` (a test event), and forgets old ones. */
    async addDelivery(tx: Db, endpointId: string, event: string, body: string, now: Date) {
      await tx
        .delete(webhookDeliveries)
        .where(
          and(
            eq(webhookDeliveries.endpointId, endpointId),
            lt(webhookDeliveries.createdAt, new Date(now.getTime() - DELIVERY_KEEP_MS)),
          ),
        );
      const [row] = await tx.insert(webhookDeliveries).values({ endpointId, event, body }).returning();
      return row!;
    },
    /** Test deliveries made to the endpoint since `since` (their number per minute is limited). */
    async countTests(endpointId: string, since: Date) {
      const [row] = await db
        .select({ n: count() })
        .from(webhookDeliveries)
        .where(
          and(
            eq(webhookDeliveries.endpointId, endpointId),
            eq(webhookDeliveries.event, WEBHOOK_TEST_EVENT),
            gt(webhookDeliveries.createdAt, since),
          ),
        );
      return row?.n ?? 0;
    },
    /** Inside `tx`: whether any enabled endpoint may want events of these workspaces (a cheap look first). */
    async anyListening(tx: Db, workspaceIds: string[]) {
      if (!workspaceIds.length) return false;
      const rows = rowsOf(
        await tx.execute(sql`select 1 from webhook_endpoints e
         where e.enabled and (e.workspace_id = any(${sql.param(workspaceIds)}::uuid[]) or e.scope = 'all') limit 1`),
      );
      return rows.length > 0;
    },
    /**
     * Inside `tx`: one delivery per event and enabled endpoint subscribed to it (the workspace's own, and
     * administrators' `all` endpoints); answers their ids.
     */
    async addEventDeliveries(tx: Db, events: WebhookEventToSend[]) {
      const col = (pick: (e: WebhookEventToSend) => string) => sql.param(events.map(pick));
      return rowsOf<{ id: string }>(
        await tx.execute(sql`
        insert into webhook_deliveries (endpoint_id, event, body)
        select e.id, x.event, x.body
          from unnest(${col((e) => e.workspaceId)}::uuid[], ${col((e) => e.event)}::text[], ${col((e) => e.body)}::text[])
               as x(workspace_id, event, body)
          join webhook_endpoints e on e.enabled and x.event = any(e.events)
           and (e.workspace_id = x.workspace_id
                or (e.scope = 'all' and exists (select 1 from users u where u.id = e.user_id and u.role in ${ADMIN_ROLES})))
        returning id`),
      ).map((row) => row.id);
    },
    /** Inside `tx`: every network of these posts, by platform, for the events of posts that ended. */
    async targetsOfPosts(tx: Db, postIds: string[]) {
      return rowsOf<EventTargetRow>(
        await tx.execute(sql`select id, post_id, platform, status, remote_url, last_error_code, connection_id
            from post_targets where post_id = any(${sql.param(postIds)}::uuid[])
           order by platform, account_id`),
      );
    },
    transaction<T>(fn: (tx: Db) => Promise<T>) {
      return transaction(db, fn);
    },
  };
}
export type WebhooksRepo = ReturnType<typeof createWebhooksRepo>;
