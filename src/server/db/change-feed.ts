import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from './client';

/** What changed for a user: what their calendar shows, or what their sign-in carries. */
export type ChangeKind = 'posts' | 'auth';

export const CHANGES_CHANNEL = 'postwell_changes';

/**
 * Follows the database's `postwell_changes` notifications (migration 0008: triggers on every table a
 * calendar or a session is read from), so that caches in this process know when what they kept for a
 * user may be out of date, whichever process made the change: an API, a worker, an administrator's
 * SQL.
 *
 * `version(kind, user)` moves whenever such a change arrives. A cache stores the version it read before
 * computing an answer and uses the answer only while the version is the same. While the listening
 * connection is down nothing can be known, so `version` answers undefined (cache nothing) and every
 * version moves once listening resumes.
 */
export interface ChangeFeed {
  /**
   * With `range`, only changes that may concern that span of scheduled times move the version: a change
   * to posts says which times it touched (migration 0018), and one that cannot say moves every range.
   * With `'undated'`, only the changes that cannot say: every change to the user's accounts or files
   * (and a statement over 100 posts), none that only wrote posts, their networks or their media links.
   */
  version(kind: ChangeKind, userId: string, range?: TimeRange | 'undated'): number | undefined;
  /**
   * The newest version handed out to anyone, or undefined while not listening. Read before computing
   * something whose user is not known yet (a session from its cookie): if that user's version is still
   * at most this afterwards, nothing about them arrived in between.
   */
  current(): number | undefined;
  /**
   * Resolves once every change committed before the call has been heard. PostgreSQL hands each listener
   * notifications in commit order, so hearing a marker sent now means hearing all before it. For tests
   * that write with SQL and then read through a cache.
   */
  sync(): Promise<void>;
  /**
   * A change made by this process, known before the database's notice of it comes back. `at`: the
   * scheduled times it touched, old and new (null: a post without a date); without it, anything.
   */
  touch(kind: ChangeKind, userId: string, at?: (Date | null)[]): void;
  /**
   * Hears each change notice as it arrives from the database (`key`: `posts:<user>` or `auth:<user>`),
   * whoever made it, and `reset` once listening is back after it was lost (notices may have been missed
   * meanwhile). For work in progress that a change may call off (a video render); answers an unsubscribe.
   */
  subscribe(listener: ChangeListener): () => void;
}

export interface ChangeListener {
  /** `times`: the scheduled times (epoch seconds) the change touched, when it says. */
  change(key: string, times?: number[]): void;
  reset(): void;
}

/** A span of scheduled times, both ends included. */
export interface TimeRange {
  from: Date;
  to: Date;
}

/** Changes whose times are remembered per user; older ones count as changes to everything. */
const DATED_CHANGES_KEPT = 64;

/**
 * `posts:<user>` or `posts:<user> <t1>,<t2>,…` (epoch seconds, `n` for no date): the key, and the
 * times in seconds (a change to a post without a date touches no range), or undefined for "anything".
 */
export function parseChange(payload: string): { key: string; times?: number[] } {
  const space = payload.indexOf(' ');
  if (space < 0) return { key: payload };
  const times: number[] = [];
  for (const part of payload.slice(space + 1).split(',')) {
    if (part === 'n') continue;
    if (!/^-?\d{1,12}$/.test(part)) return { key: payload.slice(0, space) };
    times.push(Number(part));
  }
  return { key: payload.slice(0, space), times };
}

/** For a process that does not follow changes: every version unknown, so nothing is ever cached. */
export const NO_CHANGE_FEED: ChangeFeed = {
  version: () => undefined,
  current: () => undefined,
  sync: async () => undefined,
  touch: () => undefined,
  subscribe: () => () => undefined,
};

