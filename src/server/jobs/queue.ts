import PgBoss from 'pg-boss';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { type Db, executorOf, type SqlExecutor } from '../db/client';
import { createDueWake } from './due-wake';

/** A job is a stable name, a zod payload and retry rules; its handler lives beside it (CONVENTIONS 5). */
export interface JobDefinition<S extends z.ZodType> {
  name: string;
  payload: S;
  retryLimit: number;
  retryDelaySeconds: number;
  /** A job still active after this long is treated as lost (its worker died) and retried. */
  expireInSeconds?: number;
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
  /** Queues jobs inside the caller's transaction `tx`: they exist exactly when its writes commit. */
  sendInTransaction<S extends z.ZodType>(
    tx: Db,
    job: JobDefinition<S>,
    items: { id: string; data: z.input<S>; startAfter?: Date }[],
  ): Promise<void>;
  /** Cancels queued jobs inside `tx` (a rescheduled or deleted post). Unknown or finished ids are ignored. */
  cancelInTransaction(tx: Db, job: JobDefinition<z.ZodType>, ids: string[]): Promise<void>;
  /**
   * A statement, for a CTE of the caller's own, that deletes the jobs `ids` (an SQL array of uuids)
   * whatever their state: jobs whose work the caller's statement takes another way. Taking the work and
   * dropping its job are then one step, with no moment for a fetch to take the job for nothing; and a
   * delete costs the database a fraction of a cancel (an update of each row and of its indexes).
   */
  discardSql(job: JobDefinition<z.ZodType>, ids: SQL): SQL;
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
      /**
       * Fetch at the instant the next job comes due, not at the next poll (due-wake.ts). A function is
       * called at that instant instead and may take the due work itself (publishing, decision 028); when it
       * answers that it took nothing, the queue fetches.
       */
      wakeAtDue?: boolean | (() => Promise<boolean>);
      /**
       * How many jobs the queue may fetch now (it also keeps to `concurrency`); none skips the fetch: a
       * process with no room for more work leaves the jobs to others, and its database is spared a fetch
       * (pg-boss's sorts every job waiting in the queue). With it, the queue fetches and runs the jobs
       * itself, one polling loop whatever `pollers` says, each job settled as soon as it ends.
       */
      fetchUpTo?: () => number;
    },
  ): Promise<void>;
  /**
   * Of `ids`, the jobs that are still going to run: queued, waiting for a retry, or active and started
   * less than `activeWithinSeconds` ago (an older active job belonged to a worker that may have died).
   */
  liveJobIds(job: JobDefinition<z.ZodType>, ids: string[], activeWithinSeconds: number): Promise<Set<string>>;
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

/**
 * The queue's own consumer (`fetchUpTo`): every `intervalMs`, or at once when woken, fetches as many jobs
 * as `room()` allows, if any, and runs each on its own. A slow job holds back no other (pg-boss's loop
 * waits for its whole batch before it fetches again), and the place a job frees is fetched again at once
 * while jobs were left waiting. Stopping waits for the jobs in hand.
 */
