/**
 * CSV for the sales team's spreadsheets (RFC 4180: CRLF rows, quoted fields, doubled
 * quotes), guarded against formula injection as OWASP's CSV injection guidance asks, so a
 * visitor cannot plant `=HYPERLINK(…)` in the sales inbox export:
 *
 * - A cell that a spreadsheet would run as a formula (starting with = + - @, or a tab or
 *   carriage return that some import paths strip first) gets a leading single quote.
 * - So does a cell where such a character follows a separator, quote or line break inside
 *   it (`ACME;@SUM(1+1)`): Excel in many locales splits on `;`, LibreOffice lets people pick
 *   the separator, and the text after it would start a cell of its own.
 * - Every cell that holds a separator (`,` `;` tab), a quote, a line break or edge spaces,
 *   and every guarded cell, is quoted, so a quote-aware import keeps it one cell whatever
 *   separator it splits on.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A separator, quote or line break, then (after any spaces) a formula character: a cell could start there. */
const FORMULA_AFTER_SEPARATOR = /[,;\t\r\n"'][^\S\r\n]*[=+\-@]/;
const NEEDS_QUOTES = /[",;\t\r\n]/;

export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  // Numbers are ours (ids), and a negative number is a number, not a formula.
  const guarded = typeof value === 'string' && (FORMULA_START.test(text) || FORMULA_AFTER_SEPARATOR.test(text));
  if (guarded) text = `'${text}`;
  return guarded || NEEDS_QUOTES.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
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
