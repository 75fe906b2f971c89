import { and, asc, gte, lte } from 'drizzle-orm';
import type { Queryable } from '../../db/open';
import { accountBalances, dailyCloses, holdings, portfolioSnapshots, privateAssets } from '../../db/schema';
import { addDays, dayInNewYork } from '../../domain/dates';
import { netAccountParts, netAccountValue, type LotFigures } from '../../domain/portfolio-math';
import type { ServiceDeps } from '../deps';
import { quoteKey } from '../market/provider';

/** A price for a quote key on the snapshot's day, or null when none is known. */
export type PriceOf = (key: string) => number | null;

export interface SnapshotView {
  date: string;
  netAccountValue: number;
  liquidValue: number;
  ventureValue: number;
  realEstateValue: number;
  cashAvailable: number;
  marginDebit: number;
  accountsReceivable: number;
}

/** Cents as plain decimal text for the unconstrained numeric columns. */
function cents(n: number): string {
  if (!Number.isFinite(n)) throw new Error(`a snapshot figure is not a finite number (${n})`);
  // From 1e21 on toFixed writes an exponent; a double that large is a whole number anyway.
  return Math.abs(n) < 1e21 ? n.toFixed(2) : `${BigInt(n).toString()}.00`;
}

/**
 * Values the firm on a day and stores it as that day's snapshot (replacing an earlier one of the
 * same day). Lots bought after the day are left out; venture, real estate and balances are the
 * current ones, as the books keep no history of them.
 */
export async function takeSnapshot(db: Queryable, day: string, priceOf: PriceOf, at: Date): Promise<SnapshotView> {
  const [lots, assets, [balances]] = await Promise.all([
    db.select().from(holdings).where(lte(holdings.purchaseDate, day)),
    db.select().from(privateAssets),
    db.select().from(accountBalances).limit(1),
  ]);
  const figures: LotFigures[] = lots.map((l) => ({
    symbol: l.symbol,
    qty: Number(l.qty),
    pricePaid: Number(l.pricePaid),
    purchaseDate: l.purchaseDate,
    lastPrice: priceOf(quoteKey({ symbol: l.symbol, kind: l.assetType })),
    change: null,
  }));
  const figuresOf = (kind: 'venture' | 'real_estate') =>
    assets
      .filter((a) => a.kind === kind)
      .map((a) => ({ qty: Number(a.qty), pricePaid: Number(a.pricePaid), lastPrice: Number(a.lastPriceAtDate), totalRentalIncome: Number(a.totalRentalIncome) }));
  const parts = netAccountParts(figures, figuresOf('venture'), figuresOf('real_estate'), {
    cashAvailable: Number(balances?.cashAvailable ?? 0),
    marginDebit: Number(balances?.marginDebit ?? 0),
  });
  const row = {
    date: day,
    netAccountValue: cents(netAccountValue(parts)),
    liquidValue: cents(parts.liquidValue),
    ventureValue: cents(parts.ventureValue),
    // The real estate part counts its rental income, as the net account value does.
    realEstateValue: cents(parts.realEstateValue + parts.totalRentalIncome),
    cashAvailable: cents(parts.cashAvailable),
    marginDebit: cents(parts.marginDebit),
    accountsReceivable: cents(Number(balances?.accountsReceivable ?? 0)),
    takenAt: at,
  };
  const { date: _date, ...update } = row;
  await db.insert(portfolioSnapshots).values(row).onConflictDoUpdate({ target: portfolioSnapshots.date, set: update });
  return viewOf(row);
}

function viewOf(row: Omit<typeof portfolioSnapshots.$inferSelect, 'takenAt'>): SnapshotView {
  return {
    date: row.date,
    netAccountValue: Number(row.netAccountValue),
    liquidValue: Number(row.liquidValue),
    ventureValue: Number(row.ventureValue),
    realEstateValue: Number(row.realEstateValue),
    cashAvailable: Number(row.cashAvailable),
    marginDebit: Number(row.marginDebit),
    accountsReceivable: Number(row.accountsReceivable),
  };
}

/** The close of each key on a day: the latest close on or before it (weekends carry Friday's). */
export async function closesOn(db: Queryable, day: string, lookbackDays = 10): Promise<PriceOf> {
  const rows = await db
    .select({ key: dailyCloses.key, close: dailyCloses.close })
    .from(dailyCloses)
    .where(and(lte(dailyCloses.date, day), gte(dailyCloses.date, addDays(day, -lookbackDays))))
    .orderBy(asc(dailyCloses.date));
  const latest = new Map(rows.map((r) => [r.key, Number(r.close)]));
  return (key) => latest.get(key) ?? null;
}

/** Snapshots for the days of the past that have none, valued at each day's closes. */
export async function backfillSnapshots(db: Queryable, today: string, days: number, at: Date): Promise<number> {
  const existing = await db
    .select({ date: portfolioSnapshots.date })
    .from(portfolioSnapshots)
    .where(gte(portfolioSnapshots.date, addDays(today, -days)));
  const have = new Set(existing.map((e) => e.date));
  let taken = 0;
  for (let d = days; d >= 1; d -= 1) {
    const day = addDays(today, -d);
    if (have.has(day)) continue;
    await takeSnapshot(db, day, await closesOn(db, day), at);
    taken += 1;
  }
  return taken;
}

/** The series for the charts: the last `days` days of snapshots, oldest first. */
export async function history(deps: ServiceDeps, days: number): Promise<{ snapshots: SnapshotView[] }> {
  const from = addDays(dayInNewYork(deps.now()), -days);
  const rows = await deps.db
    .select()
    .from(portfolioSnapshots)
    .where(gte(portfolioSnapshots.date, from))
    .orderBy(asc(portfolioSnapshots.date));
  return { snapshots: rows.map(viewOf) };
}
