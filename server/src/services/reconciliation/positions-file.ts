import { QUANTITY, MONEY, checkAmount, type AmountRule } from '../../domain/amounts';
import { FORMULA_START } from '../../platform/csv';
import { readCsvRows, type CsvRow } from '../../platform/csv-rows';
import { fail } from '../../platform/errors';
import { typedSymbol } from '../portfolio/trade-rules';

/**
 * The broker's positions file (docs/reconciliation.md): a header naming a symbol and a quantity
 * column, one row a symbol, and the cash as a row whose symbol is Cash (or a cash column). A
 * Schwab positions export reads as it is: its title lines before the header are skipped, "$" and
 * thousands commas are read, "Cash & Cash Investments" is the cash (its Market Value) and
 * "Account Total" is left out. Every refusal names its line.
 */

export interface BrokerPositions {
  /** Symbol (upper case, BTC-USD as BTC) → quantity as exact decimal text. */
  quantities: Map<string, string>;
  /** The broker's cash as decimal text, or null when the file gives none. */
  cash: string | null;
}

const SYMBOL_HEADERS = new Set(['symbol', 'ticker', 'ticker symbol', 'security symbol']);
const QUANTITY_HEADERS = new Set(['quantity', 'qty', 'shares', 'qty (quantity)', 'units']);
const CASH_HEADERS = new Set(['cash']);
/** Where a Schwab export puts the cash's amount (its quantity cell is "--"). */
const VALUE_HEADERS = new Set(['market value', 'mkt val (market value)', 'value', 'amount']);
const CASH_SYMBOLS = new Set(['cash', 'cash & cash investments', 'cash and cash investments', 'cash & money market']);
const SKIPPED_SYMBOLS = new Set(['account total', 'total', 'positions total']);
/** A Schwab export's empty cell. */
const NO_VALUE = new Set(['', '--', 'n/a']);
const SYMBOL_PATTERN = /^[A-Z0-9][A-Z0-9./ -]*$/;
const SYMBOL_MAX = 40;
/** Refusals shown at once, the rest counted. */
const SHOWN_PROBLEMS = 5;
/** How far down a header with another delimiter is looked for. */
const HEADER_SEARCH_LINES = 20;
const OTHER_DELIMITERS: [string, string][] = [
  [';', 'semicolons'],
  ['\t', 'tabs'],
  ['|', 'vertical bars'],
];

const clip = (text: string) => (text.length > 30 ? `${text.slice(0, 30)}…` : text);
const headerName = (cell: string) => cell.trim().toLowerCase().replace(/\s+/g, ' ');

/** A number as a broker writes it: "$1,234.50", "(12)" or "-12" for negative, "+5". Null when it is none. */
function numberText(cell: string): string | null {
  let text = cell.trim();
  let negative = false;
  const paren = /^\((.*)\)$/.exec(text);
  if (paren) {
    negative = true;
    text = paren[1]!.trim();
  }
  if (text.startsWith('-')) negative = !negative;
  if (text.startsWith('-') || text.startsWith('+')) text = text.slice(1).trim();
  if (text.startsWith('$')) text = text.slice(1).trim();
  if (/^\d{1,3}(,\d{3})+(\.\d+)?$/.test(text)) text = text.replace(/,/g, '');
  if (!/^(\d+(\.\d*)?|\.\d+)$/.test(text)) return null;
  return `${negative ? '-' : ''}${text.startsWith('.') ? `0${text}` : text.replace(/\.$/, '')}`;
}

/** A plain or broker-written number, or text that a spreadsheet would run as a formula. */
function isFormula(cell: string): boolean {
  return FORMULA_START.test(cell) && numberText(cell) === null && !NO_VALUE.has(cell.trim().toLowerCase());
}

/** The exact decimal text of a number cell, or why it is refused (in words, after "line N: "). */
function amount(cell: string, what: string, rule: AmountRule): { text: string } | { problem: string } {
  const text = numberText(cell);
  if (text === null) return { problem: `${what} ${clip(cell.trim())} is not a number` };
  const checked = checkAmount(text, rule);
  if ('text' in checked) return checked;
  switch (checked.problem) {
    case 'too-many-decimals':
      return { problem: `${what} ${clip(cell.trim())} has more than ${rule.scale} decimal places` };
    case 'not-a-number':
      return { problem: `${what} ${clip(cell.trim())} is not a number` };
    default:
      return { problem: `${what} ${clip(cell.trim())} is out of range` };
  }
}

interface Columns {
  line: number;
  symbol: number;
  quantity: number;
  cash: number;
  value: number;
}

function columnsOf(row: CsvRow): Columns | null {
  const names = row.cells.map(headerName);
  const find = (set: Set<string>) => names.findIndex((n) => set.has(n));
  const symbol = find(SYMBOL_HEADERS);
  const quantity = find(QUANTITY_HEADERS);
  if (symbol < 0 || quantity < 0) return null;
  return { line: row.line, symbol, quantity, cash: find(CASH_HEADERS), value: find(VALUE_HEADERS) };
}

