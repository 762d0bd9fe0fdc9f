import {
  nextOccurrence,
  OCCURRENCES_READ_MAX,
  occurrencesBetween,
  type RecurrenceRule,
} from '../../shared/recurrence';

/** What one round does with a rule: the occurrences to make into posts, those to record as skipped, and where to go on. */
export interface OccurrencePlan {
  make: Date[];
  skip: Date[];
  /** The next occurrence not handled here; null once the rule has ended. */
  next: Date | null;
}

/**
 * The occurrences of `rule` from `from` (its first not yet handled) up to `until` (now + the horizon).
 * Missed ones (before `now`: the server was down) are never sent in a batch: only the latest may go, if it
 * is at most `graceMs` late; the others are skipped. Occurrences still ahead are all made.
 */
export function planOccurrences(
  rule: RecurrenceRule,
  from: Date,
  now: Date,
  until: Date,
  graceMs: number,
): OccurrencePlan {
  const due = occurrencesBetween(rule, from, until);
  const late = due.filter((at) => at < now);
  const ahead = due.slice(late.length);
  const latest = late.at(-1);
  const sendLatest = latest !== undefined && now.getTime() - latest.getTime() <= graceMs;
  const last = due.at(-1);
  // A read cut at its bound goes on from its last occurrence next round; otherwise from the horizon.
  const next =
    due.length >= OCCURRENCES_READ_MAX && last
      ? nextOccurrence(rule, new Date(last.getTime() + 1))
      : nextOccurrence(rule, until.getTime() > from.getTime() ? until : from);
  return {
    make: sendLatest ? [latest, ...ahead] : ahead,
    skip: sendLatest ? late.slice(0, -1) : late,
    next,
  };
}
