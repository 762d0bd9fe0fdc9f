import { type DraftVersion, versionsToSend } from '../../../components/post-form/versions';
import {
  type Frequency,
  type RecurringPost,
  type RecurringWrite,
  RecurringWriteSchema,
} from '../../../../shared/api/recurring.schemas';
import { htmlToText } from '../../../../shared/platforms/html-to-text';
import type { Platform } from '../../../../shared/platforms/rules';
import type { Account } from '../../../../shared/api/users.schemas';
import { accountsToSend } from '../../../lib/accounts';
import type { RecurrenceRule } from '../../../../shared/recurrence';
import { zonedDayRange } from '../../../../shared/time/zoned-day';
import { fromZonedWallClock, zonedDayKey } from '../../../lib/time-zone';
import { type DraftMedia, mediaWrite } from '../../../components/post-form/draft-media';

export type EndKind = 'never' | 'date' | 'count';

/**
 * The dialog's values as its inputs hold them: a number box says '' when empty, a select null when
 * cleared. They go to the schema as they are, so that it names what is missing in its own words.
 */
export interface RecurringForm {
  content: string;
  platforms: Platform[];
  /** Where a network has several accounts, the ones chosen (connection ids). */
  accounts: string[];
  media: DraftMedia[];
  /** Networks' and accounts' own versions (issue 26), given to each occurrence. */
  versions: DraftVersion[];
  start: Date | null;
  frequency: Frequency | null;
  interval: number | string;
  /** rrule's numbers, 0 Monday … 6 Sunday. */
  weekdays: number[];
  end: EndKind;
  /** The last day, 'YYYY-MM-DD' on the calendar of the user's zone. */
  endDay: string | null;
  count: number | string;
}

export const FORM_FIELDS = [
  'content',
  'platforms',
  'accounts',
  'media',
  'startDate',
  'frequency',
  'interval',
  'weekdays',
  'endDate',
  'count',
] as const;
export type FormField = (typeof FORM_FIELDS)[number];
/** Each field's problem as an i18n key. */
export type FormErrors = Partial<Record<FormField, string>>;

const DEFAULT_COUNT = 10;

/** Spec section 9: weekly by default, every 1. */
export const emptyForm = (): RecurringForm => ({
  content: '',
  platforms: [],
  accounts: [],
  media: [],
  versions: [],
  start: null,
  frequency: 'weekly',
  interval: 1,
  weekdays: [],
  end: 'never',
  endDay: null,
  count: DEFAULT_COUNT,
});

export const formOf = (post: RecurringPost, zone: string): RecurringForm => ({
  content: post.content,
  platforms: post.platforms,
  accounts: post.accounts,
  media: post.media,
  versions: post.versions,
  start: new Date(post.startDate),
  frequency: post.frequency,
  interval: post.interval,
  weekdays: post.weekdays,
  end: post.endDate ? 'date' : post.count ? 'count' : 'never',
  endDay: post.endDate ? zonedDayKey(new Date(post.endDate), zone) : null,
  count: post.count ?? DEFAULT_COUNT,
});

/** "Until" a day means through its last moment on the user's clock, so an occurrence that day still counts. */
const endOfDay = (day: string, zone: string) =>
  new Date(zonedDayRange(fromZonedWallClock(`${day} 12:00`, zone), zone).end.getTime() - 1);

/** What the form would send; not yet checked, so typed loosely on purpose. */
export function bodyOf(
  form: RecurringForm,
  zone: string,
  allAccounts: readonly Account[] = [],
): Record<string, unknown> {
  const accounts = accountsToSend(form.platforms, form.accounts, allAccounts);
  return {
    content: form.content,
    platforms: form.platforms,
    accounts,
    media: form.media.map(mediaWrite),
    versions: versionsToSend(form.versions, form.platforms, form.media, accounts),
    startDate: form.start?.toISOString(),
    // '' for "on a date" without one: the schema then says the end date is not valid.
    endDate: form.end === 'date' ? (form.endDay ? endOfDay(form.endDay, zone).toISOString() : '') : null,
    count: form.end === 'count' ? form.count : null,
    frequency: form.frequency,
    interval: form.interval,
    weekdays: form.frequency === 'weekly' ? [...form.weekdays].sort((a, b) => a - b) : [],
    timezone: zone,
  };
}

const isField = (name: string): name is FormField => (FORM_FIELDS as readonly string[]).includes(name);

/**
 * The form checked by the schema the route uses, plus what the server adds (content and a network are
 * required: it answers RECURRING_INCOMPLETE with the same keys). `incomplete` is the spec's
 * 'Please fill in all required fields'.
 */
export function validate(
  form: RecurringForm,
  zone: string,
  allAccounts: readonly Account[] = [],
): { body: RecurringWrite } | { errors: FormErrors; incomplete: boolean } {
  const body = bodyOf(form, zone, allAccounts);
  const errors: FormErrors = {};
  // The text for all may stay empty where every network has a version of its own.
  const everyVersioned =
    form.platforms.length > 0 &&
    form.platforms.every((p) => form.versions.some((v) => v.platform === p && v.account === null));
  if (!htmlToText(form.content).trim() && !everyVersioned) errors.content = 'posts.contentRequired';
  if (!form.platforms.length) errors.platforms = 'posts.platformsRequired';
  const parsed = RecurringWriteSchema.safeParse(body);
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      if (isField(field)) errors[field] ??= issue.message;
    }
  if (Object.keys(errors).length) return { errors, incomplete: Boolean(errors.content || errors.platforms) };
  return { body: body as RecurringWrite };
}

/** Server field names, 'media.0.id' included, as the form's fields (unknown ones are left out). */
export function serverErrors(fields: Record<string, string> | undefined): FormErrors {
  const errors: FormErrors = {};
  for (const [name, key] of Object.entries(fields ?? {})) {
    const field = name.split('.')[0] ?? '';
    if (isField(field)) errors[field] ??= key;
  }
  return errors;
}

/** The rule the form describes so far, for the next occurrences; null until it has a start and a valid interval. */
export function ruleOf(form: RecurringForm, zone: string): RecurrenceRule | null {
  const { start, frequency, interval } = form;
  if (!start || !frequency || typeof interval !== 'number' || !Number.isInteger(interval) || interval < 1)
    return null;
  const count = form.end === 'count' && typeof form.count === 'number' && form.count >= 1 ? form.count : null;
  return {
    startDate: start,
    endDate: form.end === 'date' && form.endDay ? endOfDay(form.endDay, zone) : null,
    count,
    frequency,
    interval,
    weekdays: frequency === 'weekly' ? form.weekdays : [],
    timezone: zone,
  };
}
