import { createHash } from 'node:crypto';
import {
  IMPORT_NETWORK_NAMES,
  IMPORT_STATUSES,
  type ImportProblem,
  versionColumn,
} from '../../shared/api/imports.schemas';
import type { PostInput } from '../../shared/api/posts.schemas';
import { PLATFORMS, type Platform } from '../../shared/platforms/rules';
import { isTimeZone, zonedTimeToInstant } from '../../shared/time/zoned-day';
import type { KnownAccount } from '../connections/accounts';
import { textToHtml } from '../posts/post-content';
import type { RawRow } from './parse-file';

/** A file of the library an import may name, by its id or its name. */
export interface LibraryFile {
  id: string;
  name: string;
  kind: 'image' | 'video';
}

/** What a row is read against: the workspace's accounts and files, and the zone a row without one is in. */
export interface RowContext {
  accounts: readonly KnownAccount[];
  files: readonly LibraryFile[];
  timezone: string;
}

/** A row read: the post it asks for (`input`, null when it cannot be made), what it shows, its problems. */
export interface ReadRow {
  row: number;
  line: number | null;
  key: string;
  input: PostInput | null;
  text: string;
  status: (typeof IMPORT_STATUSES)[number];
  scheduledAt: string | null;
  timezone: string;
  platforms: Platform[];
  accounts: KnownAccount[];
  versions: { platform: Platform; text: string }[];
  media: LibraryFile[];
  problems: ImportProblem[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{1,2}):(\d{2})$/;

/** A list cell: `x, bluesky`, `x;bluesky`, `x | bluesky` or one per line. */
const listOf = (cell: string) =>
  cell
    .split(/[,;|\n，、،]/)
    .map((item) => item.trim())
    .filter(Boolean);

const problem = (column: string, code: string, params?: ImportProblem['params']): ImportProblem => ({
  column,
  code: `imports.problems.${code}`,
  ...(params ? { params } : {}),
});

/**
 * A row as the post it asks for, with every problem the file itself shows (names that match nothing,
 * dates that are not dates, a spreadsheet formula). The network rules and the rest of what a post must
 * be are checked after, by the posts service, on `input`.
 */
export function readRow(raw: RawRow, ctx: RowContext): ReadRow {
  const cells = raw.cells;
  const cell = (column: string) => (cells[column] ?? '').trim();
  const problems: ImportProblem[] = [];

  // A cell a spreadsheet would compute: its formula was exported instead of its value.
  for (const [column, value] of Object.entries(cells))
    if (value.trimStart().startsWith('=')) problems.push(problem(column, 'formula'));

  const text = (cells.text ?? '').trim();

  const platforms = new Set<Platform>();
  for (const name of listOf(cell('networks'))) {
    const platform = IMPORT_NETWORK_NAMES[name.toLowerCase()];
    if (platform) platforms.add(platform);
    else problems.push(problem('networks', 'unknownNetwork', { value: name }));
  }

  const accounts: KnownAccount[] = [];
  for (const name of listOf(cell('accounts'))) {
    const [network, user] = name.includes(':') ? name.split(':', 2) : [null, name];
    const platform = network === null ? null : IMPORT_NETWORK_NAMES[network.trim().toLowerCase()];
    const username = user!.trim().replace(/^@/, '').toLowerCase();
    const matches = ctx.accounts.filter(
      (a) => a.username.toLowerCase() === username && (platform === null || a.platform === platform),
    );
    if (network !== null && !platform)
      problems.push(problem('accounts', 'unknownNetwork', { value: network }));
    else if (matches.length === 0) problems.push(problem('accounts', 'unknownAccount', { value: name }));
    else if (matches.length > 1) problems.push(problem('accounts', 'ambiguousAccount', { value: name }));
    else if (!accounts.includes(matches[0]!)) {
      accounts.push(matches[0]!);
      platforms.add(matches[0]!.platform as Platform);
    }
  }
  if (!platforms.size && !problems.some((p) => p.column === 'networks' || p.column === 'accounts'))
    problems.push(problem('networks', 'noNetwork'));

  const timezone = cell('timezone') || ctx.timezone;
  if (!isTimeZone(timezone)) problems.push(problem('timezone', 'badZone', { value: timezone }));

  const date = cell('date');
  const time = cell('time');
  let scheduledAt: Date | null = null;
  const day = DATE.exec(date);
  const clock = TIME.exec(time);
  if (date && !day) problems.push(problem('date', 'badDate', { value: date }));
  if (time && !clock) problems.push(problem('time', 'badTime', { value: time }));
  if (day && !time) problems.push(problem('time', 'timeMissing'));
  if (time && !date) problems.push(problem('date', 'dateMissing'));
  if (day && clock && isTimeZone(timezone)) {
    const [year, month, dayOfMonth] = [Number(day[1]), Number(day[2]), Number(day[3])];
    const [hour, minute] = [Number(clock[1]), Number(clock[2])];
    const check = new Date(Date.UTC(year, month - 1, dayOfMonth));
    const realDay = check.getUTCMonth() === month - 1 && check.getUTCDate() === dayOfMonth;
    const realTime = hour <= 23 && minute <= 59;
    if (!realDay) problems.push(problem('date', 'badDate', { value: date }));
    if (!realTime) problems.push(problem('time', 'badTime', { value: time }));
    if (realDay && realTime)
      scheduledAt = zonedTimeToInstant(year, month, dayOfMonth, hour, minute, timezone);
  }

  const statusCell = cell('status').toLowerCase();
  const status = (IMPORT_STATUSES as readonly string[]).includes(statusCell)
    ? (statusCell as ReadRow['status'])
    : statusCell
      ? null
      : date
        ? 'scheduled'
        : 'queue';
  if (status === null) problems.push(problem('status', 'badStatus', { value: cell('status') }));
  if (status === 'queue' && date) problems.push(problem('date', 'queueWithDate'));
  if (status === 'scheduled' && !date) problems.push(problem('date', 'dateMissing'));

  const media: LibraryFile[] = [];
  for (const name of cell('media')
    .split(/[|;\n]/)
    .map((m) => m.trim())
    .filter(Boolean)) {
    const matches = UUID.test(name)
      ? ctx.files.filter((f) => f.id === name.toLowerCase())
      : ctx.files.filter((f) => f.name.toLowerCase() === name.toLowerCase());
    if (matches.length === 0) problems.push(problem('media', 'unknownMedia', { value: name }));
    else if (matches.length > 1) problems.push(problem('media', 'ambiguousMedia', { value: name }));
    else if (!media.includes(matches[0]!)) media.push(matches[0]!);
  }

  const versions: ReadRow['versions'] = [];
  for (const platform of PLATFORMS) {
    const column = versionColumn(platform);
    const own = (cells[column] ?? '').trim();
    if (!own) continue;
    if (!platforms.has(platform)) problems.push(problem(column, 'versionNotChosen'));
    else versions.push({ platform, text: own });
  }

  const chosen = [...platforms];
  const key = createHash('sha256')
    .update(
      JSON.stringify([
        text,
        chosen.sort(),
        accounts.map((a) => a.id).sort(),
        status,
        scheduledAt?.toISOString() ?? null,
        versions,
        media.map((m) => m.id),
      ]),
    )
    .digest('base64url');

  const input: PostInput | null =
    problems.length || status === null
      ? null
      : {
          content: textToHtml(text),
          platforms: chosen,
          accounts: accounts.map((a) => a.id),
          media: media.map((m) => ({ id: m.id, alt: '' })),
          versions: versions.map((v) => ({ platform: v.platform, content: textToHtml(v.text) })),
          action: status === 'draft' ? 'draft' : status === 'queue' ? 'queue' : 'schedule',
          ...(scheduledAt ? { scheduledAt: scheduledAt.toISOString() } : {}),
          timezone,
          queuePosition: 'last',
        };

  return {
    row: raw.row,
    line: raw.line,
    key,
    input,
    text,
    status: status ?? 'scheduled',
    scheduledAt: scheduledAt?.toISOString() ?? null,
    timezone,
    platforms: chosen,
    accounts,
    versions,
    media,
    problems,
  };
}
