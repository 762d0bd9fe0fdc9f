import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFacebookFake, type FacebookFake } from '../../../test/fakes/facebook';
import { callAs, connectOAuth, sleep, waitFor, type Call } from '../../../test/publishing-helpers';
import { createTestApp, signedInUsers, type TestApp } from '../../../test/test-app';
import type { RecurringPost } from '../../shared/api/recurring.schemas';
import { createContext } from '../context';
import type { Publisher } from '../publishing/publisher';

/**
 * Two workers (each a context of its own: its publisher and its recurring rounds) on one database, with a
 * rule that recurs every 2 seconds (a frequency only tests may set): every occurrence becomes one post and
 * reaches the network once, while both workers make and publish at the same time.
 */
describe('recurring posts through two workers', () => {
  let t: TestApp;
  let facebook: FacebookFake;
  let ann: Call;
  const encryptionKey = randomBytes(32);
  const workers: { publisher: Publisher; rounds: { start(): void; stop(): Promise<void> } }[] = [];

  beforeAll(async () => {
    facebook = await startFacebookFake();
    t = await createTestApp(
      {
        ...facebook.env,
        PUBLISH_POLL_SECONDS: '0.5',
        RECURRING_ROUND_SECONDS: '0.2',
        // 3.6 s ahead: each occurrence is made a little before it is due, as in production a day before.
        RECURRING_HORIZON_HOURS: '0.001',
      },
      { encryptionKey },
    );
    const { ann: cookie } = await signedInUsers(t, 'ann');
    ann = callAs(t, cookie);
    await connectOAuth(ann, 'facebook');
    const second = createContext({
      env: t.ctx.env,
      database: t.ctx.database,
      logger: t.ctx.logger,
      queue: t.ctx.queue,
      secret: randomBytes(32).toString('hex'),
      encryptionKey,
    });
    for (const ctx of [t.ctx, second])
      workers.push({ publisher: ctx.publisher(), rounds: ctx.recurringWorker() });
  });
  afterAll(async () => {
    for (const w of workers) {
      await w.publisher.stop();
      await w.rounds.stop();
    }
    await t?.close();
    await facebook?.close();
  });

  it('publishes every occurrence exactly once, none missed, none twice', async () => {
    const text = `Every two seconds ${randomBytes(3).toString('hex')}`;
    const res = await ann('POST', '/api/recurring-posts', {
      content: `<p>${text}</p>`,
      platforms: ['facebook'],
      startDate: new Date(Date.now() + 60_000).toISOString(),
      frequency: 'daily',
      timezone: 'UTC',
    });
    expect(res.statusCode, res.body).toBe(201);
    const rule = res.json<RecurringPost>();
    const start = new Date(Math.ceil((Date.now() + 2_000) / 1000) * 1000);
    await t.ctx.database.executeSql(
      `update recurring_posts set frequency = 'secondly', interval = 2, start_at = $2, next_at = $2 where id = $1`,
      [rule.id, start],
    );
    for (const w of workers) {
      await w.publisher.start();
      w.rounds.start();
    }
    await sleep(9_000);
    for (const w of workers) await w.rounds.stop();

    const { rows } = await t.ctx.database.executeSql(
      `select id, occurrence_at from posts where recurring_id = $1 order by occurrence_at`,
      [rule.id],
    );
    const made = rows as { id: string; occurrence_at: Date }[];
    const instants = made.map((p) => new Date(p.occurrence_at).getTime());
    expect(made.length).toBeGreaterThanOrEqual(4);
    // Consecutive occurrences, 2 s apart from the start: none skipped while the workers ran, none twice.
    expect(instants).toEqual(instants.map((_, i) => start.getTime() + i * 2_000));
    const skipped = await t.ctx.database.executeSql(`select 1 from recurring_skips where recurring_id = $1`, [
      rule.id,
    ]);
    expect(skipped.rows).toEqual([]);

    const published = await waitFor(
      async () => {
        const done = await t.ctx.database.executeSql(
          `select count(*)::int as n from post_targets t join posts p on p.id = t.post_id
            where p.recurring_id = $1 and t.status = 'published'`,
          [rule.id],
        );
        const n = (done.rows[0] as { n: number }).n;
        return n === made.length ? n : undefined;
      },
      20_000,
      'every occurrence published',
    );
    expect(published).toBe(made.length);
    expect(facebook.posts.filter((p) => p.message === text)).toHaveLength(made.length);
  }, 60_000);
});
