import type { FastifyBaseLogger } from 'fastify';
import type { ChangeFeed } from '../../db/change-feed';

/** How often a running render is checked when no notice said anything (notices can be lost). */
export const RECHECK_MS = 30_000;

interface Watched {
  workspaceId: string;
  stop: () => void;
  checking: boolean;
  /** A notice arrived while a check was running: check once more after it. */
  again: boolean;
  stopped: boolean;
}

/**
 * Follows the renders this process runs and stops each one as soon as nothing wants it (decision 033):
 * no scheduled or publishing post within the lead window uses it any more, or its upload was deleted.
 * Any change to a user's posts, networks or media sends `posts:<user>` through the change feed, whichever
 * process made it, and re-checks that user's renders here; a check every `recheckMs` covers notices lost
 * while the listening connection was down.
 */
export function createRenderWatch(deps: {
  changes: ChangeFeed;
  stillWanted: (renderId: string) => Promise<boolean>;
  logger: FastifyBaseLogger;
  recheckMs: number;
}) {
  const running = new Map<string, Watched>();
  let unsubscribe: (() => void) | undefined;
  let timer: NodeJS.Timeout | undefined;

  const check = (renderId: string) => {
    const entry = running.get(renderId);
    if (!entry || entry.stopped) return;
    if (entry.checking) {
      entry.again = true;
      return;
    }
    entry.checking = true;
    void (async () => {
      try {
        do {
          entry.again = false;
          if (!(await deps.stillWanted(renderId))) {
            entry.stopped = true;
            entry.stop();
            return;
          }
        } while (entry.again && running.has(renderId));
      } catch (error) {
        // The next notice or round checks again; the render goes on meanwhile.
        deps.logger.warn(
          { err: error, render: renderId },
          'could not check whether a render is still wanted',
        );
      } finally {
        entry.checking = false;
      }
    })();
  };
  const checkAll = () => {
    for (const renderId of running.keys()) check(renderId);
  };

  return {
    /** Watches `renderId` (of a post of `workspaceId`) until the answered function is called; `stop` runs at most once. */
    watch(renderId: string, workspaceId: string, stop: () => void) {
      running.set(renderId, { workspaceId, stop, checking: false, again: false, stopped: false });
      // It may have been called off between the claim and now.
      check(renderId);
      return () => void running.delete(renderId);
    },
    start() {
      unsubscribe = deps.changes.subscribe({
        change(key) {
          if (!key.startsWith('posts:')) return;
          const workspaceId = key.slice('posts:'.length);
          for (const [renderId, entry] of running) if (entry.workspaceId === workspaceId) check(renderId);
        },
        reset: checkAll,
      });
      timer = setInterval(checkAll, deps.recheckMs);
      timer.unref();
    },
    stop() {
      unsubscribe?.();
      clearInterval(timer);
    },
  };
}
