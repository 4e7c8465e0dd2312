/**
 * CSV for the sales team's spreadsheets (RFC 4180: CRLF rows, quoted fields, doubled
 * quotes). A cell that a spreadsheet would run as a formula (starting with = + - @, or a
 * tab or carriage return that some import paths strip first) gets a leading single quote,
 * so a visitor cannot plant `=HYPERLINK(…)` in the sales inbox export.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

export interface CsvColumn<T> {
  header: string;
  value: (row: T) => string | number | null;
}

/** The whole document, with a byte-order mark so Excel reads it as UTF-8. */
export function toCsv<T>(columns: readonly CsvColumn<T>[], rows: readonly T[]): string {
  const lines = [columns.map((column) => csvCell(column.header)).join(',')];
  for (const row of rows) lines.push(columns.map((column) => csvCell(column.value(row))).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
