import { createHash } from 'node:crypto';
import { FEE, MONEY, PRICE, QUANTITY } from '../../domain/amounts';
import { parseRatio, ratioText } from '../../domain/corporate-actions';
import { centsText, dec } from '../../domain/money';
import { LoopSlice } from '../../platform/yield';
import type { ImportFormat } from '../../contract/import-rules';
import type { ImportProblem } from '../../contract/imports';
import { looksLikeFormula, readCsv, readDay, readNumber, type CsvRow, type Parsed } from './csv-read';

/**
 * The three formats of docs/imports.md, each read into the same lines: the generic CSV, an
 * Interactive Brokers Flex Query (trades and cash transactions sections) and a Charles Schwab
 * transactions export. Reading checks each cell (dates, numbers, formulas) and names every
 * problem by line and column; the books are checked later (plan.ts).
 */

export type ImportKind = 'buy' | 'sell' | 'deposit' | 'withdrawal' | 'dividend' | 'interest' | 'margin_interest' | 'fee' | 'split';

export interface ImportLine {
  line: number;
  kind: ImportKind;
  date: string;
  symbol: string | null;
  assetType: 'stock' | 'crypto';
  /** Shares (buy, sell), or additional shares (a broker's split line, before its ratio is known). */
  qty: string | null;
  /** Price per share (buy, sell), amount per share (dividend), cash in lieu price (split). */
  price: string | null;
  /** Commission (buy, sell); positive cents. */
  fee: string | null;
  /** Positive cents: a cash movement's amount, a dividend's gross when no amount per share is given. */
  amount: string | null;
  /** Tax withheld on a dividend, positive cents; on a line of its own until plan.ts joins it to its dividend. */
  tax: string | null;
  /** A split's ratio, new:old. */
  ratio: string | null;
  payDate: string | null;
  note: string;
  /** A withholding tax line (joined to the dividend of the same symbol and day when the file has one). */
  taxOnly: boolean;
  /** The broker's own id of the line (a trade id, a transaction id), when it has one. */
  ref: string | null;
  fingerprint: string;
  /** The header of each field's column, to name it in problems. */
  columns: Partial<Record<Field, string>>;
}

type Field = 'date' | 'kind' | 'symbol' | 'asset_type' | 'quantity' | 'price' | 'fee' | 'amount' | 'note' | 'ratio' | 'pay_date';

export interface ReadFile {
  format: ImportFormat | null;
  lines: ImportLine[];
  /** Lines read with their problems (each problem's line is in `bad`). */
  problems: ImportProblem[];
  /** Data lines in the file (every line below a header). */
  count: number;
}

export const problemText = (line: number, column: string | null, message: string) =>
  column ? `line ${line}, column ${column}: ${message}` : `line ${line}: ${message}`;

const problem = (line: number, column: string | null, message: string): ImportProblem => ({
  line,
  column,
  message: problemText(line, column, message),
});

const norm = (h: string) => h.trim().toLowerCase();

/** The format a header row belongs to, or null. */
function formatOfHeader(cells: readonly string[]): ImportFormat | null {
  const set = new Set(cells.map(norm));
  if (set.has('date') && set.has('kind')) return 'generic';
  if (set.has('date') && set.has('action') && set.has('fees & comm')) return 'schwab';
  if (set.has('symbol') && (set.has('tradeid') || set.has('buy/sell') || set.has('tradeprice'))) return 'ibkr';
  if (set.has('type') && set.has('amount') && (set.has('date/time') || set.has('settledate') || set.has('transactionid'))) return 'ibkr';
  return null;
}

/** IBKR's optional header and trailer records (BOF, BOA, BOS, EOS, EOA, EOF) and section codes (HEADER/DATA, TRNT). */
function ibkrCells(cells: string[]): string[] | null {
  const first = cells[0]?.trim() ?? '';
  if (['BOF', 'BOA', 'BOS', 'EOS', 'EOA', 'EOF'].includes(first)) return null;
  if (first === 'HEADER' || first === 'DATA') return cells.slice(2);
  return cells;
}

