import { and, asc, inArray, lte, sql } from 'drizzle-orm';
import { executedRows } from '../../db/executed-rows';
import type { Queryable } from '../../db/open';
import { holdings } from '../../db/schema';
import { yieldToLoop } from '../../platform/yield';
import type { LotRow } from './trades';

/** What the engine reads of a lot row (trades.ts's LotRow). */
export type BookLot = Pick<LotRow, 'id' | 'symbol' | 'assetType' | 'exchange' | 'qty' | 'pricePaid' | 'costBasis' | 'purchaseDate'>;

/**
 * The lots as the engine holds them: in the books' order (symbol, purchase day, id), and by symbol
 * with a fingerprint of each symbol's rows, so that after a change only the symbols whose rows
 * changed are read again (a sale reads one symbol's lots, not 20,000: docs/decisions/0022).
 */
export interface HeldLots {
  all: BookLot[];
  bySymbol: ReadonlyMap<string, BookLot[]>;
  /** Each symbol's fingerprint, in the database's order of symbols. */
  prints: ReadonlyMap<string, string>;
}

const lotColumns = {
  id: holdings.id,
  symbol: holdings.symbol,
  assetType: holdings.assetType,
  exchange: holdings.exchange,
  qty: holdings.qty,
  pricePaid: holdings.pricePaid,
  costBasis: holdings.costBasis,
  purchaseDate: holdings.purchaseDate,
};

/** The lots (bought by `day`, of `symbols`, when given), in the books' order. */
export function readLots(db: Queryable, only: { day?: string; symbols?: string[] } = {}): Promise<BookLot[]> {
  return db
    .select(lotColumns)
    .from(holdings)
    .where(
      and(
        only.day === undefined ? undefined : lte(holdings.purchaseDate, only.day),
        only.symbols === undefined ? undefined : inArray(holdings.symbol, only.symbols),
      ),
    )
    .orderBy(asc(holdings.symbol), asc(holdings.purchaseDate), asc(holdings.id));
}

/**
 * Each held symbol's fingerprint and number of lots: the sum of its lots' prints (holdings.print, a
 * 64-bit hash of every field the engine reads of a lot, kept by a trigger) with their count. A
 * change of any lot moves the sum but for a chance of one in 2^64; 20,000 lots take about 2 ms.
 */
async function symbolPrints(db: Queryable): Promise<Map<string, { print: string; lots: number }>> {
  const rows = await executedRows<{ symbol: string; print: string; lots: number }>(
    db,
    sql`select symbol, count(*) || ':' || sum(print) as print, count(*)::int as lots from holdings group by symbol order by symbol`,
  );
  return new Map(rows.map((r) => [r.symbol, { print: r.print, lots: Number(r.lots) }]));
}

/** Lots read in one statement: on the embedded database a statement holds the event loop, about 10 ms per 1,000 lots read. */
const LOTS_PER_READ = 1000;

/** The lots of `symbols` (in the books' order), a few symbols at a time, with a turn of the event loop between two reads. */
async function readLotsInParts(db: Queryable, symbols: readonly string[], lotsOf: (symbol: string) => number): Promise<BookLot[]> {
  const out: BookLot[] = [];
  let part: string[] = [];
  let inPart = 0;
  const read = async () => {
    if (out.length > 0) await yieldToLoop();
    for (const lot of await readLots(db, { symbols: part })) out.push(lot);
    part = [];
    inPart = 0;
  };
  for (const symbol of symbols) {
    part.push(symbol);
    inPart += lotsOf(symbol);
    if (inPart >= LOTS_PER_READ) await read();
  }
  if (part.length > 0) await read();
  return out;
}

const bySymbolOf = (lots: readonly BookLot[]): Map<string, BookLot[]> => {
  const groups = new Map<string, BookLot[]>();
  for (const lot of lots) {
    const group = groups.get(lot.symbol);
    if (group) group.push(lot);
    else groups.set(lot.symbol, [lot]);
  }
  return groups;
};

/**
 * The lots now, inside the caller's snapshot. With `before` (the lots held after an earlier read),
 * a symbol whose fingerprint is the same keeps its rows as they were read, the others are read
 * again; without, every lot is read.
 */
export async function readHeldLots(db: Queryable, before?: HeldLots): Promise<HeldLots> {
  const held = await symbolPrints(db);
  const prints = new Map([...held].map(([symbol, h]) => [symbol, h.print]));
  const changed = [...prints.keys()].filter((symbol) => before?.prints.get(symbol) !== prints.get(symbol));
  const fresh = bySymbolOf(await readLotsInParts(db, changed, (symbol) => held.get(symbol)?.lots ?? 0));
  const bySymbol = new Map<string, BookLot[]>();
  const all: BookLot[] = [];
  // In the database's order of symbols, as a read of every lot would give them.
  for (const symbol of prints.keys()) {
    const lots = fresh.get(symbol) ?? before?.bySymbol.get(symbol);
    if (!lots) continue;
    bySymbol.set(symbol, lots);
    for (const lot of lots) all.push(lot);
  }
  return { all, bySymbol, prints };
}
