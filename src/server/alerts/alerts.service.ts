import { every } from '../jobs/every';
import type { FastifyBaseLogger } from 'fastify';
import type { AlertPreferences, UpdateAlertPreferences } from '../../shared/api/alerts.schemas';
import { canManageUsers } from '../../shared/roles';
import type { SessionUser } from '../auth/session';
import type { Db } from '../db/client';
import type { MailService } from '../mail/mail.service';
import { digestMail, needsReconnectMail, targetFailedMails, workerMissingMail } from './alerts.mails';
import type { AlertsRepo } from './alerts.repo';

/** A worker unseen this long while posts are due is an incident (one mail to the admins). */
export const WORKER_MISSING_MS = 5 * 60_000;
export const WORKER_MISSING_MARK = 'worker_missing';
export const DIGEST_MARK = 'digest';

export interface AlertsDeps {
  repo: AlertsRepo;
  mail: Pick<MailService, 'sendInTransaction'>;
  publicUrl: string;
  clock: () => Date;
  logger: FastifyBaseLogger;
  /** Hours between digests; 0: none. */
  digestHours: number;
}

/**
 * Alert mails (decision 024), written to the outbox in the transaction of the event where there is one:
 * a target failed for good (finishMany), an account needs reconnecting (markNeedsReconnect). The monitor
 * (`check`, every minute in API processes) sends the worker-missing alert once per incident and the
 * administrators' digest.
 */
export function createAlertsService(deps: AlertsDeps) {
  const { repo, mail, publicUrl, clock, logger } = deps;

  // A worker never seen is counted from when this process started looking (an API started alone).
  const since = clock();
  const workerMissing = async (now: Date) => {
    const state = await repo.workerState(now);
    const seen = now.getTime() - (state.seenAt ?? since).getTime() < WORKER_MISSING_MS;
    // A worker is back: the incident is over, and the next outage is a new one.
    if (seen) return repo.close(WORKER_MISSING_MARK);
    // No worker and nothing due: nothing is held up yet (an open incident stays open).
    if (state.due === 0) return;
    await repo.transaction(async (tx) => {
      if (!(await repo.open(tx, WORKER_MISSING_MARK, now))) return;
      const admins = await repo.admins(tx, 'workerMissing');
      await mail.sendInTransaction(
        tx,
        admins.map((admin) => workerMissingMail(admin, state, publicUrl)),
      );
      logger.error(
        { due: state.due, lastSeen: state.seenAt },
        'no worker seen for 5 minutes while posts are due',
      );
    });
  };

  const digest = async (now: Date) => {
    if (deps.digestHours <= 0) return;
    const periodMs = deps.digestHours * 3_600_000;
    await repo.transaction(async (tx) => {
      const previous = await repo.claimPeriod(tx, DIGEST_MARK, now, new Date(now.getTime() - periodMs));
      if (!previous) return;
      const report = await repo.digest(tx, previous, now);
      // Nothing went wrong: no mail (a digest that always says "nothing" teaches people to ignore it).
      if (!report.failed.length && !report.reconnect.length) return;
      const admins = await repo.admins(tx, 'digest');
      await mail.sendInTransaction(
        tx,
        admins.map((admin) => digestMail(admin, report, deps.digestHours, publicUrl)),
      );
    });
  };

  return {
    async preferences(user: SessionUser): Promise<AlertPreferences> {
      return {
        ...(await repo.preferences(user.id)),
        admin: canManageUsers(user.role),
        digestHours: deps.digestHours,
      };
    },
    async updatePreferences(user: SessionUser, values: UpdateAlertPreferences): Promise<AlertPreferences> {
      await repo.savePreferences(user.id, values, clock());
      return this.preferences(user);
    },

    /** finishMany's hook: targets failed for good, in its transaction. */
    async targetsFailed(tx: Db, targetIds: string[]) {
      const rows = await repo.failedTargets(tx, targetIds);
      await mail.sendInTransaction(tx, targetFailedMails(rows, publicUrl));
    },

    /** markNeedsReconnect's hook, in its transaction, when a connected account stops being accepted. */
    async needsReconnect(
      tx: Db,
      connection: { userId: string; platform: string; username: string; reason: string },
    ) {
      const owner = await repo.connectionOwner(tx, connection.userId);
      if (owner) await mail.sendInTransaction(tx, [needsReconnectMail(owner, connection, publicUrl)]);
    },

    /** One round of the monitor. Several processes may run it: the marks make each alert go once. */
    async check() {
      const now = clock();
      await workerMissing(now);
      await digest(now);
    },

    /** Runs `check` every `everyMs` (API processes). */
    /** The first round comes after `everyMs`: the workers of a process starting now beat first. */
    monitor(everyMs = 60_000) {
      return every(everyMs, () => this.check(), logger, 'alert monitor round');
    },
  };
}
export type AlertsService = ReturnType<typeof createAlertsService>;
