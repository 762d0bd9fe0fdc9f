import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { transaction } from '../db/client';
import { outbox } from '../db/schema';
import { type Queue, startQueue } from '../jobs/queue';
import { createMailRepo } from './mail.repo';
import { createMailService, type MailService } from './mail.service';
import { sendMailJob } from './send-mail.job';

interface Received {
  to: string[];
  body: string;
}

describe('mail through SMTP, delivered by the worker', () => {
  let t: TestApp;
  let queue: Queue;
  let mail: MailService;
  let smtp: SMTPServer;
  const received: Received[] = [];
  const logger = pino({ level: 'silent' });

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onRcptTo(address, _session, callback) {
        if (address.address.endsWith('@bounce.example')) return callback(new Error('550 no such mailbox'));
        callback();
      },
      onData(stream, session, callback) {
        let body = '';
        stream.on('data', (chunk: Buffer) => (body += chunk.toString()));
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), body });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;

    t = await createTestApp();
    queue = await startQueue(t.ctx.database, logger, { worker: true });
    mail = createMailService({
      repo: createMailRepo(t.ctx.database.db),
      logger,
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'Postwell <no-reply@localhost>',
      queue,
    });
    await queue.work(sendMailJob, ({ outboxId }, attempt) => mail.deliver(outboxId, attempt));
  });
  afterAll(async () => {
    await queue.stop();
    await t.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  const outboxRow = async (to: string) =>
    (await t.ctx.database.db.select().from(outbox).where(eq(outbox.to, to)))[0];

  it('keeps the mail in the outbox, then the worker sends it and marks it sent', async () => {
    await mail.send({ to: 'ann@example.com', subject: 'Hello', text: 'The link: http://localhost/x' });
    await expect.poll(() => received.length, { timeout: 15_000 }).toBe(1);
    expect(received[0]!.to).toEqual(['ann@example.com']);
    expect(received[0]!.body).toContain('Subject: Hello');
    expect(received[0]!.body).toContain('The link: http://localhost/x');
    await expect
      .poll(async () => (await outboxRow('ann@example.com'))?.status, { timeout: 5_000 })
      .toBe('sent');
    expect((await outboxRow('ann@example.com'))!.attempts).toBe(1);
  });

  it('sends a mail once even when its job runs twice', async () => {
    const [row] = await t.ctx.database.db
      .insert(outbox)
      .values({ to: 'bo@example.com', subject: 'Once', text: 'x' })
      .returning();
    await mail.deliver(row!.id, { retryCount: 0, retryLimit: 5 });
    await mail.deliver(row!.id, { retryCount: 1, retryLimit: 5 });
    expect(received.filter((r) => r.to.includes('bo@example.com'))).toHaveLength(1);
  });

  it('records a refused mail, keeps it for a retry, and fails it on the last try', async () => {
    const [row] = await t.ctx.database.db
      .insert(outbox)
      .values({ to: 'x@bounce.example', subject: 'No', text: 'x' })
      .returning();
    await expect(mail.deliver(row!.id, { retryCount: 0, retryLimit: 2 })).rejects.toThrow();
    expect(await outboxRow('x@bounce.example')).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: expect.stringContaining('550'),
    });
    await expect(mail.deliver(row!.id, { retryCount: 2, retryLimit: 2 })).rejects.toThrow();
    expect(await outboxRow('x@bounce.example')).toMatchObject({ status: 'failed', attempts: 2 });
  });

  it('queues mails inside a transaction: sent when it commits, never when it rolls back', async () => {
    const { db } = t.ctx.database;
    await transaction(db, async (tx) => {
      await mail.sendInTransaction(tx, [
        { to: 'cy@example.com', subject: 'Alert', text: 'Something happened' },
      ]);
    });
    await expect
      .poll(() => received.filter((r) => r.to.includes('cy@example.com')).length, { timeout: 15_000 })
      .toBe(1);
    await expect
      .poll(async () => (await outboxRow('cy@example.com'))?.status, { timeout: 5_000 })
      .toBe('sent');

    await expect(
      transaction(db, async (tx) => {
        await mail.sendInTransaction(tx, [{ to: 'di@example.com', subject: 'No', text: 'x' }]);
        throw new Error('the event did not happen after all');
      }),
    ).rejects.toThrow('did not happen');
    expect(await outboxRow('di@example.com')).toBeUndefined();
  });
});
