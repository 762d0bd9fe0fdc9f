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

/**
 * A worker whose claim of due posts found no room waits for room, whichever path took the targets that
 * fill it. Here the queue's own fetch fills it with retries that hang at X; another retry comes due, the
 * claim of due posts runs for it, finds too little room and waits. Once the first retries end, the last
 * one goes out: the room they free counts as the room the claim waits for. It used to count only when
 * the claim's own targets ended, and the worker then stopped fetching for good (how the faults test
 * failed in CI on a busy machine).
 */
describe('a worker that was full when a retry came due', () => {
  let t: TestApp;
  let x: XFake;
  let ann: Call;
  let publisher: Publisher;
  /** When each text's first publish asks to be tried again (a 429 with its reset). */
  const retryAt = new Map<string, number>();
  /** Texts whose retry waits for the test's word at X. */
  const held = new Set<string>();
  let heldNow = 0;
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));

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
        if (held.has(text)) {
          heldNow += 1;
          await released;
        }
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
    release();
    await publisher?.stop();
    await t?.close();
    await x?.close();
  });

  it('publishes a retry that came due while other retries filled it, once they end', async () => {
    const first = ['Retry one', 'Retry two', 'Retry three', 'Retry four'];
    const last = 'Retry five';
    // The four come due at one instant, so that the queue's fetch takes them together; the fifth later.
    const now = Date.now();
    for (const text of first) {
      retryAt.set(text, now + 1500);
      held.add(text);
    }
    retryAt.set(last, now + 3000);
    const posts = await Promise.all(
      [...first, last].map((text) => createPost(ann, { text, platforms: ['twitter'] })),
    );
    // The four retries are at X, held: four of five places, all taken by the queue's fetch.
    await waitFor(async () => (heldNow === 4 ? true : undefined), 10_000, 'four retries at X');
    // The fifth comes due meanwhile; the claim of due posts runs for it and finds one place.
    await waitFor(async () => (Date.now() > now + 3500 ? true : undefined), 10_000, 'the fifth retry');
    expect(x.postsWithText(last)).toHaveLength(0);

    release();
    for (const post of posts) {
      const settled = await waitUntilSettled(ann, post.id, 10_000);
      expect(settled.targets[0]).toMatchObject({ status: 'published', attempts: 2, lastError: null });
    }
    for (const text of [...first, last]) expect(x.postsWithText(text)).toHaveLength(1);
  });
});
