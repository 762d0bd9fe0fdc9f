import { createHash } from 'node:crypto';

/**
 * When a published post's figures are read: the listed offsets after publishing (1 h, 6 h, 24 h, 72 h by
 * default), then one a "day" until `dailyDays` days after publishing. Slot n is the n-th reading.
 */
export function slotOffsets(schedule: number[], dailyDays: number, dayMs: number): number[] {
  const offsets = [...schedule];
  const last = offsets[offsets.length - 1] ?? 0;
  for (let day = 1; day <= dailyDays; day++) if (day * dayMs > last) offsets.push(day * dayMs);
  return offsets;
}

/**
 * The queue id of a target's reading of one slot: the same (target, slot) always gives the same id, so a
 * reading queued twice (a retried transaction, two workers finishing one slot) is one job.
 */
export function readingJobId(targetId: string, slot: number): string {
  const hex = createHash('sha256').update(`collect-metrics:${targetId}:${slot}`).digest('hex');
  // Shaped as a version-5-style UUID (pg-boss ids are uuid).
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${((parseInt(hex[16]!, 16) & 3) | 8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