/** The message for a file whose header's cells are separated by something other than commas, or null. */
function otherDelimiter(text: string): string | null {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/, HEADER_SEARCH_LINES);
  for (const [index, line] of lines.entries()) {
    for (const [delimiter, name] of OTHER_DELIMITERS) {
      const read = readCsvRows(line, delimiter);
      if ('rows' in read && read.rows[0] && columnsOf(read.rows[0])) {
        return `line ${index + 1}: the cells are separated by ${name}, not commas. Save the file as CSV (comma delimited) and try again.`;
      }
    }
  }
  return null;
}

/** Reads the broker's positions from a file's text; a refusal (400) names every problem's line. */
export function readPositionsFile(text: string): BrokerPositions {
  if (text.replace(/^\uFEFF/, '').trim() === '') throw fail.badRequest('The file is empty: it has no header and no positions.');
  const read = readCsvRows(text);
  if ('problem' in read) throw fail.badRequest(`line ${read.line}: ${read.problem}.`);
  const rows = read.rows;
  let columns: Columns | null = null;
  for (const row of rows) {
    columns = columnsOf(row);
    if (columns) break;
  }
  if (!columns) {
    throw fail.badRequest(
      otherDelimiter(text) ??
        'line 1: no header with a symbol and a quantity column was found. The file must start with symbol,quantity (see the format on the page).',
    );
  }

  const problems: string[] = [];
  const quantities = new Map<string, string>();
  const lineOf = new Map<string, number>();
  let cash: string | null = null;
  let cashLine = 0;
  const setCash = (value: string, line: number) => {
    if (cash !== null) problems.push(`line ${line}: cash is given again (first on line ${cashLine})`);
    cash = value;
    cashLine = line;
  };
  let dataRows = 0;

  for (const row of rows) {
    if (row.line <= columns.line) continue;
    const cells = row.cells;
    if (cells.every((c) => c.trim() === '')) continue;
    dataRows += 1;
    const formula = cells.find(isFormula);
    if (formula !== undefined) {
      problems.push(`line ${row.line}: the cell ${clip(formula.trim())} looks like a spreadsheet formula; the file must hold values only`);
      continue;
    }
    const cell = (index: number) => (index >= 0 ? (cells[index] ?? '') : '');
    const rawSymbol = cell(columns.symbol).trim();
    const name = headerName(rawSymbol);
    if (columns.cash >= 0 && !NO_VALUE.has(cell(columns.cash).trim())) {
      const value = amount(cell(columns.cash), 'cash', MONEY);
      if ('problem' in value) problems.push(`line ${row.line}: ${value.problem}`);
      else setCash(value.text, row.line);
      if (rawSymbol === '') continue;
    }
    if (SKIPPED_SYMBOLS.has(name)) continue;
    if (CASH_SYMBOLS.has(name)) {
      const quantityCell = cell(columns.quantity).trim();
      const source = NO_VALUE.has(quantityCell) ? cell(columns.value) : quantityCell;
      if (NO_VALUE.has(source.trim())) {
        problems.push(`line ${row.line}: the cash row has no amount`);
        continue;
      }
      const value = amount(source, 'cash', MONEY);
      if ('problem' in value) problems.push(`line ${row.line}: ${value.problem}`);
      else setCash(value.text, row.line);
      continue;
    }
    if (rawSymbol === '') {
      problems.push(`line ${row.line}: the symbol is missing`);
      continue;
    }
    // A share class as Schwab writes it (BRK/B) is the books' BRK.B.
    const symbol = typedSymbol(rawSymbol).replace(/^([A-Z]+)\/([A-Z]+)$/, '$1.$2');
    if (symbol.length > SYMBOL_MAX || !SYMBOL_PATTERN.test(symbol)) {
      problems.push(`line ${row.line}: symbol ${clip(rawSymbol)} is not a ticker symbol (letters, digits, dots, dashes)`);
      continue;
    }
    const quantityCell = cell(columns.quantity);
    if (quantityCell.trim() === '') {
      problems.push(`line ${row.line}: the quantity of ${symbol} is missing`);
      continue;
    }
    const qty = amount(quantityCell, 'quantity', QUANTITY);
    if ('problem' in qty) {
      problems.push(`line ${row.line}: ${qty.problem}`);
      continue;
    }
    const earlier = lineOf.get(symbol);
    if (earlier !== undefined) {
      problems.push(`line ${row.line}: ${symbol} is listed again (first on line ${earlier})`);
      continue;
    }
    quantities.set(symbol, qty.text);
    lineOf.set(symbol, row.line);
  }

  if (problems.length > 0) {
    const shown = problems.slice(0, SHOWN_PROBLEMS).map((p) => `${p}.`);
    const more = problems.length - shown.length;
    throw fail.badRequest([...shown, ...(more > 0 ? [`(${more} more line${more === 1 ? '' : 's'} with problems.)`] : [])].join(' '));
  }
  if (dataRows === 0) {
    throw fail.badRequest(`The file has no positions: there is nothing after the header on line ${columns.line}.`);
  }
  return { quantities, cash };
}