export async function createChangeFeed(database: Database, logger: FastifyBaseLogger): Promise<ChangeFeed> {
  let tick = 0;
  let resetAt = 0;
  let listening = true;
  /** The last change of each kind and user, whatever it touched. */
  const latest = new Map<string, number>();
  /** The last change of each kind and user that could not say what it touched. */
  const unbounded = new Map<string, number>();
  /** The recent changes that said which scheduled times they touched. */
  const dated = new Map<string, { tick: number; times: number[] }[]>();
  const waiting = new Map<string, () => void>();
  const listeners = new Set<ChangeListener>();
  const reset = () => {
    latest.clear();
    unbounded.clear();
    dated.clear();
    resetAt = ++tick;
  };
  const record = (key: string, times?: number[]) => {
    const at = ++tick;
    latest.set(key, at);
    if (!times) {
      unbounded.set(key, at);
      dated.delete(key);
      return;
    }
    const log = dated.get(key) ?? [];
    log.push({ tick: at, times });
    // Forgetting which times an old change touched makes it a change to everything: never too little.
    if (log.length > DATED_CHANGES_KEPT)
      unbounded.set(key, Math.max(unbounded.get(key) ?? 0, log.shift()!.tick));
    dated.set(key, log);
  };
  await database.listen(CHANGES_CHANNEL, {
    message(payload) {
      const marker = waiting.get(payload);
      if (marker) {
        waiting.delete(payload);
        marker();
      } else {
        const { key, times } = parseChange(payload);
        record(key, times);
        for (const listener of listeners) listener.change(key, times);
      }
    },
    lost() {
      listening = false;
      reset();
      logger.warn('lost the database change notifications: caches are off until they are back');
    },
    resumed() {
      reset();
      listening = true;
      logger.info('database change notifications are back');
      for (const listener of listeners) listener.reset();
    },
  });
  return {
    version(kind, userId, range) {
      if (!listening) return undefined;
      const key = `${kind}:${userId}`;
      if (!range) return Math.max(latest.get(key) ?? 0, resetAt);
      if (range === 'undated') return Math.max(unbounded.get(key) ?? 0, resetAt);
      const from = Math.floor(range.from.getTime() / 1000);
      const to = Math.ceil(range.to.getTime() / 1000);
      let version = Math.max(unbounded.get(key) ?? 0, resetAt);
      for (const change of dated.get(key) ?? [])
        if (change.tick > version && change.times.some((t) => t >= from && t <= to)) version = change.tick;
      return version;
    },
    current: () => (listening ? tick : undefined),
    touch(kind, userId, at) {
      record(
        `${kind}:${userId}`,
        at?.flatMap((date) => (date ? [Math.floor(date.getTime() / 1000)] : [])),
      );
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    async sync() {
      if (!listening) return;
      const marker = `sync:${randomUUID()}`;
      const heard = new Promise<void>((resolve) => waiting.set(marker, resolve));
      await database.executeSql(`select pg_notify($1, $2)`, [CHANGES_CHANNEL, marker]);
      await heard;
    },
  };
}

/**
 * A cache of computed answers that holds each one only while the change feed says nothing it was made
 * from has changed. Least recently used answers go first once the total size passes `maxBytes`.
 */
export function createVersionedCache<V>(options: {
  feed: ChangeFeed;
  kind: ChangeKind;
  maxBytes: number;
  sizeOf: (value: V) => number;
}) {
  // Each answer is stamped with the feed's newest version when its computation began, and holds while
  // no change that concerns it is newer than that. (Comparing versions for equality instead would drop
  // it whenever the feed forgot an older change it had already outlived: after 64 autosaved drafts, each
  // new one re-read the calendar's month.)
  const entries = new Map<string, { stamp: number; value: V; size: number }>();
  const pending = new Map<string, { stamp: number; promise: Promise<V> }>();
  let bytes = 0;
  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.size;
  };
  /** The entry of `fullKey` while no change that concerns it is newer, made the most recently used. */
  const current = (fullKey: string, userId: string, range?: TimeRange | 'undated') => {
    const entry = entries.get(fullKey);
    if (!entry || options.feed.current() === undefined) return undefined;
    const before = options.feed.version(options.kind, userId, range);
    if (before === undefined || before > entry.stamp) return undefined;
    // Most recently used goes to the end of the Map's order.
    entries.delete(fullKey);
    entries.set(fullKey, entry);
    return entry;
  };
  return {
    /**
     * The kept answer for `key` as `get` would give it, at once, or undefined when it would compute one:
     * a caller that usually hits answers without a promise in between.
     */
    kept(userId: string, key: string, range?: TimeRange | 'undated'): V | undefined {
      return current(`${userId}\u0000${key}`, userId, range)?.value;
    },
    /**
     * The answer for `key`, computed by `compute` unless a current one is kept. An answer about a
     * `range` of scheduled times is kept through changes that did not touch it (`'undated'`: through
     * every change that said which times it touched).
     */
    async get(
      userId: string,
      key: string,
      compute: () => Promise<V>,
      range?: TimeRange | 'undated',
    ): Promise<V> {
      const fullKey = `${userId}\u0000${key}`;
      const entry = current(fullKey, userId, range);
      if (entry) return entry.value;
      const stamp = options.feed.current();
      const before = options.feed.version(options.kind, userId, range);
      const known = stamp !== undefined && before !== undefined;
      drop(fullKey);
      // Callers that miss together wait for one computation instead of each running their own (a
      // change followed by 50 waiting calendars would otherwise read the month 50 times).
      const running = pending.get(fullKey);
      if (running && known && before <= running.stamp) return running.promise;
      const promise = compute();
      if (known) pending.set(fullKey, { stamp, promise });
      let value: V;
      try {
        value = await promise;
      } finally {
        if (pending.get(fullKey)?.promise === promise) pending.delete(fullKey);
      }
      // Keep it only if nothing changed while it was computed: it could have read the old state.
      const after = options.feed.version(options.kind, userId, range);
      if (known && after !== undefined && after <= stamp) {
        const size = options.sizeOf(value);
        if (size <= options.maxBytes) {
          drop(fullKey);
          entries.set(fullKey, { stamp, value, size });
          bytes += size;
          for (const oldest of entries.keys()) {
            if (bytes <= options.maxBytes) break;
            drop(oldest);
          }
        }
      }
      return value;
    },
    get size() {
      return entries.size;
    },
  };
}
