import type { CalendarPost } from '../../shared/api/posts.schemas';
import {
  FREE_SLOTS_MAX,
  type FreeSlot,
  type Queue,
  type QueueSlot,
  type Schedule,
  type ScheduleBody,
} from '../../shared/api/queue.schemas';
import type { Platform } from '../../shared/platforms/rules';
import { nextSlots, slotsAfter } from '../../shared/queue-slots';
import type { SessionUser } from '../auth/session';
import type { KnownAccount } from '../connections/accounts';
import { type ChangeFeed, NO_CHANGE_FEED } from '../db/change-feed';
import { AppError, notFound } from '../http/errors';
import { invalid } from '../posts/post-content';
import type { WorkspaceId } from '../workspaces/workspaces.repo';
import { layOut } from './layout';
import { QUEUE_LEAD_MS } from './queue-rules';
import type { QueueKey, QueueRepo, ScheduleRow } from './queue.repo';

export interface QueueServiceDeps {
  repo: QueueRepo;
  /** One connected account of the workspace by its id; another workspace's is not found. */
  findAccount: (workspaceId: WorkspaceId, id: string) => Promise<KnownAccount | undefined>;
  /** The workspace's connected accounts. */
  listAccounts: (workspaceId: WorkspaceId) => Promise<readonly KnownAccount[]>;
  /** The calendar's cards of the workspace's posts in [from, to). */
  cardsBetween: (actor: SessionUser, from: Date, to: Date) => Promise<{ data: CalendarPost[] }>;
  clock: () => Date;
  changes?: ChangeFeed;
}

const queueChanged = () =>
  new AppError(409, 'QUEUE_CHANGED', 'The queue changed meanwhile: read it again and repeat.');

const toSchedule = (row: ScheduleRow): Schedule => ({
  timezone: row.timezone,
  times: row.times,
  paused: row.paused,
});

/**
 * Posting schedules and queues (issue 26, decision 043). Each account has a weekly schedule of slots; its
 * queued posts sit in those slots, one per slot. Every change takes the queue's lock, reads the taken slots
 * and writes, so the queue never holds two posts in a slot nor a post in the past.
 */
