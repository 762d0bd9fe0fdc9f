import { type Db, transaction } from '../db/client';
import type { MailService } from '../mail/mail.service';
import type { WebhookEvents } from '../webhooks/webhook-events';
import type { ApprovalPost, ApprovalsRepo, NewPostEvent } from './approvals.repo';
import { approvalRequestedMail } from './approvals.mails';

export interface ApprovalNoticesDeps {
  db: Db;
  repo: ApprovalsRepo;
  mail: MailService;
  webhookEvents: Pick<WebhookEvents, 'approvalRequested'>;
  publicUrl: string;
  clock: () => Date;
}

/**
 * What the posts service tells as a post changes (issue 25): each change on the post's history, and a
 * post that starts waiting for approval to those who may approve it (alert mail, webhook event), in one
 * transaction with its history.
 */
export function createApprovalNotices({
  db,
  repo,
  mail,
  webhookEvents,
  publicUrl,
  clock,
}: ApprovalNoticesDeps) {
  return {
    record: (events: NewPostEvent[]) => repo.record(events),

    async requested(actor: { id: string; name: string }, post: ApprovalPost) {
      await transaction(db, async (tx) => {
        await repo.recordIn(tx, [
          {
            postId: post.id,
            actorId: actor.id,
            actorName: actor.name,
            kind: 'approval_requested',
            details: { scheduledAt: post.scheduledAt },
          },
        ]);
        const approvers = await repo.approvers(tx, post.workspaceId, actor.id);
        await mail.sendInTransaction(
          tx,
          approvers.map((to) => approvalRequestedMail(to, actor.name, post, publicUrl)),
        );
        await webhookEvents.approvalRequested(tx, post, clock());
      });
    },
  };
}
export type ApprovalNotices = ReturnType<typeof createApprovalNotices>;