/** Reads a file in the format asked for (or the one its header names). */
export async function readImport(text: string, asked: ImportFormat | 'auto'): Promise<ReadFile> {
  if (text.replace(/^\uFEFF/, '').trim() === '')
    return { format: null, lines: [], problems: [problem(1, null, 'the file is empty')], count: 0 };
  const { rows, unclosedQuoteAt } = await readCsv(text);
  if (unclosedQuoteAt !== null) {
    return {
      format: null,
      lines: [],
      problems: [problem(unclosedQuoteAt, null, 'a quoted cell is never closed (a " is missing)')],
      count: 0,
    };
  }
  // The header: the first of the first 20 rows that a format knows (Schwab puts a title line above it).
  const headerIndex = rows.slice(0, 20).findIndex((r) => formatOfHeader(ibkrCells(r.cells) ?? []) !== null);
  if (headerIndex < 0) {
    const first = rows[0]!;
    const joined = first.cells.join(',');
    const delimiter = [';', '\t', '|'].find((d) => joined.includes(d) && first.cells.length === 1);
    const message = delimiter
      ? `the columns are separated by "${delimiter === '\t' ? 'tab' : delimiter}", not commas: save the file as CSV with commas`
      : asked === 'auto'
        ? 'no header line of a known format (generic: date,kind,symbol,…; Interactive Brokers Flex Query; Schwab: "Date","Action",…)'
        : `the header line is not one of the ${asked} format (see docs/imports.md)`;
    return { format: null, lines: [], problems: [problem(first.line, null, message)], count: 0 };
  }
  const format = formatOfHeader(ibkrCells(rows[headerIndex]!.cells)!)!;
  if (asked !== 'auto' && asked !== format) {
    const line = rows[headerIndex]!.line;
    return {
      format: null,
      lines: [],
      problems: [problem(line, null, `the header line is of the ${format} format, not ${asked}`)],
      count: 0,
    };
  }
  const body = rows.slice(headerIndex);
  if (format === 'generic') return readWith(format, body, readGeneric);
  if (format === 'schwab') return readWith(format, body, readSchwab);
  return readWith(format, body, readIbkr);
}

type RowReader = (row: CsvRow, header: Header, problems: ImportProblem[]) => Omit<ImportLine, 'fingerprint'> | null | 'skip';

interface Header {
  /** Column index by lower-case header. */
  index: Map<string, number>;
  names: string[];
  section: 'trades' | 'cash' | 'generic' | 'schwab';
}

function headerOf(cells: readonly string[], format: ImportFormat): Header {
  const index = new Map<string, number>();
  cells.forEach((c, i) => index.set(norm(c), i));
  const section = format === 'ibkr' ? (index.has('type') && index.has('amount') && !index.has('tradeprice') ? 'cash' : 'trades') : format;
  return { index, names: cells.map((c) => c.trim()), section };
}

async function readWith(format: ImportFormat, rows: CsvRow[], reader: RowReader): Promise<ReadFile> {
  const problems: ImportProblem[] = [];
  const lines: ImportLine[] = [];
  const seen = new Map<string, number>();
  let header = headerOf(rows[0]!.cells, format);
  let count = 0;
  const slice = new LoopSlice();
  for (const row of rows.slice(1)) {
    if (slice.over()) await slice.pause();
    const cells = format === 'ibkr' ? ibkrCells(row.cells) : row.cells;
    if (!cells) continue;
    // IBKR puts each section's header above its rows.
    if (formatOfHeader(cells) === format) {
      header = headerOf(cells, format);
      continue;
    }
    count += 1;
    const before = problems.length;
    const read = reader({ line: row.line, cells }, header, problems);
    if (read === 'skip') {
      count -= 1;
      continue;
    }
    if (!read || problems.length > before) continue;
    lines.push({ ...read, fingerprint: fingerprintOf(format, read, seen) });
  }
  if (count === 0 && problems.length === 0) problems.push(problem(rows[0]!.line, null, 'the file has a header line but no lines below it'));
  return { format, lines, problems, count };
}

/**
 * A line's fingerprint: the broker's own id when it has one, else the SHA-256 of its fields and
 * format with the how-manyeth identical line of the file it is (two identical lines stay two).
 */