function consume<J>(options: {
  /** How many more jobs to fetch now, given how many are running. */
  room: (running: number) => number;
  intervalMs: number;
  fetch: (size: number) => Promise<J[]>;
  /** Runs and settles one job; never throws. */
  run: (job: J) => Promise<void>;
  /** After a fetch of `fetched` jobs out of `size` asked for; `again` fetches once more at once. */
  after: (fetched: number, size: number, again: () => void) => void;
  onError: (error: unknown) => void;
}) {
  let stopping = false;
  let woken = false;
  let sleeping: (() => void) | undefined;
  /** The last fetch filled the room it had: more jobs may be waiting. */
  let more = false;
  const inHand = new Set<Promise<void>>();
  const wake = () => {
    woken = true;
    sleeping?.();
  };
  const fetchOnce = async () => {
    const size = options.room(inHand.size);
    if (size <= 0) return;
    const jobs = await options.fetch(size);
    more = jobs.length >= size;
    for (const job of jobs) {
      const running: Promise<void> = options.run(job).finally(() => {
        inHand.delete(running);
        if (more && !stopping) wake();
      });
      inHand.add(running);
    }
    // Nothing fetched: as pg-boss's own loop, wait for the next poll or wake-up.
    if (jobs.length) options.after(jobs.length, size, wake);
  };
  const done = (async () => {
    while (!stopping) {
      woken = false;
      await fetchOnce().catch(options.onError);
      if (stopping || woken) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, options.intervalMs);
        sleeping = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      sleeping = undefined;
    }
  })();
  return {
    wake,
    async stop() {
      stopping = true;
      sleeping?.();
      await done;
      await Promise.all(inHand);
    },
  };
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
  const wakes: { stop(): void }[] = [];
  const ownLoops: ReturnType<typeof consume>[] = [];
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
    async cancelInTransaction(tx, job, ids) {
      if (ids.length) await boss.cancel(job.name, ids, { db: executorOf(tx) });
    },
    // pg-boss keeps every queue's jobs in pgboss.job (a partition per queue); due-wake.ts reads it too.
    discardSql: (job, ids) => sql`delete from pgboss.job where name = ${job.name} and id = any(${ids})`,
    prepare: ensureQueue,
    async liveJobIds(job, ids, activeWithinSeconds) {
      if (!ids.length) return new Set();
      const { rows } = await database.executeSql(
        `select id from pgboss.job where name = $1 and id = any($2::uuid[])
           and (state in ('created', 'retry') or (state = 'active' and started_on > now() - $3 * interval '1 second'))`,
        [job.name, ids, activeWithinSeconds],
      );
      return new Set((rows as { id: string }[]).map((r) => r.id));
    },
    async work(job, handler, workOptions = {}) {
      await ensureQueue(job);
      const concurrency = workOptions.concurrency ?? 1;
      // A few polling loops, each taking a batch, so that one slow job holds back only its own batch.
      const loops = Math.max(1, Math.min(concurrency, workOptions.pollers ?? 4));
      const batchSize = Math.ceil(concurrency / loops);
      const pollingIntervalSeconds = workOptions.pollingIntervalSeconds ?? 1;
      // Wakes one polling loop after another, to fetch now rather than at its next poll.
      const notifiers: (() => void)[] = [];
      let nextLoop = 0;
      const fetchNow = () => notifiers[nextLoop++ % notifiers.length]?.();
      const onDue = typeof workOptions.wakeAtDue === 'function' ? workOptions.wakeAtDue : undefined;
      /** Lets `onDue` take what is due; fetches with `fetchJobs` without one, or when it took nothing. */
      const takeDue = (fetchJobs: () => void) => {
        if (!onDue) return fetchJobs();
        void onDue().then(
          (took) => took || fetchJobs(),
          () => fetchJobs(),
        );
      };
      const dueWake = workOptions.wakeAtDue
        ? createDueWake(database, logger, {
            queue: job.name,
            // Looks at least twice a second, so that a job queued for the next moments (by this
            // process or another) is seen before it is due, however long the polling interval.
            lookMs: Math.min(pollingIntervalSeconds * 1000, 500),
            wake: () => takeDue(fetchNow),
          })
        : undefined;
      if (dueWake) wakes.push(dueWake);
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
      /**
       * After a batch: a full one means more are waiting, so fetch again at once instead of sleeping out
       * the polling interval (which would cap a loop at one batch per interval), unless the due work has
       * a faster path of its own (`wakeAtDue`), which then takes it.
       */
      const after = (fetched: number, again: () => void, asked = batchSize) => {
        if (fetched < asked) dueWake?.lookSoon();
        else takeDue(again);
      };
      const { fetchUpTo } = workOptions;
      if (fetchUpTo) {
        // pg-boss's own polling loop fetches whatever happens: this one asks first, and how many.
        const consumer = consume({
          room: (running) => Math.min(concurrency - running, fetchUpTo()),
          intervalMs: pollingIntervalSeconds * 1000,
          fetch: async (size) =>
            (await boss.fetch<unknown>(job.name, { batchSize: size, includeMetadata: true })) ?? [],
          run: async (item) => {
            const failed = await runBatch([item]);
            await (failed.length ? boss.fail(job.name, item.id) : boss.complete(job.name, item.id)).catch(
              (error: unknown) => logger.error({ err: error, job: job.name, id: item.id }, 'job not settled'),
            );
          },
          after: (fetched, size, again) => after(fetched, again, size),
          onError: (error) => logger.error({ err: error, job: job.name }, 'job fetch failed'),
        });
        ownLoops.push(consumer);
        notifiers.push(consumer.wake);
        return;
      }
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
            after(jobs.length, () => boss.notifyWorker(workerId));
          },
        );
        notifiers.push(() => boss.notifyWorker(workerId));
      }
    },
    async stop() {
      for (const wake of wakes) wake.stop();
      await Promise.all(ownLoops.map((loop) => loop.stop()));
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}
