import { CsvError, parse } from 'csv-parse/sync';
import {
  IMPORT_COLUMNS,
  IMPORT_MAX_MB,
  IMPORT_NETWORK_NAMES,
  IMPORT_MAX_ROWS,
  IMPORT_VERSION_COLUMNS,
  type ImportFormat,
  versionColumn,
} from '../../shared/api/imports.schemas';
import { AppError } from '../http/errors';

/** A row of the file: its number (1 under the header), the line it starts on (CSV), its cells by column. */
export interface RawRow {
  row: number;
  line: number | null;
  cells: Record<string, string>;
}

const KNOWN = new Set<string>([...IMPORT_COLUMNS, ...IMPORT_VERSION_COLUMNS]);
/** A cell longer than this is no post: it is refused as unreadable rather than held in memory. */
const CELL_MAX = 100_000;

const notUtf8 = () =>
  new AppError(400, 'IMPORT_ENCODING', 'This file is not UTF-8 text: save it as "CSV UTF-8" and try again.');

export const tooLarge = () =>
  new AppError(413, 'IMPORT_TOO_LARGE', `The file is larger than ${IMPORT_MAX_MB} MB.`, {
    params: { max: IMPORT_MAX_MB },
  });

/**
 * The file's text: UTF-8 (with or without its byte order mark) or UTF-16 with one, as spreadsheets save
 * them. Anything else is refused with what to do: bytes that are not text at all, or text in another
 * encoding (a spreadsheet's "CSV" in Windows-1252 is the usual one).
 */
export function decodeText(bytes: Buffer): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return utf16(bytes.subarray(2), 'le');
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return utf16(bytes.subarray(2), 'be');
  const body = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
  if (body.includes(0))
    throw new AppError(
      400,
      'IMPORT_NOT_TEXT',
      'This file is not text: save the sheet as CSV (UTF-8) or JSON.',
    );
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    throw notUtf8();
  }
}

function utf16(body: Buffer, order: 'le' | 'be'): string {
  const copy = Buffer.from(body.subarray(0, body.length - (body.length % 2)));
  if (order === 'be') copy.swap16();
  try {
    return new TextDecoder('utf-16le', { fatal: true }).decode(copy);
  } catch {
    throw notUtf8();
  }
}

/** A header as the columns are named: `Text X`, ` TEXT-x ` and `text_x` are one column. */
export function columnOf(header: string): string {
  const column = header
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  // A network's own text by any of its names: `text_x` is `text_twitter`.
  const network = column.startsWith('text_') ? IMPORT_NETWORK_NAMES[column.slice(5)] : undefined;
  return network ? versionColumn(network) : column;
}

function checkColumns(headers: string[]): string[] {
  const columns = headers.map(columnOf);
  const unknown = [...new Set(columns.filter((c) => !KNOWN.has(c)))];
  const twice = [...new Set(columns.filter((c, i) => columns.indexOf(c) !== i))];
  if (unknown.length || twice.length)
    throw new AppError(
      400,
      'IMPORT_COLUMNS',
      `Unknown or repeated columns: ${[...unknown, ...twice].join(', ')}. The columns are: ${[...KNOWN].join(', ')}.`,
      { params: { columns: [...unknown, ...twice].join(', '), known: [...KNOWN].join(', ') } },
    );
  if (!columns.includes('text') && !columns.some((c) => c.startsWith('text_')))
    throw new AppError(400, 'IMPORT_NO_TEXT_COLUMN', 'The file has no "text" column.');
  return columns;
}

/**
 * The separator of a CSV file's header line: a comma, or the semicolon (spreadsheets in German, French
 * and other languages with a decimal comma) or tab, whichever the header has most of outside quotes.
 */
export function delimiterOf(text: string): string {
  const counts = new Map<string, number>([
    [',', 0],
    [';', 0],
    ['\t', 0],
  ]);
  let quoted = false;
  for (const char of text.slice(0, 4096)) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && counts.has(char)) counts.set(char, counts.get(char)! + 1);
  }
  const [best, count] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]!;
  return count > 0 ? best : ',';
}

