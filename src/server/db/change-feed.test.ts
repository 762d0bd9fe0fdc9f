import { describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, ListenHandlers } from './client';
import { type ChangeFeed, createChangeFeed, createVersionedCache, parseChange } from './change-feed';

/** A feed whose versions the test moves by hand; `listening: false` is a lost connection. */
function manualFeed() {
  const versions = new Map<string, number>();
  const state = { listening: true, tick: 0 };
  const feed: ChangeFeed = {
    version: (kind, user) => (state.listening ? (versions.get(`${kind}:${user}`) ?? 0) : undefined),
    current: () => (state.listening ? state.tick : undefined),
    sync: async () => undefined,
    touch: (kind, user) => void versions.set(`${kind}:${user}`, ++state.tick),
    subscribe: () => () => undefined,
  };
  return { feed, state };
}

const deferred = <T>() => {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
};

describe('the versioned cache', () => {
  const make = (feed: ChangeFeed, maxBytes = 1000) =>
    createVersionedCache<string>({ feed, kind: 'posts', maxBytes, sizeOf: (v) => v.length });

  it('keeps an answer until its user’s version moves, and only that user’s', async () => {
    const { feed } = manualFeed();
    const cache = make(feed);
    let computed = 0;
    const compute = (value: string) => async () => (computed++, value);
    expect(await cache.get('ann', 'march', compute('a1'))).toBe('a1');
    expect(await cache.get('ann', 'march', compute('a2'))).toBe('a1');
    expect(await cache.get('bob', 'march', compute('b1'))).toBe('b1');
    feed.touch('posts', 'bob');
    expect(await cache.get('ann', 'march', compute('a3'))).toBe('a1');
    expect(await cache.get('bob', 'march', compute('b2'))).toBe('b2');
    feed.touch('auth', 'ann'); // another kind does not concern this cache
    expect(await cache.get('ann', 'march', compute('a4'))).toBe('a1');
    expect(computed).toBe(3);
  });

  it('does not keep an answer computed while a change arrived', async () => {
    const { feed } = manualFeed();
    const cache = make(feed);
    const slow = deferred<string>();
    const first = cache.get('ann', 'march', () => slow.promise);
    feed.touch('posts', 'ann');
    slow.resolve('read before the change');
    expect(await first).toBe('read before the change');
    expect(await cache.get('ann', 'march', async () => 'fresh')).toBe('fresh');
  });

  it('runs one computation for callers that miss together', async () => {
    const { feed } = manualFeed();
    const cache = make(feed);
    const slow = deferred<string>();
    let computed = 0;
    const compute = () => (computed++, slow.promise);
    const all = Promise.all(Array.from({ length: 20 }, () => cache.get('ann', 'march', compute)));
    slow.resolve('month');
    expect(await all).toEqual(Array(20).fill('month'));
    expect(computed).toBe(1);
  });

  it('keeps nothing while the feed is not listening', async () => {
    const { feed, state } = manualFeed();
    const cache = make(feed);
    await cache.get('ann', 'march', async () => 'kept');
    state.listening = false;
    expect(await cache.get('ann', 'march', async () => 'deaf 1')).toBe('deaf 1');
    expect(await cache.get('ann', 'march', async () => 'deaf 2')).toBe('deaf 2');
    expect(cache.size).toBe(0);
  });

  it('lets the least recently used answers go past its size', async () => {
    const { feed } = manualFeed();
    const cache = make(feed, 10);
    await cache.get('ann', 'a', async () => 'aaaa');
    await cache.get('ann', 'b', async () => 'bbbb');
    await cache.get('ann', 'a', async () => 'unused'); // a is now the most recent
    await cache.get('ann', 'c', async () => 'cccc'); // 12 bytes: b goes
    expect(cache.size).toBe(2);
    expect(await cache.get('ann', 'a', async () => 'new a')).toBe('aaaa');
    expect(await cache.get('ann', 'b', async () => 'new b')).toBe('new b');
  });

  it('tells at once what get would answer from what it keeps, and nothing when get would compute', async () => {
    const { feed, state } = manualFeed();
    const cache = make(feed, 10);
    expect(cache.kept('ann', 'a')).toBeUndefined();
    await cache.get('ann', 'a', async () => 'aaaa');
    await cache.get('ann', 'b', async () => 'bbbb');
    expect(cache.kept('ann', 'a')).toBe('aaaa'); // and a is now the most recent
    await cache.get('ann', 'c', async () => 'cccc'); // 12 bytes: b goes, not a
    expect(cache.kept('ann', 'b')).toBeUndefined();
    expect(cache.kept('ann', 'a')).toBe('aaaa');
    feed.touch('posts', 'bob');
    expect(cache.kept('ann', 'a')).toBe('aaaa');
    feed.touch('posts', 'ann');
    expect(cache.kept('ann', 'a')).toBeUndefined();
    expect(await cache.get('ann', 'a', async () => 'new a')).toBe('new a');
    expect(cache.kept('ann', 'a')).toBe('new a');
    state.listening = false;
    expect(cache.kept('ann', 'a')).toBeUndefined();
  });
});

