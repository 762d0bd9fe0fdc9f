import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { type Db, executorOf, type SqlExecutor } from '../db/client';

/** A job is a stable name, a zod payload and retry rules; its handler lives beside it (CONVENTIONS 5). */
export interface JobDefinition<S extends z.ZodType> {
  name: string;
  payload: S;
  retryLimit: number;
  retryDelaySeconds: number;
  /** A job still active after this long is treated as lost (its worker died) and retried. */
  expireInSeconds?: number;
}

/** What the queue looks like now, per queue: due jobs not started, running jobs, the oldest due one's wait. */
export interface QueueStat {
  queue: string;
  due: number;
  active: number;
  lagSeconds: number;
}

/** Queues of earlier releases, dropped at start with any job left in them (publish-target: decision 036). */
const RETIRED_QUEUES = ['publish-target'];

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
  /** Queues jobs inside the caller's transaction `tx`: they exist exactly when its writes commit. */
  sendInTransaction<S extends z.ZodType>(
    tx: Db,
    job: JobDefinition<S>,
    items: { id: string; data: z.input<S>; startAfter?: Date }[],
  ): Promise<void>;
  /**
   * Runs `handler` for jobs of `job`, up to `concurrency` at once in this process. The handler settles
   * each job itself: resolving completes it, throwing fails it (pg-boss retries it by its rules).
   */
  work<S extends z.ZodType>(
    job: JobDefinition<S>,
    handler: (data: z.output<S>, ctx: JobContext & { jobId: string }) => Promise<void>,
    options?: {
      concurrency?: number;
      /** Polling loops sharing `concurrency` (default: up to 4, so that one slow job holds back only its batch). */
      pollers?: number;
      pollingIntervalSeconds?: number;
    },
  ): Promise<void>;
  /** Per queue: due jobs not started, running jobs, and how long the oldest due one has waited. */
  stats(now: Date): Promise<QueueStat[]>;
  /**
   * Throws unless every job the queue was started with has a handler in this process (a worker calls
   * it once its workers are started: a job defined and sent but worked nowhere would wait for good).
   */
  assertEveryJobWorked(): void;
  /** Makes sure the queue of `job` exists (before the first transaction that sends to it). */
  prepare(job: JobDefinition<z.ZodType>): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Several processes starting together on one PostgreSQL (an api and workers) run pg-boss's schema
 * setup and queue creation at the same moment, which PostgreSQL may answer with a deadlock or a unique
 * violation for the loser. Both are safe to try again: the winner's work is then already there.
 */
async function retryOnConflict<T>(fn: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (error) {
      const code = (error as { code?: string }).code;
      const conflict = code === '40P01' || code === '23505' || code === '42P07' || code === '40001';
      if (!conflict || attempt >= 8) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt + Math.random() * 100));
    }
  }
}

