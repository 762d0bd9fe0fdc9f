import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { SqlExecutor } from '../db/client';

/** A job is a stable name, a zod payload and retry rules; its handler lives beside it (CONVENTIONS 5). */
export interface JobDefinition<S extends z.ZodType> {
  name: string;
  payload: S;
  retryLimit: number;
  retryDelaySeconds: number;
}

export const defineJob = <S extends z.ZodType>(definition: JobDefinition<S>) => definition;

export interface JobContext {
  /** How many times this job ran before this try. */
  retryCount: number;
  retryLimit: number;
}

/**
 * The one module that knows the queue engine (pg-boss, on the app's own database). Features see only
 * send and work, so the engine could change without touching them.
 */
export interface Queue {
  send<S extends z.ZodType>(
    job: JobDefinition<S>,
    data: z.input<S>,
    options?: { startAfter?: Date },
  ): Promise<string>;
  work<S extends z.ZodType>(
    job: JobDefinition<S>,
    handler: (data: z.output<S>, ctx: JobContext) => Promise<void>,
  ): Promise<void>;
  stop(): Promise<void>;
}

export async function startQueue(
  database: SqlExecutor,
  logger: FastifyBaseLogger,
  options: { worker: boolean },
): Promise<Queue> {
  const boss = new PgBoss({ db: database, supervise: options.worker, schedule: false, migrate: true });
  boss.on('error', (error) => logger.error({ err: error }, 'job queue error'));
  await boss.start();
  const created = new Set<string>();
  const ensureQueue = async (job: JobDefinition<z.ZodType>) => {
    if (created.has(job.name)) return;
    await boss.createQueue(job.name, {
      name: job.name,
      retryLimit: job.retryLimit,
      retryDelay: job.retryDelaySeconds,
      retryBackoff: true,
    });
    created.add(job.name);
  };
  return {
    async send(job, data, sendOptions) {
      await ensureQueue(job);
      const id = await boss.send(job.name, job.payload.parse(data) as object, {
        startAfter: sendOptions?.startAfter,
      });
      if (!id) throw new Error(`job ${job.name} was not queued`);
      return id;
    },
    async work(job, handler) {
      await ensureQueue(job);
      await boss.work(job.name, { pollingIntervalSeconds: 1, includeMetadata: true }, async (jobs) => {
        for (const item of jobs) {
          await handler(job.payload.parse(item.data), {
            retryCount: item.retryCount,
            retryLimit: item.retryLimit,
          });
        }
      });
    },
    stop: () => boss.stop({ graceful: true, wait: true, timeout: 10_000 }),
  };
}