function fingerprintOf(format: ImportFormat, line: Omit<ImportLine, 'fingerprint'>, seen: Map<string, number>): string {
  if (line.ref) return `${format}:${line.ref}`;
  const fields = [
    format,
    line.kind,
    line.date,
    line.symbol,
    line.assetType,
    line.qty,
    line.price,
    line.fee,
    line.amount,
    line.tax,
    line.ratio,
    line.note,
  ]
    .map((v) => v ?? '')
    .join('|');
  const n = (seen.get(fields) ?? 0) + 1;
  seen.set(fields, n);
  return `${format}:${createHash('sha256').update(`${fields}#${n}`).digest('hex')}`;
}

/** One cell's reader, naming the column of each problem. */
function cellsOf(row: CsvRow, header: Header, problems: ImportProblem[]) {
  const columns: Partial<Record<Field, string>> = {};
  const at = (names: readonly string[]): { text: string; column: string } | null => {
    for (const name of names) {
      const i = header.index.get(name);
      if (i !== undefined) return { text: (row.cells[i] ?? '').trim(), column: header.names[i]! };
    }
    return null;
  };
  const report = (column: string | null, message: string) => {
    problems.push(problem(row.line, column, message));
    return null;
  };
  const guard = (cell: { text: string; column: string } | null, field: Field): string => {
    if (!cell) return '';
    columns[field] = cell.column;
    if (cell.text !== '' && looksLikeFormula(cell.text)) {
      report(cell.column, `"${cell.text.slice(0, 40)}" looks like a spreadsheet formula (starts with = + - or @); formulas are refused`);
      return '';
    }
    return cell.text;
  };
  return {
    columns,
    report,
    /** Text: a symbol, a kind, a note. */
    text(field: Field, names: readonly string[]): string {
      return guard(at(names), field);
    },
    day(field: Field, names: readonly string[], required = true): string | null {
      const cell = at(names);
      if (!cell || cell.text === '') return required ? report(cell?.column ?? names[0]!, 'a date is required') : null;
      columns[field] = cell.column;
      return valueOr(readDay(cell.text), (p) => report(cell.column, p));
    },
    number(field: Field, names: readonly string[], rule: typeof MONEY, required: boolean): string | null {
      const cell = at(names);
      if (!cell || cell.text === '') return required ? report(cell?.column ?? names[0]!, 'a number is required') : null;
      columns[field] = cell.column;
      const read = readNumber(cell.text, rule);
      if ('problem' in read) {
        if (looksLikeFormula(cell.text)) return guard(cell, field) || null;
        return report(cell.column, read.problem);
      }
      return read.value;
    },
  };
}

const valueOr = <T>(parsed: Parsed<T>, onProblem: (p: string) => null): T | null =>
  'value' in parsed ? parsed.value : onProblem(parsed.problem);

const abs = (text: string) => text.replace(/^-/, '');
const isNegative = (text: string) => text.startsWith('-');
const positive = (text: string | null) => text !== null && dec(text).gt(0);

const GENERIC_KINDS: readonly ImportKind[] = [
  'buy',
  'sell',
  'deposit',
  'withdrawal',
  'dividend',
  'interest',
  'margin_interest',
  'fee',
  'split',
];
const NOT_IMPORTED = ['correction', 'balances', 'asset'];

