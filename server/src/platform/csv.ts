/**
 * The one CSV writer of every file the product exports (the portfolio's tables and ledger, the
 * capital account statements): CRLF line ends, RFC 4180 quoting, and one rule that keeps any
 * spreadsheet from running a cell as a formula.
 */

export type CsvValue = string | number | boolean | null | undefined;

export interface CsvColumn<T> {
  header: string;
  value: (row: T) => CsvValue;
}

/** A plain decimal number, such as -12.50: a spreadsheet reads it as the number it is. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;
/**
 * What a spreadsheet may take for the start of a formula: = + - @ (also in their full-width forms,
 * and after leading spaces), or a tab or carriage return first.
 */
export const FORMULA_START = /^(?:[\t\r]|[\s\u3000]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/;

/**
 * A cell: a plain number stays as it is; any other text that could start a formula gets a leading
 * apostrophe, so a spreadsheet shows it as text instead of running it ("-2+3+cmd|' /C calc'!A0"
 * starts with a minus and a digit but is no number, so it is text too).
 */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value !== 'number' && !PLAIN_NUMBER.test(text) && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Lines of cells as a CSV file; an empty line is an empty array. */
export function csvText(lines: readonly (readonly CsvValue[])[]): string {
  return `${lines.map((cells) => cells.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

/** A header row, then one line per row. */
export function toCsv<T>(columns: readonly CsvColumn<T>[], rows: readonly T[]): string {
  return csvText([columns.map((c) => c.header), ...rows.map((row) => columns.map((c) => c.value(row)))]);
}

/**
 * The same file as `toCsv`, built a page of rows at a time as `pages` gives them (a query per page):
 * other requests run while the next page is read, so a large file never holds the event loop for
 * long (docs/decisions/0022-scale-reads-paged-exports-spliced-answers.md).
 */
export async function toCsvByPages<T>(columns: readonly CsvColumn<T>[], pages: AsyncIterable<readonly T[]>): Promise<string> {
  const parts = [csvText([columns.map((c) => c.header)])];
  for await (const rows of pages) if (rows.length > 0) parts.push(csvText(rows.map((row) => columns.map((c) => c.value(row)))));
  return parts.join('');
}