export async function startQueue(
  database: SqlExecutor,
  logger: FastifyBaseLogger,
  options: { worker: boolean; jobs?: JobDefinition<z.ZodType>[] },
): Promise<Queue> {
  // A PgBoss whose start failed stays "starting" for good, so each try gets a fresh instance.
  const boss = await retryOnConflict(async () => {
    const instance = new PgBoss({ db: database, supervise: options.worker, schedule: false, migrate: true });
    instance.on('error', (error) => logger.error({ err: error }, 'job queue error'));
    try {
      await instance.start();
    } catch (error) {
      await instance.stop({ graceful: false, wait: false }).catch(() => undefined);
      throw error;
    }
    return instance;
  });
  const created = new Set<string>();
  const worked = new Set<string>();
  const ensureQueue = async (job: JobDefinition<z.ZodType>) => {
    if (created.has(job.name)) return;
    await retryOnConflict(() =>
      boss.createQueue(job.name, {
        name: job.name,
        retryLimit: job.retryLimit,
        retryDelay: job.retryDelaySeconds,
        retryBackoff: true,
        ...(job.expireInSeconds ? { expireInSeconds: job.expireInSeconds } : {}),
      }),
    );
    created.add(job.name);
  };
  // Clean-up only: processes starting together may race to drop the same queue, and the loser's error
  // (the queue or its table gone already) must not stop its start.
  for (const name of RETIRED_QUEUES)
    await boss
      .deleteQueue(name)
      .catch((error: unknown) =>
        logger.warn({ err: error, queue: name }, 'a retired queue could not be dropped'),
      );
  // Queues that transactions send to must exist beforehand: creating one inside a transaction on
  // PGlite would wait on that very transaction.
  for (const job of options.jobs ?? []) await ensureQueue(job);
  return {
    async send(job, data, sendOptions) {
      await ensureQueue(job);
      const id = await boss.send(job.name, job.payload.parse(data) as object, {
        startAfter: sendOptions?.startAfter,
      });
      if (!id) throw new Error(`job ${job.name} was not queued`);
      return id;
    },
    async sendInTransaction(tx, job, items) {
      if (!items.length) return;
      await boss.insert(
        items.map((item) => ({
          id: item.id,
          name: job.name,
          data: job.payload.parse(item.data) as object,
          startAfter: item.startAfter,
        })),
        { db: executorOf(tx) },
      );
    },
    prepare: ensureQueue,
    async stats(now) {
      const { rows } = await database.executeSql(
        `select q.name,
            count(*) filter (where j.state < 'active' and j.start_after <= $1) as due,
            count(*) filter (where j.state = 'active') as active,
            coalesce(extract(epoch from $1::timestamptz - min(j.start_after)
              filter (where j.state < 'active' and j.start_after <= $1)), 0) as lag
          from pgboss.queue q left join pgboss.job j on j.name = q.name and j.state <= 'active'
          group by q.name order by q.name`,
        [now.toISOString()],
      );
      return (rows as { name: string; due: unknown; active: unknown; lag: unknown }[]).map((r) => ({
        queue: r.name,
        due: Number(r.due ?? 0),
        active: Number(r.active ?? 0),
        lagSeconds: Math.max(0, Number(r.lag ?? 0)),
      }));
    },
    assertEveryJobWorked() {
      const idle = (options.jobs ?? []).filter((job) => !worked.has(job.name)).map((job) => job.name);
      if (idle.length) throw new Error(`jobs without a handler in this worker: ${idle.join(', ')}`);
    },
    async work(job, handler, workOptions = {}) {
      await ensureQueue(job);
      const concurrency = workOptions.concurrency ?? 1;
      // A few polling loops, each taking a batch, so that one slow job holds back only its own batch.
      const loops = Math.max(1, Math.min(concurrency, workOptions.pollers ?? 4));
      const batchSize = Math.ceil(concurrency / loops);
      const pollingIntervalSeconds = workOptions.pollingIntervalSeconds ?? 1;
      worked.add(job.name);
      /** Runs a fetched batch; returns the ids of the jobs whose handler threw. */
      const runBatch = async (jobs: PgBoss.JobWithMetadata<unknown>[]) => {
        const failed: string[] = [];
        await Promise.all(
          jobs.map(async (item) => {
            try {
              await handler(job.payload.parse(item.data), {
                retryCount: item.retryCount,
                retryLimit: item.retryLimit,
                jobId: item.id,
              });
            } catch (error) {
              logger.error({ err: error, job: job.name, id: item.id }, 'job failed');
              failed.push(item.id);
            }
          }),
        );
        return failed;
      };
      for (let i = 0; i < loops; i++) {
        let workerId = '';
        workerId = await boss.work(
          job.name,
          {
            pollingIntervalSeconds,
            includeMetadata: true,
            batchSize,
          },
          async (jobs) => {
            const failed = await runBatch(jobs);
            // pg-boss completes the whole batch when this returns; fail the ones that threw first.
            if (failed.length) await boss.fail(job.name, failed);
            // A full batch: more are waiting, so fetch again at once rather than after the interval.
            if (jobs.length >= batchSize) boss.notifyWorker(workerId);
          },
        );
      }
    },
    async stop() {
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}
