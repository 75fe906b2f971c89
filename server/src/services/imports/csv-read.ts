import { checkAmount, type AmountRule } from '../../domain/amounts';
import { isCalendarDay } from '../../domain/dates';
import { LoopSlice } from '../../platform/yield';

/**
 * Reading an imported CSV file (docs/imports.md): RFC 4180 quoting, LF or CRLF line ends, a UTF-8
 * byte order mark dropped, each row kept with the line it starts on, so every problem names it.
 */

export interface CsvRow {
  /** The 1-based line of the file the row starts on. */
  line: number;
  cells: string[];
}

/** Rows of a CSV text; a blank line is no row. An unclosed quote is reported with its line. In slices (a file may be 20 MB). */
export async function readCsv(text: string): Promise<{ rows: CsvRow[]; unclosedQuoteAt: number | null }> {
  const slice = new LoopSlice();
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const rows: CsvRow[] = [];
  let line = 1;
  let rowLine = 1;
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let quoteStart = 0;
  let i = 0;
  const n = source.length;
  const endRow = () => {
    cells.push(cell);
    if (cells.length > 1 || cells[0]!.trim() !== '') rows.push({ line: rowLine, cells });
    cells = [];
    cell = '';
  };
  while (i < n) {
    const c = source[i]!;
    if (quoted) {
      if (c === '"') {
        if (source[i + 1] === '"') {
          cell += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i += 1;
        continue;
      }
      if (c === '\n') line += 1;
      cell += c;
      i += 1;
      continue;
    }
    if (c === '"' && cell.trim() === '') {
      quoted = true;
      quoteStart = line;
      cell = '';
      i += 1;
    } else if (c === ',') {
      cells.push(cell);
      cell = '';
      i += 1;
    } else if (c === '\r' || c === '\n') {
      endRow();
      i += c === '\r' && source[i + 1] === '\n' ? 2 : 1;
      line += 1;
      rowLine = line;
      if (slice.over()) await slice.pause();
    } else {
      cell += c;
      i += 1;
    }
  }
  if (quoted) return { rows, unclosedQuoteAt: quoteStart };
  if (cell !== '' || cells.length > 0) endRow();
  return { rows, unclosedQuoteAt: null };
}

/** What a spreadsheet may run as a formula: = + - @ first (after spaces), or a tab or carriage return first. */
const FORMULA_START = /^(?:[\t\r]|[\s\u3000]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/;

/** Whether a cell that should be text could be a spreadsheet formula; such cells are refused, never run or kept. */
export const looksLikeFormula = (cell: string): boolean => FORMULA_START.test(cell);

export type Parsed<T> = { value: T } | { problem: string };

/**
 * A number as brokers write it: "1,234.56", "$1,234.56", "-$1,234.56", "($1.00)", "+5". Answers its
 * canonical decimal text (signed) within the rule's bounds.
 */
export function readNumber(cell: string, rule: AmountRule): Parsed<string> {
  let text = cell.trim();
  let negative = false;
  if (/^\(.*\)$/.test(text)) {
    negative = true;
    text = text.slice(1, -1).trim();
  }
  if (text.startsWith('-')) {
    negative = !negative;
    text = text.slice(1).trim();
  } else if (text.startsWith('+')) text = text.slice(1).trim();
  text = text.replace(/^\$/, '').replace(/,(?=\d{3}(\D|$))/g, '');
  if (!/^\d+(\.\d+)?$|^\.\d+$/.test(text)) return { problem: `"${cell.trim()}" is not a number` };
  const checked = checkAmount(`${negative ? '-' : ''}${text.startsWith('.') ? `0${text}` : text}`, rule);
  if ('text' in checked) return { value: checked.text };
  if (checked.problem === 'too-many-decimals') return { problem: `${cell.trim()} has more than ${rule.scale} decimal places` };
  if (checked.problem === 'too-many-digits') return { problem: `${cell.trim()} has more than 15 significant digits` };
  return { problem: `${cell.trim()} is out of range` };
}

const pad = (n: string) => n.padStart(2, '0');

/**
 * A day in one of the forms brokers write: 2025-01-15, 20250115, 01/15/2025, each possibly followed
 * by a time (";093000", " 09:30:00", ", 09:30:00"). Schwab's "01/15/2025 as of 01/14/2025" is the
 * day it was done: 2025-01-14.
 */
export function readDay(cell: string): Parsed<string> {
  const raw = cell.trim();
  const asOf = /\bas of\s+(\S+)/i.exec(raw);
  const text = (asOf ? asOf[1]! : raw).split(/[;,\sT]/)[0] ?? '';
  let day: string | null = null;
  let m: RegExpExecArray | null;
  if ((m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text))) day = `${m[1]}-${pad(m[2]!)}-${pad(m[3]!)}`;
  else if ((m = /^(\d{4})(\d{2})(\d{2})$/.exec(text))) day = `${m[1]}-${m[2]}-${m[3]}`;
  else if ((m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text))) day = `${m[3]}-${pad(m[1]!)}-${pad(m[2]!)}`;
  if (raw === '') return { problem: 'a date is required' };
  if (!day) return { problem: `"${raw}" is not a date (write 2025-01-15)` };
  if (!isCalendarDay(day)) return { problem: `date ${day} is not a day` };
  return { value: day };
}