function readGeneric(row: CsvRow, header: Header, problems: ImportProblem[]): Omit<ImportLine, 'fingerprint'> | null {
  const c = cellsOf(row, header, problems);
  const date = c.day('date', ['date']);
  const kindText = c.text('kind', ['kind']).toLowerCase();
  const symbol = c.text('symbol', ['symbol']).toUpperCase() || null;
  const assetText = c.text('asset_type', ['asset_type', 'asset type']).toLowerCase() || 'stock';
  const note = c.text('note', ['note']);
  const ref = c.text('note', ['id', 'ref']) || null;
  const kindColumn = c.columns.kind ?? 'kind';
  if (!GENERIC_KINDS.includes(kindText as ImportKind)) {
    return c.report(
      kindColumn,
      NOT_IMPORTED.includes(kindText)
        ? `kind ${kindText} is an edit of the firm's own books and is not imported (docs/imports.md)`
        : `"${kindText}" is not a kind (${GENERIC_KINDS.join(', ')})`,
    );
  }
  const kind = kindText as ImportKind;
  if (assetText !== 'stock' && assetText !== 'crypto')
    return c.report(c.columns.asset_type ?? 'asset_type', `"${assetText}" is not an asset type (stock or crypto)`);
  const base = {
    line: row.line,
    kind,
    date: date ?? '',
    symbol,
    assetType: assetText,
    note,
    taxOnly: false,
    columns: c.columns,
    ref,
  } as const;
  const empty = { qty: null, price: null, fee: null, amount: null, tax: null, ratio: null, payDate: null };
  const needSymbol = () => (symbol ? true : c.report(c.columns.symbol ?? 'symbol', `a ${kind} needs a symbol`));
  if (kind === 'buy' || kind === 'sell') {
    needSymbol();
    const qty = c.number('quantity', ['quantity'], QUANTITY, true);
    const price = c.number('price', ['price'], PRICE, true);
    const fee = c.number('fee', ['fee'], FEE, false);
    if (qty !== null && !positive(qty)) c.report(c.columns.quantity!, 'the quantity must be above zero');
    if (price !== null && !positive(price)) c.report(c.columns.price!, 'the price must be above zero');
    if (fee !== null && isNegative(fee)) c.report(c.columns.fee!, 'the fee cannot be negative');
    return { ...base, ...empty, qty, price, fee };
  }
  if (kind === 'split') {
    needSymbol();
    const ratioCell = c.text('quantity', ['ratio', 'quantity']);
    const ratio = parseRatio(ratioCell);
    if (!ratio) c.report(c.columns.quantity ?? 'quantity', `a split's ratio is new:old shares, such as 10:1 or 1:8 (not "${ratioCell}")`);
    const price = c.number('price', ['price'], PRICE, false);
    return { ...base, ...empty, ratio: ratio ? ratioText(ratio) : null, price };
  }
  if (kind === 'dividend') {
    needSymbol();
    const price = c.number('price', ['price'], PRICE, false);
    const amount = c.number('amount', ['amount'], MONEY, false);
    const tax = c.number('fee', ['fee', 'tax'], FEE, false);
    const payDate = c.day('pay_date', ['pay_date', 'pay date'], false);
    if (price === null && amount === null)
      c.report(c.columns.price ?? 'price', 'a dividend needs its amount per share (price) or its gross amount');
    if ((price !== null && !positive(price)) || (amount !== null && !positive(amount)))
      c.report(c.columns.amount ?? 'amount', 'a dividend must be above zero');
    if (tax !== null && isNegative(tax)) c.report(c.columns.fee!, 'the tax withheld cannot be negative');
    return { ...base, ...empty, price, amount, tax, payDate };
  }
  const amount = c.number('amount', ['amount'], MONEY, true);
  if (amount !== null && !positive(amount)) c.report(c.columns.amount!, `a ${kind}'s amount must be above zero`);
  return { ...base, ...empty, symbol: null, amount };
}

/** Schwab's Action words (docs/imports.md) and what each becomes. */
const SCHWAB_ACTIONS: Record<string, ImportKind | 'cash' | 'tax' | 'skip'> = {
  buy: 'buy',
  'reinvest shares': 'buy',
  sell: 'sell',
  'cash dividend': 'dividend',
  'qualified dividend': 'dividend',
  'non-qualified div': 'dividend',
  'special dividend': 'dividend',
  'reinvest dividend': 'dividend',
  'pr yr cash div': 'dividend',
  'nra tax adj': 'tax',
  'nra withholding': 'tax',
  'foreign tax paid': 'tax',
  'moneylink transfer': 'cash',
  'moneylink deposit': 'cash',
  'wire funds': 'cash',
  'wire received': 'cash',
  'wire sent': 'cash',
  'funds received': 'cash',
  journal: 'cash',
  'bank interest': 'interest',
  'credit interest': 'interest',
  'margin interest': 'margin_interest',
  'service fee': 'fee',
  'adr mgmt fee': 'fee',
  'stock split': 'split',
};

