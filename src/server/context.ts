import type { FastifyBaseLogger } from 'fastify';
import { createAuth } from './auth/auth';
import { createLoginThrottleRepo } from './auth/login-throttle.repo';
import { createGuards } from './auth/session';
import type { Database } from './db/client';
import type { Env } from './env';
import type { Queue } from './jobs/queue';
import { createMailRepo } from './mail/mail.repo';
import { createMailService } from './mail/mail.service';
import { createTrialsRepo } from './trials/trials.repo';
import { createUsersRepo } from './users/users.repo';
import { createUsersService } from './users/users.service';

/** The composition root: every repository and service, wired once per process (and per test). */
export function createContext(input: {
  env: Env;
  database: Database;
  logger: FastifyBaseLogger;
  secret: string;
  queue?: Queue;
}) {
  const { env, database, logger, secret, queue } = input;
  const { db } = database;
  const mail = createMailService({
    repo: createMailRepo(db),
    logger,
    smtpUrl: env.SMTP_URL,
    from: env.MAIL_FROM,
    queue,
  });
  const auth = createAuth({ db, secret, publicUrl: env.PUBLIC_URL, mail, logger });
  return {
    env,
    database,
    logger,
    queue,
    mail,
    auth,
    guards: createGuards(auth),
    throttle: createLoginThrottleRepo(db),
    users: createUsersService(createUsersRepo(db), auth),
    trials: createTrialsRepo(db),
  };
}
export type AppContext = ReturnType<typeof createContext>;
