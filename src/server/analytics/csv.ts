/**
 * CSV (RFC 4180) that a spreadsheet opens as data: a cell a spreadsheet would take as a formula (it
 * starts with = + - @, a tab or a carriage return) is prefixed with a single quote (OWASP "CSV
 * injection"); a cell with a comma, a quote or a line break is quoted with its quotes doubled.
 */
const FORMULA_START = new Set(['=', '+', '-', '@', '\t', '\r']);

export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.has(text.charAt(0))) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvLine = (cells: (string | number | null)[]) => `${cells.map(csvCell).join(',')}\r\n`;
