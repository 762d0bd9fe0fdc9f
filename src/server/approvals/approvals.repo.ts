import { and, asc, eq, sql } from 'drizzle-orm';
import type { PostEventKind } from '../../shared/api/approvals.schemas';
import { WORKSPACE_RULES } from '../../shared/workspaces/rules';
import { type Db, rowsOf, transaction } from '../db/client';
import { postEvents, postMedia, posts, postTargets, users } from '../db/schema';
import type { Recipient } from '../alerts/alerts.repo';
import { approvalHashOf } from '../posts/approval-hash';
import type { PublishScheduler } from '../publishing/scheduler';
import type { WorkspaceId } from '../workspaces/workspaces.repo';

export interface NewPostEvent {
  postId: string;
  actorId: string | null;
  actorName: string | null;
  kind: PostEventKind;
  details?: Record<string, unknown>;
}

/** A post as approval sees it: who wrote it, where, when, its networks. */
export interface ApprovalPost {
  id: string;
  workspaceId: string;
  userId: string;
  contentHtml: string;
  scheduledAt: Date | null;
  platforms: string[];
}

const APPROVER_ROLES = WORKSPACE_RULES.approve;

export function createApprovalsRepo(db: Db, scheduler: PublishScheduler) {
  /**
   * Locks a post of the workspace (until `tx` ends) and reads what an approval binds to, with its hash:
   * an edit either committed before (and is hashed) or waits for this decision.
   */
  const lockedPost = async (tx: Db, workspaceId: WorkspaceId, id: string) => {
    const [post] = await tx
      .select()
      .from(posts)
      .where(and(eq(posts.id, id), eq(posts.workspaceId, workspaceId)))
      .for('update');
    if (!post) return undefined;
    const platforms = (
      await tx.select({ platform: postTargets.platform }).from(postTargets).where(eq(postTargets.postId, id))
    ).map((t) => t.platform);
    const media = (
      await tx
        .select({ id: postMedia.mediaId, alt: postMedia.alt, edits: postMedia.edits })
        .from(postMedia)
        .where(eq(postMedia.postId, id))
        .orderBy(asc(postMedia.position))
    ).map((m) => ({ ...m, edits: m.edits as Record<string, unknown> | null }));
    const hash = approvalHashOf({ ...post, platforms, media });
    return { post, platforms, media, hash };
  };

  const record = async (tx: Db, events: NewPostEvent[]) => {
    if (!events.length) return;
    await tx.insert(postEvents).values(events.map((e) => ({ ...e, details: e.details ?? {} })));
  };

  return {
    record: (events: NewPostEvent[]) => record(db, events),
    recordIn: record,

    /** The post's events, oldest first. */
    history(postId: string) {
      return db
        .select()
        .from(postEvents)
        .where(eq(postEvents.postId, postId))
        .orderBy(asc(postEvents.createdAt), asc(postEvents.id));
    },

    /**
     * Approves a waiting post if it is still what the approver saw (`hash`): scheduled for its time (now
     * when it asked to go out at once), its targets due, what was approved kept. Says why not otherwise.
     */
    approve(
      workspaceId: WorkspaceId,
      id: string,
      input: {
        hash: string;
        now: Date;
        tooLateBefore: Date;
        event: Omit<NewPostEvent, 'postId' | 'kind'>;
        /** `client_approved` through a review link. */
        kind?: PostEventKind;
      },
    ): Promise<'approved' | 'missing' | 'not_awaiting' | 'changed' | 'too_late'> {
      return transaction(db, async (tx) => {
        const found = await lockedPost(tx, workspaceId, id);
        if (!found) return 'missing';
        const { post, platforms, media, hash } = found;
        if (post.status !== 'awaiting_approval') return 'not_awaiting';
        if (hash !== input.hash) return 'changed';
        if (post.scheduledAt && post.scheduledAt < input.tooLateBefore) return 'too_late';
        const at = post.scheduledAt ?? input.now;
        const approved = approvalHashOf({ ...post, scheduledAt: at, platforms, media });
        await tx
          .update(posts)
          .set({
            status: 'scheduled',
            scheduledAt: at,
            approvalHash: approved,
            reviewNote: null,
            updatedAt: input.now,
          })
          .where(eq(posts.id, id));
        await scheduler.schedulePending(tx, id, at);
        await record(tx, [
          {
            ...input.event,
            postId: id,
            kind: input.kind ?? 'approved',
            details: { ...input.event.details, scheduledAt: at },
          },
        ]);
        return 'approved';
      });
    },

    /**
     * Sends a waiting post back to its author as a draft, with why. Through a review link
     * (`kind: 'changes_requested'`) a scheduled post that no network has started goes back too: the
     * client asked for changes, so it must not go out as it is.
     */
    reject(
      workspaceId: WorkspaceId,
      id: string,
      input: {
        reason: string;
        now: Date;
        event: Omit<NewPostEvent, 'postId' | 'kind'>;
        kind?: 'rejected' | 'changes_requested';
      },
    ): Promise<{ outcome: 'missing' | 'not_awaiting' } | { outcome: 'rejected'; post: ApprovalPost }> {
      return transaction(db, async (tx) => {
        const found = await lockedPost(tx, workspaceId, id);
        if (!found) return { outcome: 'missing' as const };
        const kind = input.kind ?? 'rejected';
        const statuses = kind === 'rejected' ? ['awaiting_approval'] : ['awaiting_approval', 'scheduled'];
        if (!statuses.includes(found.post.status)) return { outcome: 'not_awaiting' as const };
        const [moved] = await tx
          .update(posts)
          .set({ status: 'draft', reviewNote: input.reason, approvalHash: null, updatedAt: input.now })
          .where(
            and(
              eq(posts.id, id),
              sql`not exists (select 1 from ${postTargets} t where t.post_id = ${posts.id} and t.status <> 'pending')`,
            ),
          )
          .returning({ id: posts.id });
        if (!moved) return { outcome: 'not_awaiting' as const };
        await scheduler.unschedule(tx, id);
        await record(tx, [
          { ...input.event, postId: id, kind, details: { ...input.event.details, reason: input.reason } },
        ]);
        const { post, platforms } = found;
        return { outcome: 'rejected' as const, post: { ...post, platforms } };
      });
    },

    /**
     * Every post still waiting for approval at its time becomes `not_approved` (it is never published),
     * with its event, in one transaction with `after` (the authors' mails); the posts are returned.
     */
    expire(now: Date, after: (tx: Db, expired: ApprovalPost[]) => Promise<void>): Promise<ApprovalPost[]> {
      return transaction(db, async (tx) => {
        const expired = rowsOf<{
          id: string;
          workspace_id: string;
          user_id: string;
          content_html: string;
          scheduled_at: string;
          platforms: string[];
        }>(
          await tx.execute(sql`
            update ${posts} p set status = 'not_approved', updated_at = ${now.toISOString()}::timestamptz
             where p.status = 'awaiting_approval' and p.scheduled_at <= ${now.toISOString()}::timestamptz
            returning p.id, p.workspace_id, p.user_id, p.content_html, p.scheduled_at,
                      array(select t.platform from ${postTargets} t where t.post_id = p.id order by t.platform) as platforms`),
        ).map((row) => ({
          id: row.id,
          workspaceId: row.workspace_id,
          userId: row.user_id,
          contentHtml: row.content_html,
          scheduledAt: new Date(row.scheduled_at),
          platforms: row.platforms,
        }));
        await record(
          tx,
          expired.map((post) => ({
            postId: post.id,
            actorId: null,
            actorName: null,
            kind: 'not_approved' as const,
          })),
        );
        if (expired.length) await after(tx, expired);
        return expired;
      });
    },

    /** Who may approve in the workspace and wants to be told (alert `approvals`), but `except`. */
    async approvers(tx: Db, workspaceId: string, except: string): Promise<Recipient[]> {
      return rowsOf<Recipient>(
        await tx.execute(sql`
          select u.id, u.email, u.name from workspace_members m
            join users u on u.id = m.user_id
            left join alert_preferences ap on ap.user_id = u.id
           where m.workspace_id = ${workspaceId} and m.role = any(${sql.param([...APPROVER_ROLES])}::text[])
             and u.id <> ${except} and u.banned is not true and coalesce(ap.approvals, true)`),
      );
    },

    /** A user's name, if they still have an account. */
    async nameOf(userId: string): Promise<string | undefined> {
      const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId));
      return row?.name;
    },

    /** The author of a post, if they want to be told what became of it. */
    async author(userId: string, tx: Db = db): Promise<Recipient | undefined> {
      const [row] = rowsOf<Recipient>(
        await tx.execute(sql`
          select u.id, u.email, u.name from users u
            left join alert_preferences ap on ap.user_id = u.id
           where u.id = ${userId} and u.banned is not true and coalesce(ap.approvals, true)`),
      );
      return row;
    },
  };
}
export type ApprovalsRepo = ReturnType<typeof createApprovalsRepo>;