export function createQueueService({
  repo,
  findAccount,
  listAccounts,
  cardsBetween,
  clock,
  changes = NO_CHANGE_FEED,
}: QueueServiceDeps) {
  /** The account of the path and its queue's key. */
  const queueOf = async (actor: SessionUser, id: string) => {
    const account = await findAccount(actor.workspace.id, id);
    if (!account) throw notFound('This account');
    const key: QueueKey = {
      workspaceId: actor.workspace.id,
      platform: account.platform,
      accountId: account.accountId,
    };
    return { account, key };
  };
  const horizon = () => new Date(clock().getTime() + QUEUE_LEAD_MS);
  const moved = (actor: SessionUser) => changes.touch('posts', actor.workspace.id);

  return {
    async schedule(actor: SessionUser, id: string): Promise<Schedule | null> {
      const { key } = await queueOf(actor, id);
      const row = await repo.schedule(key);
      return row ? toSchedule(row) : null;
    },

    /**
     * Sets the schedule. The queued posts follow into the new slots in their order; paused, they are held
     * where they are; resumed, they take the slots from now on.
     */
    async setSchedule(actor: SessionUser, id: string, body: ScheduleBody & { paused: boolean }) {
      const { key } = await queueOf(actor, id);
      const after = horizon();
      await repo.locked([key], async (tx) => {
        // A paused queue's posts may be held in slots gone by: resumed, they are laid out again too.
        const was = await repo.schedule(key, tx);
        const taken = await repo.taken(key, was?.paused ? new Date(0) : after, tx);
        const waiting = taken.filter((t) => t.movable).map((t) => t.postId!);
        if (!body.times.length && waiting.length)
          throw invalid('times', 'queue.timesRequired', 'the queue has posts, which need slots');
        await repo.saveSchedule(tx, key, body, clock());
        if (body.paused)
          await repo.place(
            tx,
            key,
            taken.filter((t) => t.movable).map((t) => ({ postId: t.postId!, at: t.slotAt })),
            true,
          );
        else await repo.place(tx, key, layOut(body, taken, after, waiting), false);
      });
      moved(actor);
      return toSchedule({ ...key, ...body, updatedAt: clock() });
    },

    /** The schedule and the next `count` slots: free, skipped, or with their post's card. */
    async read(actor: SessionUser, id: string, count: number): Promise<Queue> {
      const { account, key } = await queueOf(actor, id);
      const row = await repo.schedule(key);
      const after = clock();
      // A paused queue's posts may be held in slots gone by: listed first.
      const taken = await repo.taken(key, row?.paused ? new Date(0) : after);
      const queued = taken.filter((t) => t.postId !== null).length;
      const slots = row ? nextSlots(row, after, count) : [];
      // A post waiting in a slot the schedule no longer has (a paused queue keeps its times) is listed too.
      const times = [
        ...new Set([
          ...slots.map((s) => s.getTime()),
          ...taken.slice(0, count).map((t) => t.slotAt.getTime()),
        ]),
      ]
        .sort((a, b) => a - b)
        .slice(0, count);
      const byTime = new Map(taken.map((t) => [t.slotAt.getTime(), t]));
      const last = times.at(-1);
      const cards =
        last === undefined ? [] : (await cardsBetween(actor, new Date(times[0]!), new Date(last + 1))).data;
      const cardOf = new Map(cards.map((c) => [c.id, c]));
      const list: QueueSlot[] = times.map((time) => {
        const t = byTime.get(time);
        return {
          at: new Date(time).toISOString(),
          post: t?.postId ? (cardOf.get(t.postId) ?? null) : null,
          skipped: t !== undefined && t.postId === null,
        };
      });
      return {
        account: { id: account.id, platform: account.platform as Platform, username: account.username },
        schedule: row ? toSchedule(row) : null,
        slots: list,
        queued,
      };
    },

    /**
     * The free slots of the workspace's running queues in [from, to), soonest first, each with the
     * accounts it is free on: what "Add to queue" could still fill. Slots closer than the queue's lead, of
     * a paused queue, taken, skipped, or where the account has a post at that instant are not free.
     */
    async freeSlots(actor: SessionUser, from: Date, to: Date): Promise<FreeSlot[]> {
      const workspaceId = actor.workspace.id;
      const schedules = await repo.activeSchedules(workspaceId);
      const start = new Date(Math.max(from.getTime(), horizon().getTime()));
      if (!schedules.length || start >= to) return [];
      const [accounts, occupied] = await Promise.all([
        listAccounts(workspaceId),
        repo.occupied(workspaceId, start, to),
      ]);
      const byTime = new Map<number, FreeSlot['accounts']>();
      let listed = 0;
      for (const schedule of schedules) {
        const account = accounts.find(
          (a) => a.platform === schedule.platform && a.accountId === schedule.accountId,
        );
        // A schedule outlives its account (reconnecting finds it again): no account, no slot to offer.
        if (!account) continue;
        const first = accounts.find((a) => a.platform === schedule.platform) === account;
        for (const at of slotsAfter(schedule, new Date(start.getTime() - 1))) {
          const time = at.getTime();
          if (time >= to.getTime() || listed >= FREE_SLOTS_MAX) break;
          if (occupied.has(`${schedule.platform} ${schedule.accountId} ${time}`)) continue;
          if (first && occupied.has(`${schedule.platform}  ${time}`)) continue;
          const list = byTime.get(time) ?? [];
          list.push({ id: account.id, platform: account.platform as Platform, username: account.username });
          byTime.set(time, list);
          listed++;
        }
      }
      return [...byTime.entries()]
        .sort(([a], [b]) => a - b)
        .map(([time, list]) => ({ at: new Date(time).toISOString(), accounts: list }));
    },

    /**
     * Puts the queued posts in a new order: they take the slots they hold now, in that order. `order` must
     * name every post the queue may move, each once; else the queue changed meanwhile (409).
     */
    async reorder(actor: SessionUser, id: string, order: string[]) {
      const { key } = await queueOf(actor, id);
      await repo.locked([key], async (tx) => {
        const schedule = await repo.schedule(key, tx);
        const waiting = (await repo.taken(key, horizon(), tx)).filter((t) => t.movable);
        const ids = new Set(waiting.map((t) => t.postId!));
        if (order.length !== ids.size || !order.every((p) => ids.has(p))) throw queueChanged();
        const slots = waiting.map((t) => t.slotAt);
        await repo.place(
          tx,
          key,
          order.map((postId, i) => ({ postId, at: slots[i]! })),
          schedule?.paused ?? false,
        );
      });
      moved(actor);
    },

    /**
     * Skips a slot of the schedule: its post and the queued posts after it move on a slot each. Taking a
     * skip back frees the slot (the posts stay where they are).
     */
    async skip(actor: SessionUser, id: string, at: Date, skipped: boolean) {
      const { key } = await queueOf(actor, id);
      if (!skipped) {
        await repo.unskip(key, at);
        return;
      }
      const after = horizon();
      await repo.locked([key], async (tx) => {
        const schedule = await repo.schedule(key, tx);
        const isSlot =
          schedule !== undefined &&
          at.getTime() > after.getTime() &&
          nextSlots(schedule, new Date(at.getTime() - 1), 1)[0]?.getTime() === at.getTime();
        if (!isSlot) throw invalid('at', 'queue.slotInvalid', 'not an upcoming slot of the schedule');
        const taken = await repo.taken(key, after, tx);
        const there = taken.find((t) => t.slotAt.getTime() === at.getTime());
        if (there && there.postId === null) return;
        if (there && !there.movable)
          throw new AppError(409, 'POST_LOCKED', 'The post in this slot has started going out.');
        // The slot's post and those after it, in order, into the free slots after the skipped one.
        const following = taken
          .filter((t) => t.movable && t.slotAt.getTime() >= at.getTime())
          .map((t) => t.postId!);
        const rest = taken.filter((t) => !following.includes(t.postId ?? ''));
        await repo.place(
          tx,
          key,
          layOut(schedule, [...rest, { slotAt: at, postId: null, movable: false }], at, following),
          schedule.paused,
        );
        await repo.skip(tx, key, at);
      });
      moved(actor);
    },
  };
}
export type QueueService = ReturnType<typeof createQueueService>;
