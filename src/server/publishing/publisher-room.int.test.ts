import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startXFake, type XFake } from '../../../test/fakes/twitter';
import {
  callAs,
  connectOAuth,
  createPost,
  waitFor,
  waitUntilSettled,
  type Call,
} from '../../../test/publishing-helpers';
import { createTestApp, signedInUsers, type TestApp } from '../../../test/test-app';
import { PlatformError, type PlatformAdapter } from '../platforms/contract';
import { createTwitterAdapter } from '../platforms/twitter/twitter.adapter';
import type { Publisher } from './publisher';

/** A door that publishes wait at until the test opens it; counts who waits. */
function door() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  const door = { waiting: 0, open, pass: async () => (door.waiting++, await opened) };
  return door;
}

/**
 * How a worker shares its room (PUBLISH_CONCURRENCY) between the claim of due posts and the queue's own
 * fetch, which takes the retries: neither may leave the other waiting for good.
 */
describe('a worker sharing its room between due posts and retries', () => {
  let t: TestApp;
  let x: XFake;
  let ann: Call;
  let publisher: Publisher;
  /** When a text's first publish asks to be tried again (a 429 with its reset). */
  const retryAt = new Map<string, number>();
  /** Texts whose next publish waits at a door. */
  const doors = new Map<string, ReturnType<typeof door>>();

  beforeAll(async () => {
    x = await startXFake();
    const real = createTwitterAdapter(x.config);
    const twitter: PlatformAdapter = {
      ...real,
      async publish(input) {
        const text = input.text.trim();
        const at = retryAt.get(text);
        if (at !== undefined) {
          retryAt.delete(text);
          throw new PlatformError('transient', 'X answered 429', {
            code: 'rate_limited',
            retryAfterMs: at - Date.now(),
          });
        }
        await doors.get(text)?.pass();
        return real.publish(input);
      },
    };
    t = await createTestApp(
      {
        ...x.env,
        // Room for five; the claim of due posts waits for two places (a quarter) while others run.
        PUBLISH_CONCURRENCY: '5',
        PUBLISH_RETRY_BASE_MS: '50',
        PUBLISH_POLL_SECONDS: '0.5',
      },
      { adapters: { twitter } },
    );
    const cookies = await signedInUsers(t, 'ann');
    ann = callAs(t, cookies.ann);
    await connectOAuth(ann, 'twitter');
    publisher = t.ctx.publisher();
    await publisher.start();
  });
  afterAll(async () => {
    for (const open of doors.values()) open.open();
    await publisher?.stop();
    await t?.close();
    await x?.close();
  });

  const publishAll = (texts: string[]) =>
    Promise.all(texts.map((text) => createPost(ann, { text, platforms: ['twitter'] })));

  /**
   * The queue's fetch fills the worker with retries that hang at X; another retry comes due, the claim
   * of due posts runs for it, finds too little room and waits. Once the first retries end, the last one
   * goes out: the room they free counts as the room the claim waits for. It used to count only when the
   * claim's own targets ended, and the worker then stopped fetching for good (how the faults test failed
   * in CI on a busy machine).
   */
  it('publishes a retry that came due while other retries filled it, once they end', async () => {
    const first = ['Retry one', 'Retry two', 'Retry three', 'Retry four'];
    const last = 'Retry five';
    const held = door();
    // The four come due at one instant, so that the queue's fetch takes them together; the fifth later.
    const now = Date.now();
    for (const text of first) {
      retryAt.set(text, now + 1500);
      doors.set(text, held);
    }
    retryAt.set(last, now + 3000);
    const posts = await publishAll([...first, last]);
    // The four retries are at X, held: four of five places, all taken by the queue's fetch.
    await waitFor(async () => (held.waiting === 4 ? true : undefined), 10_000, 'four retries at X');
    // The fifth comes due meanwhile; the claim of due posts runs for it and finds one place.
    await waitFor(async () => (Date.now() > now + 3500 ? true : undefined), 10_000, 'the fifth retry');
    expect(x.postsWithText(last)).toHaveLength(0);

    held.open();
    for (const post of posts) {
      const settled = await waitUntilSettled(ann, post.id, 10_000);
      expect(settled.targets[0]).toMatchObject({ status: 'published', attempts: 2, lastError: null });
    }
    for (const text of [...first, last]) expect(x.postsWithText(text)).toHaveLength(1);
  });

  /**
   * A post the claim of due posts took holds a place for long (a slow upload); a retry comes due
   * meanwhile and goes out beside it. The queue's fetch used to wait for a whole batch's room (here all
   * five places), so a worker that always had a post at a network never tried its retries again.
   */
  it('publishes a retry beside a post that holds a place', async () => {
    const slow = 'A slow upload';
    const retried = 'Retried beside it';
    const held = door();
    doors.set(slow, held);
    retryAt.set(retried, Date.now() + 1000);
    const [slowPost, retriedPost] = await publishAll([slow, retried]);
    await waitFor(async () => (held.waiting === 1 ? true : undefined), 10_000, 'the slow upload at X');

    const settled = await waitUntilSettled(ann, retriedPost!.id, 10_000);
    expect(settled.targets[0]).toMatchObject({ status: 'published', attempts: 2 });
    expect(held.waiting).toBe(1);
    expect(x.postsWithText(slow)).toHaveLength(0);

    held.open();
    expect((await waitUntilSettled(ann, slowPost!.id, 10_000)).targets[0]!.status).toBe('published');
    expect(x.postsWithText(slow)).toHaveLength(1);
    expect(x.postsWithText(retried)).toHaveLength(1);
  });
});