function readSchwab(row: CsvRow, header: Header, problems: ImportProblem[]): Omit<ImportLine, 'fingerprint'> | null | 'skip' {
  // The old exports end with a totals row.
  if (/^transactions total/i.test(row.cells[0]?.trim() ?? '')) return 'skip';
  const c = cellsOf(row, header, problems);
  const date = c.day('date', ['date']);
  const action = c.text('kind', ['action']);
  const symbol = c.text('symbol', ['symbol']).toUpperCase() || null;
  const description = c.text('note', ['description']);
  const what = SCHWAB_ACTIONS[action.toLowerCase()];
  if (!what) return c.report(c.columns.kind ?? 'Action', `"${action}" is not an action this import knows (docs/imports.md lists them)`);
  if (what === 'skip') return 'skip';
  const base = {
    line: row.line,
    date: date ?? '',
    symbol,
    assetType: 'stock' as const,
    note: description,
    taxOnly: false,
    columns: c.columns,
    ref: null,
  };
  const empty = { qty: null, price: null, fee: null, amount: null, tax: null, ratio: null, payDate: null };
  const needSymbol = () => (symbol ? true : c.report(c.columns.symbol ?? 'Symbol', `a ${action} needs a symbol`));
  if (what === 'buy' || what === 'sell') {
    needSymbol();
    const qty = c.number('quantity', ['quantity'], QUANTITY, true);
    const price = c.number('price', ['price'], PRICE, true);
    const fee = c.number('fee', ['fees & comm'], FEE, false);
    if (qty !== null && dec(qty).eq(0)) c.report(c.columns.quantity!, 'the quantity must not be zero');
    return { ...base, ...empty, kind: what, qty: qty && abs(qty), price: price && abs(price), fee: fee && abs(fee) };
  }
  if (what === 'split') {
    needSymbol();
    const qty = c.number('quantity', ['quantity'], QUANTITY, true);
    if (qty !== null && !positive(qty)) c.report(c.columns.quantity!, 'a split adds shares: the quantity must be above zero');
    return { ...base, ...empty, kind: 'split', qty };
  }
  const amount = c.number('amount', ['amount'], MONEY, true);
  if (amount === null) return null;
  if (dec(amount).eq(0)) return c.report(c.columns.amount!, 'the amount is zero');
  if (what === 'dividend') {
    needSymbol();
    if (isNegative(amount)) return c.report(c.columns.amount!, 'a dividend must be above zero');
    return { ...base, ...empty, kind: 'dividend', amount };
  }
  if (what === 'tax') {
    if (!isNegative(amount)) return c.report(c.columns.amount!, 'a refund of withheld tax is not imported: record it by hand');
    return { ...base, ...empty, kind: 'fee', amount: abs(amount), taxOnly: true };
  }
  if (what === 'cash') return { ...base, ...empty, symbol: null, kind: isNegative(amount) ? 'withdrawal' : 'deposit', amount: abs(amount) };
  if (what === 'interest' || what === 'margin_interest')
    return { ...base, ...empty, symbol: null, kind: isNegative(amount) ? 'margin_interest' : 'interest', amount: abs(amount) };
  if (!isNegative(amount)) return c.report(c.columns.amount!, 'a refund of a fee is not imported: record it by hand');
  return { ...base, ...empty, symbol: null, kind: 'fee', amount: abs(amount) };
}

/** IBKR cash transaction types (docs/imports.md). */
const IBKR_CASH: Record<string, 'cash' | 'dividend' | 'tax' | 'interest' | 'fee'> = {
  'deposits/withdrawals': 'cash',
  'deposits & withdrawals': 'cash',
  dividends: 'dividend',
  'payment in lieu of dividends': 'dividend',
  'withholding tax': 'tax',
  'broker interest paid': 'interest',
  'broker interest received': 'interest',
  'broker interest paid/received': 'interest',
  'bond interest paid': 'interest',
  'bond interest received': 'interest',
  'other fees': 'fee',
  'commission adjustments': 'fee',
};

