import { and, count, gte, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/open';
import { dailyCloses, holdings, quotes } from '../../db/schema';
import { addDays, dayInNewYork } from '../../domain/dates';
import { MARKET_INDICES, quoteKey, type Instrument, type MarketDataProvider, type Quote } from './provider';

/** Every symbol the firm holds, once, as the instrument the providers price. */
export async function heldInstruments(db: Queryable): Promise<{ symbol: string; kind: 'stock' | 'crypto' }[]> {
  return db.selectDistinct({ symbol: holdings.symbol, kind: holdings.assetType }).from(holdings);
}

/** What the refresh prices: every held symbol, and the indices of the market summary. */
export async function instrumentsToPrice(db: Queryable): Promise<Instrument[]> {
  return [...(await heldInstruments(db)), ...MARKET_INDICES.map((i) => ({ symbol: i.symbol, kind: 'index' as const }))];
}

export interface RefreshReport {
  updated: number;
  /** Keys the provider could not price this time; their last quote is kept and marked stale. */
  failed: string[];
}

/**
 * Told about one item of a job that failed (one symbol's quote, closes or prediction), so the
 * job can log it and go on with the others.
 */
export type OnFailure = (what: string, err: unknown) => void;

/** Numbers go to numeric columns as text, so nothing is lost to the driver. */
const numeric = (n: number): string => String(n);
const optionalNumeric = (n: number | null): string | null => (n === null || !Number.isFinite(n) ? null : String(n));

/**
 * Asks the provider for fresh quotes and stores them, each on its own: a failed call, a symbol it
 * could not price, or a quote the database refuses keeps that symbol's last quote and stamps it
 * as failed (readers then show it as stale); the other symbols are stored.
 */
export async function refreshQuotes(
  db: Queryable,
  provider: MarketDataProvider,
  instruments: readonly Instrument[],
  now: Date,
  onFailure: OnFailure = () => undefined,
): Promise<RefreshReport & { quotes: Quote[] }> {
  if (instruments.length === 0) return { updated: 0, failed: [], quotes: [] };
  let received: Map<string, Quote>;
  try {
    received = await provider.quotes(instruments, now);
  } catch (err) {
    onFailure('quotes from the provider', err);
    received = new Map();
  }
  const fresh: Quote[] = [];
  for (const quote of received.values()) {
    if (!(Number.isFinite(quote.price) && quote.price > 0)) continue;
    try {
      await storeQuote(db, quote, now);
      fresh.push(quote);
    } catch (err) {
      onFailure(`the quote of ${quote.key}`, err);
    }
  }
  const freshKeys = new Set(fresh.map((q) => q.key));
  const failed = instruments.map(quoteKey).filter((key) => !freshKeys.has(key));
  if (failed.length > 0) await db.update(quotes).set({ failedAt: now }).where(inArray(quotes.key, failed));
  return { updated: fresh.length, failed, quotes: fresh };
}

async function storeQuote(db: Queryable, q: Quote, now: Date): Promise<void> {
  await db
    .insert(quotes)
    .values({
      key: q.key,
      name: q.name,
      price: numeric(q.price),
      change: numeric(q.change),
      changePct: numeric(q.changePct),
      dividendYield: optionalNumeric(q.dividendYield),
      marketCap: optionalNumeric(q.marketCap),
      peRatio: optionalNumeric(q.peRatio),
      oneMonthPerf: optionalNumeric(q.oneMonthPerf),
      source: q.source,
      asOf: q.asOf,
      fetchedAt: now,
      failedAt: null,
    })
    .onConflictDoUpdate({
      target: quotes.key,
      set: {
        name: sql`excluded.name`,
        price: sql`excluded.price`,
        change: sql`excluded.change`,
        changePct: sql`excluded.change_pct`,
        dividendYield: sql`excluded.dividend_yield`,
        marketCap: sql`excluded.market_cap`,
        peRatio: sql`excluded.pe_ratio`,
        oneMonthPerf: sql`excluded.one_month_perf`,
        source: sql`excluded.source`,
        asOf: sql`excluded.as_of`,
        fetchedAt: sql`excluded.fetched_at`,
        failedAt: sql`null`,
      },
    });
}

/** Today's close so far, per quote: the last price of the day becomes its close. One failing symbol skips only its own. */
export async function recordCloses(db: Queryable, fresh: readonly Quote[], onFailure: OnFailure = () => undefined): Promise<void> {
  for (const q of fresh) {
    try {
      await db
        .insert(dailyCloses)
        .values({ key: q.key, date: dayInNewYork(q.asOf), close: numeric(q.price), source: q.source })
        .onConflictDoUpdate({
          target: [dailyCloses.key, dailyCloses.date],
          set: { close: sql`excluded.close`, source: sql`excluded.source` },
        });
    } catch (err) {
      onFailure(`today's close of ${q.key}`, err);
    }
  }
}

/**
 * Fills in the daily closes of instruments that have too few of the last `days` days (a symbol
 * just bought, or a new database), from the provider's daily history.
 */
export async function backfillCloses(
  db: Queryable,
  provider: MarketDataProvider,
  instruments: readonly Instrument[],
  today: string,
  days: number,
  onFailure: OnFailure = () => undefined,
): Promise<number> {
  const from = addDays(today, -days);
  const have = await db
    .select({ key: dailyCloses.key, n: count() })
    .from(dailyCloses)
    .where(and(gte(dailyCloses.date, from), inArray(dailyCloses.key, instruments.map(quoteKey))))
    .groupBy(dailyCloses.key);
  const counts = new Map(have.map((h) => [h.key, h.n]));
  let added = 0;
  for (const instrument of instruments) {
    const key = quoteKey(instrument);
    // Trading days are about 5 in 7; half of those is enough to skip the provider.
    if ((counts.get(key) ?? 0) >= Math.floor((days * 5) / 14)) continue;
    try {
      const closes = await provider.dailyCloses(instrument, from, today);
      if (closes.length === 0) continue;
      await db
        .insert(dailyCloses)
        .values(closes.map((c) => ({ key, date: c.date, close: numeric(c.close), source: provider.source })))
        .onConflictDoNothing();
      added += closes.length;
    } catch (err) {
      // One symbol's history (unreachable, or refused by the database) does not hold up the others'.
      onFailure(`the daily closes of ${key}`, err);
    }
  }
  return added;
}

/** The cached quotes by key. */
export async function cachedQuotes(db: Queryable, keys: readonly string[]): Promise<Map<string, typeof quotes.$inferSelect>> {
  if (keys.length === 0) return new Map();
  const rows = await db
    .select()
    .from(quotes)
    .where(inArray(quotes.key, [...keys]));
  return new Map(rows.map((r) => [r.key, r]));
}
