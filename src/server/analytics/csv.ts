/**
 * CSV (RFC 4180) that a spreadsheet opens as data: a cell a spreadsheet would take as a formula is
 * prefixed with a single quote (OWASP "CSV injection"); a cell with a comma, a quote or a line break is
 * quoted with its quotes doubled. A formula is a cell starting with a tab or a carriage return, or with
 * = + - @ (or their full-width ＝＋－＠ and small ﹦﹢﹣﹫ forms, which spreadsheets also read as
 * operators) after any run of characters that do not show: controls, format characters (U+200B, U+200D,
 * U+2060, U+180E, U+00AD, U+FEFF …), spaces and the other default-ignorable ones (Hangul fillers …),
 * which some spreadsheets skip. Looking at the first code unit alone let `\u200B=HYPERLINK(…)` through.
 */
const INVISIBLE = '\\p{Cc}\\p{Cf}\\p{Z}\\p{Default_Ignorable_Code_Point}';
const OPERATORS = '=+\\-@\\uFF1D\\uFF0B\\uFF0D\\uFF20\\uFE66\\uFE62\\uFE63\\uFE6B';
// The two classes share no character, so the run is matched once, in linear time.
const FORMULA_START = new RegExp(`^(?:[\\t\\r]|[${INVISIBLE}]*[${OPERATORS}])`, 'u');

export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvLine = (cells: (string | number | null)[]) => `${cells.map(csvCell).join(',')}\r\n`;
