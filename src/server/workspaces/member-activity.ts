import type { FastifyBaseLogger } from 'fastify';
import type { MembersRepo } from './members.repo';
import type { WorkspaceId } from './workspaces.repo';

/** How often one member's activity in one workspace is written, at most. */
const EVERY_MS = 5 * 60 * 1000;
const ENTRIES_MAX = 10_000;

/**
 * When each member was last active in a workspace, for its member list: the guards report every request
 * (`seen`), and a write leaves at most every five minutes per member and workspace, never waited for, so
 * that the calendar's hot path gains no query. Across processes each writes its own, the latest wins.
 */
export function createMemberActivity(repo: MembersRepo, clock: () => Date, logger: FastifyBaseLogger) {
  const written = new Map<string, number>();
  return {
    seen(userId: string, workspaceId: WorkspaceId) {
      const key = `${workspaceId}:${userId}`;
      const now = clock();
      const last = written.get(key);
      if (last !== undefined && now.getTime() - last < EVERY_MS) return;
      if (written.size >= ENTRIES_MAX) written.delete(written.keys().next().value!);
      written.delete(key);
      written.set(key, now.getTime());
      repo.touch(workspaceId, userId, now).catch((error: unknown) => {
        written.delete(key);
        logger.warn({ err: error, workspaceId, userId }, 'could not note when a member was active');
      });
    },
  };
}