function parseCsv(text: string): RawRow[] {
  let records: { record: Record<string, string>; info: { lines: number } }[];
  let columns: string[] = [];
  try {
    records = parse(text, {
      delimiter: delimiterOf(text),
      columns: (headers: string[]) => (columns = checkColumns(headers)),
      skip_empty_lines: true,
      // A quote inside a cell that does not start with one is a character (hand-written files have them).
      relax_quotes: true,
      info: true,
      max_record_size: CELL_MAX,
      // One more than allowed, to say there are too many without reading a hundred thousand.
      to: IMPORT_MAX_ROWS + 1,
    }) as typeof records;
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof CsvError) {
      const line = Number((error as CsvError & { lines?: number }).lines ?? 0);
      if (error.code === 'CSV_QUOTE_NOT_CLOSED')
        throw new AppError(
          400,
          'IMPORT_QUOTE_OPEN',
          `A quote opened on line ${line} or before is never closed.`,
          {
            params: { line },
          },
        );
      if (
        error.code === 'CSV_RECORD_INCONSISTENT_FIELDS_LENGTH' ||
        error.code === 'CSV_RECORD_INCONSISTENT_COLUMNS'
      )
        throw new AppError(
          400,
          'IMPORT_CELL_COUNT',
          `Line ${line} has another number of cells than the header has columns (${columns.length}).`,
          { params: { line, columns: columns.length } },
        );
      throw new AppError(400, 'IMPORT_UNREADABLE', `The file cannot be read as CSV at line ${line}.`, {
        params: { line },
      });
    }
    throw error;
  }
  if (records.length > IMPORT_MAX_ROWS) throw tooManyRows();
  // `info.lines` is the line a record ends on; it starts after the previous one's.
  let end = 1;
  return records.map(({ record, info }, i) => {
    const row = { row: i + 1, line: end + 1, cells: record };
    end = info.lines;
    return row;
  });
}

const tooManyRows = () =>
  new AppError(400, 'IMPORT_TOO_MANY_ROWS', `The file has more than ${IMPORT_MAX_ROWS} rows.`, {
    params: { max: IMPORT_MAX_ROWS },
  });

const notRows = (reason: string) =>
  new AppError(
    400,
    'IMPORT_JSON',
    `This JSON is not a list of posts (${reason}): write [{ "text": "…", "networks": "x" }, …].`,
    { params: { reason } },
  );

/** A JSON file: a list of objects (or `{ "rows": [...] }`) with the CSV's columns; lists become `a|b`. */
function parseJson(text: string): RawRow[] {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw notRows('invalid JSON');
  }
  if (data && typeof data === 'object' && !Array.isArray(data) && 'rows' in data)
    data = (data as { rows: unknown }).rows;
  if (!Array.isArray(data)) throw notRows('not a list');
  if (data.length > IMPORT_MAX_ROWS) throw tooManyRows();
  const headers = new Set<string>();
  const rows = data.map((item: unknown, i): RawRow => {
    if (!item || typeof item !== 'object' || Array.isArray(item))
      throw notRows(`item ${i + 1} is not an object`);
    const cells: Record<string, string> = {};
    for (const [key, value] of Object.entries(item)) {
      headers.add(key);
      const column = columnOf(key);
      if (value === null || value === undefined) cells[column] = '';
      else if (Array.isArray(value) && value.every((v) => typeof v === 'string'))
        cells[column] = value.join('|');
      else if (typeof value === 'string' || typeof value === 'number') cells[column] = String(value);
      else throw notRows(`item ${i + 1}, "${key}" is not text`);
      if (cells[column]!.length > CELL_MAX) throw notRows(`item ${i + 1}, "${key}" is too long`);
    }
    return { row: i + 1, line: null, cells };
  });
  checkColumns([...headers]);
  return rows;
}

/** The file as rows, or a refusal naming what is wrong with it as a whole. */
export function parseImportFile(fileName: string, bytes: Buffer): { format: ImportFormat; rows: RawRow[] } {
  if (bytes.length > IMPORT_MAX_MB * 1024 * 1024) throw tooLarge();
  const text = decodeText(bytes);
  const format: ImportFormat =
    /\.json$/i.test(fileName) || /^\s*[[{]/.test(text.slice(0, 64)) ? 'json' : 'csv';
  const rows = format === 'json' ? parseJson(text) : parseCsv(text);
  if (!rows.length) throw new AppError(400, 'IMPORT_EMPTY', 'The file has no rows under its header.');
  return { format, rows };
}
