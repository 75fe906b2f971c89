/**
 * The one CSV writer of the exports: a header row, CRLF line ends, RFC 4180 quoting, and no cell
 * a spreadsheet would run as a formula.
 */

export interface CsvColumn<T> {
  header: string;
  value: (row: T) => string | number | boolean | null | undefined;
}

/**
 * A cell: text starting with = + - @ (or a tab or carriage return) gets a leading apostrophe so a
 * spreadsheet shows it as text instead of running it; a number such as -12.50 stays a number.
 */
export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv<T>(columns: readonly CsvColumn<T>[], rows: readonly T[]): string {
  const lines = [
    columns.map((c) => csvCell(c.header)).join(','),
    ...rows.map((row) => columns.map((c) => csvCell(c.value(row))).join(',')),
  ];
  return `${lines.join('\r\n')}\r\n`;
}
