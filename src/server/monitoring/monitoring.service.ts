import type { QueueStat } from '../jobs/queue';
import type { MonitoringRepo } from './monitoring.repo';

/**
 * What health, metrics and alerts read about the work in hand: the workers' heartbeats, and per queue
 * the due work not started, the running work and the oldest due one's wait: the job queue's queues
 * (renders, metric reads, mail, webhooks) and publishing's targets (decision 036), as one list.
 */
export function createMonitoring(deps: {
  repo: MonitoringRepo;
  queueStats: (now: Date) => Promise<QueueStat[]>;
  publishStat: (now: Date) => Promise<QueueStat>;
}) {
  const queueStats = async (now: Date) => {
    const [jobs, publishing] = await Promise.all([deps.queueStats(now), deps.publishStat(now)]);
    return [publishing, ...jobs].sort((a, b) => a.queue.localeCompare(b.queue));
  };
  return {
    beat: deps.repo.beat,
    queueStats,
    /** When a worker was last seen (null: never), and the oldest due work's wait in seconds (0: none). */
    async health(now: Date): Promise<{ workerSeenAt: Date | null; lagSeconds: number }> {
      const [workerSeenAt, stats] = await Promise.all([deps.repo.workerSeenAt(), queueStats(now)]);
      return {
        workerSeenAt,
        lagSeconds: Math.round(Math.max(0, ...stats.map((s) => s.lagSeconds))),
      };
    },
  };
}
export type Monitoring = ReturnType<typeof createMonitoring>;
