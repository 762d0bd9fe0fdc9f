import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { createAdminRepo } from './admin/admin.repo';
import { createAuditRepo } from './audit/audit.repo';
import { createAuth } from './auth/auth';
import { createLoginThrottleRepo } from './auth/login-throttle.repo';
import { createGuards } from './auth/session';
import type { Database } from './db/client';
import type { Env } from './env';
import type { Queue } from './jobs/queue';
import { createMailRepo } from './mail/mail.repo';
import { createMediaRepo } from './media/media.repo';
import { createMediaService } from './media/media.service';
import { createDiskStore } from './media/media.store';
import { createMailService } from './mail/mail.service';
import { createHashtagsRepo } from './hashtags/hashtags.repo';
import { createPostsRepo } from './posts/posts.repo';
import { createPostsService } from './posts/posts.service';
import { createSettingsRepo } from './settings/settings.repo';
import { createTemplatesRepo } from './templates/templates.repo';
import { createTemplatesService } from './templates/templates.service';
import { createTrialsRepo } from './trials/trials.repo';
import { createTrialsService } from './trials/trials.service';
import { createUsersRepo } from './users/users.repo';
import { createUsersService } from './users/users.service';

export interface ContextInput {
  env: Env;
  database: Database;
  logger: FastifyBaseLogger;
  secret: string;
  queue?: Queue;
  /** The time as the services see it; tests pass a clock they can move. */
  clock?: () => Date;
}

/** The composition root: every repository and service, wired once per process (and per test). */
export function createContext({
  env,
  database,
  logger,
  secret,
  queue,
  clock = () => new Date(),
}: ContextInput) {
  const { db } = database;
  const mail = createMailService({
    repo: createMailRepo(db),
    logger,
    smtpUrl: env.SMTP_URL,
    from: env.MAIL_FROM,
    queue,
  });
  const auth = createAuth({ db, secret, publicUrl: env.PUBLIC_URL, mail, logger });
  const audit = createAuditRepo(db);
  const settings = createSettingsRepo(db);
  const usersRepo = createUsersRepo(db);
  const trialsRepo = createTrialsRepo(db);
  const users = createUsersService({ repo: usersRepo, auth, audit, clock });
  const mediaStore = createDiskStore(join(env.DATA_DIR, 'media'));
  const mediaRepo = createMediaRepo(db);
  return {
    env,
    database,
    logger,
    queue,
    clock,
    mail,
    auth,
    audit,
    admin: createAdminRepo(db),
    settings,
    usersRepo,
    trialsRepo,
    guards: createGuards(auth, audit),
    throttle: createLoginThrottleRepo(db),
    users,
    templates: createTemplatesService(createTemplatesRepo(db)),
    hashtags: createHashtagsRepo(db),
    mediaStore,
    media: createMediaService({ repo: mediaRepo, store: mediaStore }),
    posts: createPostsService({
      repo: createPostsRepo(db),
      findMedia: mediaRepo.findMany,
      clock,
      assertMayPublish: users.assertMayPublish,
    }),
    trials: createTrialsService({
      repo: trialsRepo,
      users: usersRepo,
      settings,
      audit,
      auth,
      mail,
      publicUrl: env.PUBLIC_URL,
      clock,
    }),
  };
}
export type AppContext = ReturnType<typeof createContext>;
