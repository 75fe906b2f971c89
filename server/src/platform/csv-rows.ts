/**
 * The CSV reader of files partners upload (docs/reconciliation.md): RFC 4180 quoting (a quoted cell
 * may hold commas, doubled quotes and line ends), a byte order mark at the start ignored, and CRLF,
 * LF or CR line ends alike. Each row keeps the line it starts on, for messages that name it.
 */

export interface CsvRow {
  /** The line the row starts on, counting from 1. */
  line: number;
  cells: string[];
}

export type CsvRead = { rows: CsvRow[] } | { line: number; problem: string };

/** The rows of CSV text with `delimiter` between cells; an unclosed quote is a problem on its line. */
export function readCsvRows(text: string, delimiter = ','): CsvRead {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const rows: CsvRow[] = [];
  let cells: string[] = [];
  let cell = '';
  let line = 1;
  let rowLine = 1;
  let quoted = false;
  let quoteLine = 0;
  let i = 0;
  const endRow = () => {
    cells.push(cell);
    rows.push({ line: rowLine, cells });
    cells = [];
    cell = '';
  };
  while (i < body.length) {
    const ch = body[i]!;
    if (quoted) {
      if (ch === '"') {
        if (body[i + 1] === '"') {
          cell += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else {
        if (ch === '\n' || (ch === '\r' && body[i + 1] !== '\n')) line += 1;
        cell += ch;
      }
      i += 1;
      continue;
    }
    if (ch === '"' && cell.trim() === '') {
      quoted = true;
      quoteLine = line;
      cell = '';
    } else if (ch === delimiter) {
      cells.push(cell);
      cell = '';
    } else if (ch === '\r' || ch === '\n') {
      if (ch === '\r' && body[i + 1] === '\n') i += 1;
      endRow();
      line += 1;
      rowLine = line;
    } else {
      cell += ch;
    }
    i += 1;
  }
  if (quoted) return { line: quoteLine, problem: 'a quoted cell is never closed (a " is missing)' };
  if (cell !== '' || cells.length > 0) endRow();
  return { rows };
}
