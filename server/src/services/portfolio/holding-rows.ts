import { NO_QUOTE } from '../../contract/quotes';
import { quoteKeyOf } from '../../domain/valuation';
import type { LiveQuote } from '../market/live-quote';
import { inSlices } from '../../platform/yield';
import type { BookLot, HeldLots } from './book-lots';

/** One purchase lot with its live fields, as GET /api/holdings returns it (docs/product.md §3). */
export type HoldingView = {
  id: number;
  symbol: string;
  qty: number;
  price_paid: number;
  purchase_date: string;
  asset_type: 'stock' | 'crypto';
  exchange: string | null;
} & (LiveQuote | typeof NO_QUOTE);

/** One symbol's rows of the list, kept while its lots and its quote stay as they were. */
export interface SymbolRows {
  lots: readonly BookLot[];
  /** Its lots' quote keys (one, but for a symbol held as stock and as crypto), and the live quote of each. */
  keys: readonly string[];
  quotes: readonly (LiveQuote | undefined)[];
  rows: HoldingView[];
  /** Its rows' JSON without the brackets, as UTF-8, written when first needed. */
  json?: Buffer;
}

export interface HoldingRows {
  /** The list before itself when every symbol's rows are those before, in the same order. */
  rows: HoldingView[];
  bySymbol: Map<string, SymbolRows>;
}

/** Whether two flat rows hold the same values. */
export function sameRow(x: object, y: object): boolean {
  const a = x as Record<string, unknown>;
  const b = y as Record<string, unknown>;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (const key of keys) if (a[key] !== b[key]) return false;
  return true;
}

const sameQuote = (a: LiveQuote | undefined, b: LiveQuote | undefined) => a === b || (a !== undefined && b !== undefined && sameRow(a, b));

/** A row's own fields, before its quote's. */
const lotFields = (lot: BookLot) => ({
  id: lot.id,
  symbol: lot.symbol,
  qty: Number(lot.qty),
  price_paid: Number(lot.pricePaid),
  purchase_date: lot.purchaseDate,
  asset_type: lot.assetType,
  exchange: lot.exchange,
});

function rowsOf(lots: readonly BookLot[], live: ReadonlyMap<string, LiveQuote>): HoldingView[] {
  return lots.map((lot): HoldingView => Object.assign(lotFields(lot), live.get(quoteKeyOf(lot)) ?? NO_QUOTE));
}

/** Each lot's fields as JSON, without the closing brace: kept while the lot's row is unchanged (the engine keeps its object). */
const lotJsonOf = new WeakMap<BookLot, string>();

function lotJson(lot: BookLot): string {
  let json = lotJsonOf.get(lot);
  if (json === undefined) lotJsonOf.set(lot, (json = JSON.stringify(lotFields(lot)).slice(0, -1)));
  return json;
}

/**
 * GET /api/holdings's rows: each lot with its symbol's live quote fields, made again only for the
 * symbols whose lots (as read: held.bySymbol keeps a symbol's array while its rows are unchanged)
 * or quote changed since `before`.
 */
export function holdingRows(held: HeldLots, live: ReadonlyMap<string, LiveQuote>, before?: HoldingRows): HoldingRows {
  const bySymbol = new Map<string, SymbolRows>();
  let unchanged = before !== undefined && before.bySymbol.size === held.bySymbol.size;
  const previousSymbols = before ? [...before.bySymbol.keys()] : [];
  let at = 0;
  for (const [symbol, lots] of held.bySymbol) {
    const kept = before?.bySymbol.get(symbol);
    const keys = kept?.lots === lots ? kept.keys : [...new Set(lots.map(quoteKeyOf))];
    const quotes = keys.map((key) => live.get(key));
    const same = kept !== undefined && kept.lots === lots && kept.quotes.every((q, i) => sameQuote(q, quotes[i]));
    bySymbol.set(symbol, same ? kept : { lots, keys, quotes, rows: rowsOf(lots, live) });
    if (!same || previousSymbols[at] !== symbol) unchanged = false;
    at += 1;
  }
  if (unchanged && before) return { rows: before.rows, bySymbol };
  const rows: HoldingView[] = [];
  for (const symbolRows of bySymbol.values()) for (const row of symbolRows.rows) rows.push(row);
  return { rows, bySymbol };
}

/**
 * A symbol's rows as JSON without the brackets: each lot's own fields (kept from the last time) and
 * its quote's, the same for all the symbol's lots, so a quote refresh writes 500 quotes' JSON and
 * copies the 20,000 lots' text instead of writing 20,000 rows again. Byte for byte
 * `JSON.stringify(rows)`: a row is its lot's fields then its quote's (rowsOf).
 */
function symbolJson(symbolRows: SymbolRows): Buffer {
  const quoteJson = new Map<string, string>();
  symbolRows.keys.forEach((key, i) => {
    const fields = JSON.stringify(symbolRows.quotes[i] ?? NO_QUOTE).slice(1);
    quoteJson.set(key, fields === '}' ? '}' : `,${fields}`);
  });
  const parts: string[] = [];
  for (const lot of symbolRows.lots) parts.push(lotJson(lot) + quoteJson.get(quoteKeyOf(lot))!);
  return Buffer.from(parts.join(','));
}

/**
 * Each symbol's JSON not written yet, a symbol at a time in slices of the event loop: after a quote
 * refresh at 20,000 lots all 500 are new, about 22 ms of JSON that `holdingsJson` would otherwise
 * write in one turn, in the first reader's request.
 */
export async function writeSymbolJson(rows: HoldingRows): Promise<void> {
  await inSlices(rows.bySymbol.values(), (symbolRows) => {
    if (symbolRows.json === undefined && symbolRows.rows.length > 0) symbolRows.json = symbolJson(symbolRows);
  });
}

const OPEN = Buffer.from('[');
const COMMA = Buffer.from(',');
const CLOSE = Buffer.from(']');

/**
 * The list's JSON, from each symbol's JSON (written and encoded once per symbol's rows): after a
 * sale of one symbol at 20,000 lots, a copy of bytes instead of joining and encoding 6.7 MB again.
 */
export function holdingsJson(rows: HoldingRows): Buffer {
  const parts: Buffer[] = [OPEN];
  for (const symbolRows of rows.bySymbol.values()) {
    if (symbolRows.rows.length === 0) continue;
    symbolRows.json ??= symbolJson(symbolRows);
    if (parts.length > 1) parts.push(COMMA);
    parts.push(symbolRows.json);
  }
  parts.push(CLOSE);
  return Buffer.concat(parts);
}
