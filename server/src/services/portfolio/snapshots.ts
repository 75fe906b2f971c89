import { and, asc, gte, lte } from 'drizzle-orm';
import type { Queryable } from '../../db/open';
import { dailyCloses, portfolioSnapshots } from '../../db/schema';
import { addDays, dayInNewYork } from '../../domain/dates';
import { valuePortfolio, type PortfolioTotals } from '../../domain/valuation';
import { readBooks, type PriceOf } from './engine';

/**
 * Values the firm on a day with the portfolio engine and stores it as that day's snapshot
 * (replacing an earlier one of the same day). Today is valued exactly as the dashboards value it,
 * at the cached quotes; a past day at its closes, with the lots bought by then. Venture, real
 * estate and balances are the current ones, as the books keep no history of them. The parts are
 * cents and add up to the net account value exactly.
 */
export async function takeSnapshot(db: Queryable, day: string, at: Date, priceOf?: PriceOf): Promise<void> {
  const today = dayInNewYork(at);
  const books = await readBooks(db, today, priceOf ? { day, priceOf } : undefined);
  await storeSnapshot(db, day, at, valuePortfolio(books.input).totals);
}

/** Stores a day's snapshot from the firm's totals that day (replacing an earlier one of the same day). */
export async function storeSnapshot(db: Queryable, day: string, at: Date, t: PortfolioTotals): Promise<void> {
  const row = {
    date: day,
    netAccountValue: t.netAccountValue,
    liquidValue: t.liquidValue,
    ventureValue: t.ventureValue,
    // The real estate part counts its rental income, as the net account value does.
    realEstateValue: t.realEstateTotalValue,
    cashAvailable: t.cashAvailable,
    marginDebit: t.marginDebit,
    accountsReceivable: t.accountsReceivable,
    takenAt: at,
  };
  const { date: _date, ...update } = row;
  await db.insert(portfolioSnapshots).values(row).onConflictDoUpdate({ target: portfolioSnapshots.date, set: update });
}

/** The close of each key on a day: the latest close on or before it (weekends carry Friday's). */
export async function closesOn(db: Queryable, day: string, lookbackDays = 10): Promise<PriceOf> {
  const rows = await db
    .select({ key: dailyCloses.key, close: dailyCloses.close })
    .from(dailyCloses)
    .where(and(lte(dailyCloses.date, day), gte(dailyCloses.date, addDays(day, -lookbackDays))))
    .orderBy(asc(dailyCloses.date));
  const latest = new Map(rows.map((r) => [r.key, r.close]));
  return (key) => latest.get(key) ?? null;
}

export interface SnapshotsDeps {
  db: Queryable;
  now: () => Date;
}

/** Snapshots for the `days` days before today (New York) that have none, valued at each day's closes. */
export async function backfillSnapshots(deps: SnapshotsDeps, days: number): Promise<number> {
  const { db } = deps;
  const at = deps.now();
  const today = dayInNewYork(at);
  const existing = await db
    .select({ date: portfolioSnapshots.date })
    .from(portfolioSnapshots)
    .where(gte(portfolioSnapshots.date, addDays(today, -days)));
  const have = new Set(existing.map((e) => e.date));
  let taken = 0;
  for (let d = days; d >= 1; d -= 1) {
    const day = addDays(today, -d);
    if (have.has(day)) continue;
    await takeSnapshot(db, day, at, await closesOn(db, day));
    taken += 1;
  }
  return taken;
}