describe('changes that say which scheduled times they touched', () => {
  /** A feed over a database whose notices the test sends by hand. */
  async function feedWithNotices() {
    let send: (payload: string) => void = () => undefined;
    const database = {
      listen: async (_channel: string, handlers: { message: (payload: string) => void }) => {
        send = handlers.message;
      },
    } as unknown as Database;
    const feed = await createChangeFeed(database, { warn() {}, info() {} } as unknown as FastifyBaseLogger);
    return { feed, send: (payload: string) => send(payload) };
  }
  const march = { from: new Date('2026-03-01T00:00:00Z'), to: new Date('2026-04-01T00:00:00Z') };
  const may = { from: new Date('2026-05-01T00:00:00Z'), to: new Date('2026-06-01T00:00:00Z') };
  const seconds = (iso: string) => Math.floor(new Date(iso).getTime() / 1000);

  it('reads the times of a notice, and takes one it cannot read as a change to anything', () => {
    expect(parseChange('posts:u1')).toEqual({ key: 'posts:u1' });
    expect(parseChange('posts:u1 1772323200,n')).toEqual({ key: 'posts:u1', times: [1772323200] });
    expect(parseChange('posts:u1 n')).toEqual({ key: 'posts:u1', times: [] });
    expect(parseChange('posts:u1 12,abc')).toEqual({ key: 'posts:u1' });
    expect(parseChange(`posts:u1 ${'9'.repeat(40)}`)).toEqual({ key: 'posts:u1' });
  });

  it('moves a range only for a change inside it, a change without times, or one too old to remember', async () => {
    const { feed, send } = await feedWithNotices();
    const start = feed.version('posts', 'u1', march)!;
    send(`posts:u1 ${seconds('2026-05-10T09:00:00Z')},n`);
    expect(feed.version('posts', 'u1', march)).toBe(start);
    expect(feed.version('posts', 'u1', may)).toBeGreaterThan(start);
    // Without a range, any change moves the version (the caches that keep what is not about days).
    expect(feed.version('posts', 'u1')).toBeGreaterThan(start);
    send(`posts:u1 ${seconds('2026-03-31T23:59:59Z')}`);
    const afterMarch = feed.version('posts', 'u1', march)!;
    expect(afterMarch).toBeGreaterThan(start);
    send('posts:u2');
    expect(feed.version('posts', 'u1', march)).toBe(afterMarch);
    send('posts:u1');
    expect(feed.version('posts', 'u1', march)).toBeGreaterThan(afterMarch);

    const kept = feed.version('posts', 'u1', march)!;
    feed.touch('posts', 'u1', [null, new Date('2026-05-02T00:00:00Z')]);
    for (let i = 0; i < 63; i++) send(`posts:u1 ${seconds('2026-05-03T00:00:00Z')}`);
    expect(feed.version('posts', 'u1', march)).toBe(kept);
    // A 65th: the first is forgotten, and a forgotten change could have been anywhere.
    send(`posts:u1 ${seconds('2026-05-04T00:00:00Z')}`);
    expect(feed.version('posts', 'u1', march)).toBeGreaterThan(kept);
  });

  it("with 'undated', moves only for a change that could not say which times it touched", async () => {
    const { feed, send } = await feedWithNotices();
    const start = feed.version('posts', 'u1', 'undated')!;
    send(`posts:u1 ${seconds('2026-03-10T09:00:00Z')},n`);
    send('posts:u1 n');
    feed.touch('posts', 'u1', [new Date('2026-03-11T09:00:00Z'), null]);
    expect(feed.version('posts', 'u1', 'undated')).toBe(start);
    // A change to an account or a file of the user's, from the database or from this process.
    send('posts:u1');
    const afterNotice = feed.version('posts', 'u1', 'undated')!;
    expect(afterNotice).toBeGreaterThan(start);
    feed.touch('posts', 'u1');
    expect(feed.version('posts', 'u1', 'undated')).toBeGreaterThan(afterNotice);
    send('posts:u2');
    send('auth:u1');
    const settled = feed.version('posts', 'u1', 'undated')!;
    // A dated change too old to remember could have been anything.
    for (let i = 0; i < 64; i++) send(`posts:u1 ${seconds('2026-05-03T00:00:00Z')}`);
    expect(feed.version('posts', 'u1', 'undated')).toBe(settled);
    send(`posts:u1 ${seconds('2026-05-04T00:00:00Z')}`);
    expect(feed.version('posts', 'u1', 'undated')).toBeGreaterThan(settled);
  });

  it('keeps a month through any number of changes elsewhere once it was read after them', async () => {
    const { feed, send } = await feedWithNotices();
    const cache = createVersionedCache<string>({ feed, kind: 'posts', maxBytes: 1000, sizeOf: () => 1 });
    let reads = 0;
    const read = async () => `march ${++reads}`;
    expect(await cache.get('u1', 'march', read, march)).toBe('march 1');
    // Autosaved drafts without a date, or posts in May: more than the feed remembers the times of.
    for (let i = 0; i < 64; i++) send(`posts:u1 n`);
    expect(await cache.get('u1', 'march', read, march)).toBe('march 1');
    // Forgetting a change newer than the month's reading: it could have been in March, so read again…
    send(`posts:u1 ${seconds('2026-05-04T00:00:00Z')}`);
    expect(await cache.get('u1', 'march', read, march)).toBe('march 2');
    // …but not for forgetting the 64 changes older than that reading, as each new draft did before.
    for (let i = 0; i < 64; i++) send(`posts:u1 n`);
    expect(await cache.get('u1', 'march', read, march)).toBe('march 2');
    send(`posts:u1 ${seconds('2026-03-10T00:00:00Z')}`);
    expect(await cache.get('u1', 'march', read, march)).toBe('march 3');
  });
});

describe('subscribers', () => {
  it('hear each notice by its key, and a reset once notices that may have been missed are back', async () => {
    let handlers!: ListenHandlers;
    const database = {
      listen: async (_channel: string, given: ListenHandlers) => void (handlers = given),
    } as unknown as Database;
    const feed = await createChangeFeed(database, { warn() {}, info() {} } as unknown as FastifyBaseLogger);
    const heard: string[] = [];
    const stop = feed.subscribe({ change: (key) => heard.push(key), reset: () => heard.push('reset') });
    handlers.message('posts:u1 1772323200,n');
    handlers.message('auth:u2');
    handlers.lost();
    handlers.resumed();
    stop();
    handlers.message('posts:u3');
    expect(heard).toEqual(['posts:u1', 'auth:u2', 'reset']);
  });
});
