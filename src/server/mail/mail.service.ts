import { randomUUID } from 'node:crypto';
import type { Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import type { Queue } from '../jobs/queue';
import type { MailRepo } from './mail.repo';
import { sendMailJob } from './send-mail.job';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface MailDeps {
  repo: MailRepo;
  logger: FastifyBaseLogger;
  smtpUrl?: string;
  from: string;
  /** Needed only with SMTP: the worker sends, so a slow or absent mail server never blocks a request. */
  queue?: Queue;
}

export function createMailService({ repo, logger, smtpUrl, from, queue }: MailDeps) {
  // nodemailer (~13 MB resident) is loaded for the first mail to deliver, not at start (decision 029).
  let transport: Promise<Transporter> | undefined;
  const smtp = (url: string) =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(url)));

  return {
    /** Whether a mail can leave this server (SMTP_URL is set); without it, links must be passed on by hand. */
    canSend: Boolean(smtpUrl && queue),

    /** Every mail is written to the outbox first; without SMTP_URL it stays there and goes to the log. */
    async send(message: MailMessage) {
      if (!smtpUrl || !queue) {
        const { id } = await repo.insert({ ...message, status: 'logged' });
        logger.info(
          { outboxId: id, to: message.to, subject: message.subject, text: message.text },
          'mail kept in the outbox (no SMTP_URL)',
        );
        return;
      }
      const { id } = await repo.insert({ ...message, status: 'pending' });
      await queue.send(sendMailJob, { outboxId: id });
    },

    /**
     * Writes mails to the outbox inside the caller's transaction `tx`, with their delivery jobs: they
     * exist exactly when the event that caused them commits (the queue of sendMailJob must exist, see
     * main.ts's job list).
     */
    async sendInTransaction(tx: Db, messages: MailMessage[]) {
      if (!messages.length) return;
      const status = smtpUrl && queue ? ('pending' as const) : ('logged' as const);
      const ids = await repo.insertMany(
        tx,
        messages.map((m) => ({ ...m, status })),
      );
      if (smtpUrl && queue) {
        await queue.sendInTransaction(
          tx,
          sendMailJob,
          ids.map((outboxId) => ({ id: randomUUID(), data: { outboxId } })),
        );
        return;
      }
      messages.forEach((message, i) =>
        logger.info(
          { outboxId: ids[i], to: message.to, subject: message.subject, text: message.text },
          'mail kept in the outbox (no SMTP_URL)',
        ),
      );
    },

    /** The handler of sendMailJob. Throws on failure so the queue retries with backoff. */
    async deliver(outboxId: string, attempt: { retryCount: number; retryLimit: number }) {
      if (!smtpUrl) return;
      const mail = await repo.claim(outboxId);
      if (!mail) return;
      try {
        await (await smtp(smtpUrl)).sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
        await repo.markSent(mail.id);
      } catch (error) {
        const final = attempt.retryCount >= attempt.retryLimit;
        await repo.markError(mail.id, error instanceof Error ? error.message : String(error), final);
        logger.warn({ outboxId, err: error, final }, 'mail delivery failed');
        throw error;
      }
    },
  };
}
export type MailService = ReturnType<typeof createMailService>;