function readIbkr(row: CsvRow, header: Header, problems: ImportProblem[]): Omit<ImportLine, 'fingerprint'> | null | 'skip' {
  const c = cellsOf(row, header, problems);
  const currency = c.text('note', ['currencyprimary', 'currency']);
  const description = c.text('note', ['description']);
  const columns = c.columns;
  if (currency && currency.toUpperCase() !== 'USD') {
    return c.report(
      header.names[header.index.get('currencyprimary') ?? header.index.get('currency')!]!,
      `only USD is imported (this line is in ${currency})`,
    );
  }
  const empty = { qty: null, price: null, fee: null, amount: null, tax: null, ratio: null, payDate: null };
  if (header.section === 'trades') {
    const assetClass = c.text('asset_type', ['assetclass']).toUpperCase() || 'STK';
    if (assetClass !== 'STK' && assetClass !== 'CRYPTO') {
      return c.report(columns.asset_type ?? 'AssetClass', `only stocks (STK) and crypto (CRYPTO) are imported, not ${assetClass}`);
    }
    const symbol = c.text('symbol', ['symbol']).toUpperCase() || null;
    const date = c.day('date', ['tradedate', 'datetime', 'date/time']);
    const side = c.text('kind', ['buy/sell']).toUpperCase();
    const qty = c.number('quantity', ['quantity'], QUANTITY, true);
    const price = c.number('price', ['tradeprice', 'price'], PRICE, true);
    // IBKR reports commissions to 4 or more places; the books keep cents (half up, as the statement's totals).
    const commission = c.number('fee', ['ibcommission', 'commission'], { scale: 8, max: FEE.max }, false);
    const fee = commission && centsText(dec(commission).abs());
    const ref = c.text('note', ['tradeid', 'transactionid']) || null;
    if (!symbol) c.report(columns.symbol ?? 'Symbol', 'a trade needs a symbol');
    const kind: ImportKind | null = side === 'BUY' ? 'buy' : side === 'SELL' ? 'sell' : qty ? (isNegative(qty) ? 'sell' : 'buy') : null;
    if (side && side !== 'BUY' && side !== 'SELL') return c.report(columns.kind ?? 'Buy/Sell', `"${side}" is neither BUY nor SELL`);
    if (qty !== null && dec(qty).eq(0)) c.report(columns.quantity!, 'the quantity must not be zero');
    if (!kind) return null;
    return {
      ...empty,
      line: row.line,
      kind,
      date: date ?? '',
      symbol,
      assetType: assetClass === 'CRYPTO' ? 'crypto' : 'stock',
      qty: qty && abs(qty),
      price: price && abs(price),
      fee: fee && abs(fee),
      note: description,
      taxOnly: false,
      columns,
      ref: ref && `trade:${ref}`,
    };
  }
  const type = c.text('kind', ['type']);
  const what = IBKR_CASH[type.toLowerCase()];
  if (!what)
    return c.report(columns.kind ?? 'Type', `"${type}" is not a cash transaction type this import knows (docs/imports.md lists them)`);
  const symbol = c.text('symbol', ['symbol']).toUpperCase() || null;
  const date = c.day('date', ['date/time', 'settledate', 'reportdate', 'date']);
  const amount = c.number('amount', ['amount'], MONEY, true);
  const ref = c.text('note', ['transactionid', 'tradeid']) || null;
  if (amount === null) return null;
  if (dec(amount).eq(0)) return c.report(columns.amount!, 'the amount is zero');
  const base = {
    ...empty,
    line: row.line,
    date: date ?? '',
    symbol: null,
    assetType: 'stock' as const,
    note: description,
    taxOnly: false,
    columns,
    ref: ref && `cash:${ref}`,
  };
  if (what === 'cash') return { ...base, kind: isNegative(amount) ? 'withdrawal' : 'deposit', amount: abs(amount) };
  if (what === 'interest') return { ...base, kind: isNegative(amount) ? 'margin_interest' : 'interest', amount: abs(amount) };
  if (what === 'dividend') {
    if (!symbol) return c.report(columns.symbol ?? 'Symbol', 'a dividend needs a symbol');
    if (isNegative(amount)) return c.report(columns.amount!, 'a reversed dividend is not imported: record it by hand');
    return { ...base, kind: 'dividend', symbol, amount };
  }
  if (what === 'tax') {
    if (!isNegative(amount)) return c.report(columns.amount!, 'a refund of withheld tax is not imported: record it by hand');
    return { ...base, kind: 'fee', symbol, amount: abs(amount), taxOnly: true };
  }
  if (!isNegative(amount)) return c.report(columns.amount!, 'a refund of a fee is not imported: record it by hand');
  return { ...base, kind: 'fee', amount: abs(amount) };
}
