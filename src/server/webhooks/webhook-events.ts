import { randomUUID } from 'node:crypto';
import type { WebhookEvent } from '../../shared/api/webhooks.schemas';
import type { ConnectionRow } from '../connections/connections.repo';
import type { Db } from '../db/client';
import type { Settlement } from '../publishing/settlement';
import type { WebhookEventToSend, WebhookFanOut } from './deliver-webhook.job';
import type { WebhooksRepo } from './webhooks.repo';

/** Where an event happened: the workspace, and the member whose post or account it concerns. */
export interface EventScope {
  workspaceId: string;
  userId: string;
}

/** The JSON every delivery carries: a stable event id (the same for every endpoint), its type and data. */
export function eventBody(
  type: string,
  { workspaceId, userId }: EventScope,
  data: Record<string, unknown>,
  at: Date,
) {
  return JSON.stringify({
    id: randomUUID(),
    type,
    createdAt: at.toISOString(),
    data: { workspaceId, userId, ...data },
  });
}

/** A network's error message is cut to this length in an event (the bodies stay small). */
const ERROR_CHARS = 1000;

/**
 * Turns what the publisher recorded into webhook events, inside its transaction: `target.failed` for each
 * network that failed for good, `post.published` and `post.partially_failed` for posts that came to that
 * end (with every network's result). Nothing is read when no endpoint could want them.
 */
export function createWebhookEvents(fanOut: WebhookFanOut, repo: Pick<WebhooksRepo, 'targetsOfPosts'>) {
  const event = (
    scope: EventScope,
    type: WebhookEvent,
    data: Record<string, unknown>,
    at: Date,
  ): WebhookEventToSend => ({
    workspaceId: scope.workspaceId,
    event: type,
    body: eventBody(type, scope, data, at),
  });

  return {
    async published(tx: Db, settled: Settlement, now: Date) {
      const failed = settled.targets.filter((t) => t.outcome.kind === 'failed');
      const ended = settled.posts.filter((p) => p.status === 'published' || p.status === 'partially_failed');
      if (!failed.length && !ended.length) return;
      const workspaces = [...new Set([...failed, ...ended].map((t) => t.workspaceId))];
      if (!(await fanOut.anyListening(tx, workspaces))) return;
      const events = failed.map((t) =>
        event(
          t,
          'target.failed',
          {
            postId: t.postId,
            targetId: t.targetId,
            platform: t.platform,
            errorCode: t.outcome.kind === 'failed' ? t.outcome.code : null,
            error: t.outcome.kind === 'failed' ? t.outcome.error.slice(0, ERROR_CHARS) : null,
          },
          now,
        ),
      );
      if (ended.length) {
        const rows = await repo.targetsOfPosts(
          tx,
          ended.map((p) => p.postId),
        );
        for (const post of ended)
          events.push(
            event(
              post,
              post.status === 'published' ? 'post.published' : 'post.partially_failed',
              {
                postId: post.postId,
                status: post.status,
                targets: rows
                  .filter((row) => row.post_id === post.postId)
                  .map((row) => ({
                    targetId: row.id,
                    platform: row.platform,
                    accountId: row.connection_id,
                    status: row.status,
                    url: row.remote_url,
                    errorCode: row.last_error_code,
                  })),
              },
              now,
            ),
          );
      }
      await fanOut.send(tx, events);
    },

    /** A post now waits for approval (issue 25): its id, author, time and networks. */
    async approvalRequested(
      tx: Db,
      post: {
        id: string;
        workspaceId: string;
        userId: string;
        scheduledAt: Date | null;
        platforms: string[];
      },
      at: Date,
    ) {
      if (!(await fanOut.anyListening(tx, [post.workspaceId]))) return;
      await fanOut.send(tx, [
        event(
          post,
          'post.approval_requested',
          {
            postId: post.id,
            scheduledAt: post.scheduledAt?.toISOString() ?? null,
            platforms: post.platforms,
          },
          at,
        ),
      ]);
    },

    async needsReconnect(tx: Db, row: ConnectionRow) {
      if (!(await fanOut.anyListening(tx, [row.workspaceId]))) return;
      await fanOut.send(tx, [
        event(
          row,
          'account.needs_reconnect',
          { connectionId: row.id, platform: row.platform, username: row.username, reason: row.statusReason },
          row.updatedAt,
        ),
      ]);
    },
  };
}
export type WebhookEvents = ReturnType<typeof createWebhookEvents>;
