import { parseArgs } from 'node:util';
import { buildApp } from './app';
import { serveLiveBackups } from './backup/live';
import { createContext, JOBS } from './context';
import { createChangeFeed } from './db/change-feed';
import { openDatabase } from './db/client';
import { createLogger } from './logger';
import { loadEnv } from './env';
import { startQueue } from './jobs/queue';
import { sendMailJob } from './mail/send-mail.job';
import { loadEncryptionKey, loadSecret } from './secret';
import { startMetricsServer } from './monitoring/metrics.routes';

const ROLES = ['all', 'api', 'worker'] as const;
type ProcessRole = (typeof ROLES)[number];

async function main() {
  const started = performance.now();
  const { values } = parseArgs({ options: { role: { type: 'string', default: 'all' } } });
  if (!ROLES.includes(values.role as ProcessRole))
    throw new Error(`--role must be one of ${ROLES.join(', ')}, not "${values.role}"`);
  const role = values.role as ProcessRole;
  const env = loadEnv();
  const logger = createLogger(env.LOG_LEVEL);
  if (!env.SMTP_URL) {
    logger.warn(
      'SMTP_URL is not set: mail is not sent. Each mail, with the password-reset or trial link it holds, is kept in the outbox and written to this log',
    );
  }

  if (env.DATABASE_URL && !env.AUTH_SECRET) {
    logger.warn(
      'DATABASE_URL is set without AUTH_SECRET: every process must share the same AUTH_SECRET, or sessions will not carry over',
    );
  }
  const database = await openDatabase({
    url: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    onIdleError: (error) =>
      logger.warn({ err: error }, 'an idle database connection was closed by the server'),
    onUpkeepError: (error) => logger.warn({ err: error }, 'embedded database upkeep failed'),
  });
  logger.info({ database: database.kind }, 'database ready');
  // On PGlite, `npm run backup` asks this process for the backup (it alone has the database open).
  const stopBackups = await serveLiveBackups({ env, database, logger });
  const secret = await loadSecret(env.AUTH_SECRET, env.DATA_DIR);
  const encryptionKey = await loadEncryptionKey(env.ENCRYPTION_KEY, env.DATA_DIR);
  const queue = await startQueue(database, logger, {
    worker: role !== 'api',
    // mail-send too: alert mails are queued inside the transactions of the events they tell of.
    jobs: JOBS,
  });
  // An API's caches follow changes, and so do a worker's renders: one that nothing wants any more stops.
  const changes = await createChangeFeed(database, logger);
  const ctx = createContext({ env, database, logger, secret, queue, encryptionKey, changes });

  if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD && (await ctx.users.needsAdmin())) {
    await ctx.users.createFirstAdmin({
      name: env.ADMIN_NAME,
      email: env.ADMIN_EMAIL.toLowerCase(),
      password: env.ADMIN_PASSWORD,
    });
    logger.info({ email: env.ADMIN_EMAIL }, 'administrator account created from ADMIN_EMAIL');
  }

  if (role !== 'api') {
    await queue.work(sendMailJob, ({ outboxId }, attempt) => ctx.mail.deliver(outboxId, attempt));
  }
  // A worker says it is alive before anything else, so an API started with it never reports it missing.
  const heartbeat = role !== 'api' ? ctx.heartbeat(role) : undefined;
  await heartbeat?.start();
  const app = role !== 'worker' ? await buildApp(ctx) : undefined;
  if (app) await app.listen({ port: env.PORT, host: env.HOST });
  // The worker starts once the API answers: after a long stop its first round may find thousands of
  // posts that came due meanwhile, and publishing them must not hold up (or time out) the API's start.
  const publisher = role !== 'api' ? ctx.publisher() : undefined;
  await publisher?.start();
  const recurring = role !== 'api' ? ctx.recurringWorker() : undefined;
  recurring?.start();
  const feedReader = role !== 'api' ? ctx.feedsWorker() : undefined;
  feedReader?.start();
  const recycler = role !== 'api' ? ctx.evergreenWorker() : undefined;
  recycler?.start();
  const renderer = role !== 'api' ? ctx.renderer() : undefined;
  await renderer?.start();
  if (role !== 'api') await ctx.collector().start();
  // The alert monitor (worker missing, admin digest) runs beside the API: a missing worker cannot report itself.
  const monitor = app ? ctx.alerts.monitor() : undefined;
  monitor?.start();
  // Posts still waiting for approval at their time become "not approved" (never published), beside the API.
  const approvals = app ? ctx.approvals.monitor(env.APPROVALS_CHECK_SECONDS * 1000) : undefined;
  approvals?.start();
  const metricsServer = env.METRICS_PORT
    ? await startMetricsServer({
        metrics: ctx.metrics,
        token: env.METRICS_TOKEN,
        port: env.METRICS_PORT,
        logger,
      })
    : undefined;
  if (role !== 'api') await ctx.deliverer().start();
  // A job defined and sent but worked by no worker would wait for good: refuse to start instead.
  if (role !== 'api') queue.assertEveryJobWorked();
  if (!(await ctx.ffmpeg())) {
    logger.warn(
      'ffmpeg was not found (FFMPEG_PATH, or the binary of @ffmpeg-installer/ffmpeg for this platform): edited videos cannot be rendered; the Edit Video dialog says so',
    );
  }
  logger.info(
    { role, url: app ? env.PUBLIC_URL : undefined, ms: Math.round(performance.now() - started) },
    'ready',
  );

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      logger.error('shutdown took longer than 20 s; exiting');
      process.exit(1);
    }, 20_000);
    force.unref();
    try {
      await app?.close();
      await metricsServer?.close();
      monitor?.stop();
      approvals?.stop();
      heartbeat?.stop();
      await publisher?.stop();
      await recurring?.stop();
      await feedReader?.stop();
      await recycler?.stop();
      await ctx.links.flush();
      renderer?.stop();
      await queue.stop();
      await stopBackups();
      await database.close();
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
