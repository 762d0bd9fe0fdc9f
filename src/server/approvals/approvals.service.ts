import { every } from '../jobs/every';
import type { FastifyBaseLogger } from 'fastify';
import type { ApproveBody, PostEvent, PostHistory, RejectBody } from '../../shared/api/approvals.schemas';
import type { SessionUser } from '../auth/session';
import type { ChangeFeed } from '../db/change-feed';
import { AppError, notFound } from '../http/errors';
import type { MailService } from '../mail/mail.service';
import type { PostsService } from '../posts/posts.service';
import type { ApprovalsRepo } from './approvals.repo';
import { notApprovedMail, rejectedMail } from './approvals.mails';

/** A post can still be approved this long after its time (a slow click); later it was not approved in time. */
export const APPROVAL_LATE_MS = 60_000;

export const postChanged = () =>
  new AppError(409, 'POST_CHANGED', 'This post changed since you opened it: read it again first.');
export const approvalTooLate = () =>
  new AppError(409, 'APPROVAL_TOO_LATE', 'Its time has passed: it can no longer be approved.');

export interface ApprovalsServiceDeps {
  repo: ApprovalsRepo;
  posts: Pick<PostsService, 'get'>;
  mail: MailService;
  changes: ChangeFeed;
  publicUrl: string;
  clock: () => Date;
  logger: FastifyBaseLogger;
}

const notAwaiting = () =>
  new AppError(409, 'NOT_AWAITING_APPROVAL', 'This post is not waiting for an approval any more.');

/**
 * Approving and rejecting posts that wait for an approval, their history, and posts whose time came
 * first (issue 25, decision 042). The routes check that the caller may approve (`guards.may`).
 */
export function createApprovalsService({
  repo,
  posts,
  mail,
  changes,
  publicUrl,
  clock,
  logger,
}: ApprovalsServiceDeps) {
  const actorOf = (actor: SessionUser) => ({ actorId: actor.id, actorName: actor.name });

  const service = {
    async approve(actor: SessionUser, id: string, { hash }: ApproveBody) {
      const now = clock();
      const outcome = await repo.approve(actor.workspace.id, id, {
        hash,
        now,
        tooLateBefore: new Date(now.getTime() - APPROVAL_LATE_MS),
        event: actorOf(actor),
      });
      if (outcome === 'missing') throw notFound('This post');
      if (outcome === 'not_awaiting') throw notAwaiting();
      if (outcome === 'changed') throw postChanged();
      if (outcome === 'too_late') throw approvalTooLate();
      changes.touch('posts', actor.workspace.id);
      return posts.get(actor, id);
    },

    async reject(actor: SessionUser, id: string, { reason }: RejectBody) {
      const result = await repo.reject(actor.workspace.id, id, {
        reason,
        now: clock(),
        event: actorOf(actor),
      });
      if (result.outcome !== 'rejected')
        throw result.outcome === 'missing' ? notFound('This post') : notAwaiting();
      changes.touch('posts', actor.workspace.id);
      const author = await repo.author(result.post.userId);
      if (author && author.id !== actor.id)
        await mail.send(rejectedMail(author, actor.name, reason, result.post, publicUrl));
      return posts.get(actor, id);
    },

    /** What happened to the post: its events, and each network's publication, in order. */
    async history(actor: SessionUser, id: string): Promise<PostHistory> {
      const post = await posts.get(actor, id);
      const events: PostEvent[] = (await repo.history(id)).map((e) => ({
        kind: e.kind as PostEvent['kind'],
        actor: e.actorName,
        at: e.createdAt.toISOString(),
        ...(typeof e.details.scheduledAt === 'string' || e.details.scheduledAt === null
          ? { scheduledAt: e.details.scheduledAt as string | null }
          : {}),
        ...(typeof e.details.reason === 'string' ? { reason: e.details.reason } : {}),
        ...(e.details.guest === true ? { guest: true } : {}),
      }));
      events.unshift({
        kind: 'created',
        actor: (await repo.nameOf(post.authorId)) ?? null,
        at: post.createdAt,
      });
      for (const target of post.targets)
        if (target.status === 'published' && target.publishedAt)
          events.push({ kind: 'published', actor: null, at: target.publishedAt, platform: target.platform });
      events.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
      return { data: events };
    },

    /** Posts still waiting at their time: not approved, never published; their authors told. */
    async expireDue() {
      const expired = await repo.expire(clock(), async (tx, list) => {
        const mails = [];
        for (const post of list) {
          const author = await repo.author(post.userId, tx);
          if (author) mails.push(notApprovedMail(author, post, publicUrl));
        }
        await mail.sendInTransaction(tx, mails);
      });
      for (const workspace of new Set(expired.map((p) => p.workspaceId))) changes.touch('posts', workspace);
      return expired.length;
    },

    /** Runs `expireDue` every `everyMs` (API processes); several processes may, each post changes once. */
    monitor(everyMs: number) {
      return every(everyMs, () => service.expireDue(), logger, 'approval check');
    },
  };
  return service;
}
export type ApprovalsService = ReturnType<typeof createApprovalsService>;
