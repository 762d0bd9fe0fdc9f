import { slotsAfter, type WeeklySlots } from '../../shared/queue-slots';
import type { TakenSlot } from './queue.repo';

/**
 * Where queued posts go (issue 26, decision 043): pure, over a schedule's slots and the slots taken.
 * A slot is taken by a post or a skip; one taken slot holds one post, never two.
 */

/** The first slot after `after` that nothing takes (`busy`: taken instants, ms): where "Add to queue" puts a post. */
export function firstFree(schedule: WeeklySlots, busy: ReadonlySet<number>, after: Date): Date {
  for (const at of slotsAfter(schedule, after)) if (!busy.has(at.getTime())) return at;
  throw new Error('unreachable: a schedule with times has slots without end');
}

/**
 * Slots after `after` for `count` posts in order, around the slots that stay as they are (`fixed`:
 * skips, posts the queue may not move, queued posts not being moved).
 */
export function freeSlots(
  schedule: WeeklySlots,
  fixed: readonly TakenSlot[],
  after: Date,
  count: number,
): Date[] {
  const busy = new Set(fixed.map((t) => t.slotAt.getTime()));
  const slots: Date[] = [];
  if (count <= 0) return slots;
  for (const at of slotsAfter(schedule, after)) {
    if (busy.has(at.getTime())) continue;
    slots.push(at);
    if (slots.length === count) break;
  }
  return slots;
}

/**
 * Lays `moving` (post ids, in their new order) out in the free slots after `after`, the rest of `taken`
 * staying: each post with its slot.
 */
export function layOut(
  schedule: WeeklySlots,
  taken: readonly TakenSlot[],
  after: Date,
  moving: readonly string[],
): { postId: string; at: Date }[] {
  const ids = new Set(moving);
  const fixed = taken.filter((t) => t.postId === null || !ids.has(t.postId));
  const slots = freeSlots(schedule, fixed, after, moving.length);
  return moving.map((postId, i) => ({ postId, at: slots[i]! }));
}
