import { and, asc, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/open';
import { capitalEntries, capitalFund, officialNavs, portfolioSnapshots } from '../../db/schema';
import { dec, sum, ZERO, type Decimal } from '../../domain/money';
import { valuePortfolio } from '../../domain/valuation';
import { readBooks } from '../portfolio/engine';
import { missingFromSnapshot, netAccountValueFromLedger } from '../portfolio/day-values';

/**
 * The firm's net account value as capital accounts price it: today's from the portfolio engine (as
 * the dashboards show it), a past day's from that day's snapshot (the latest on or before it).
 */

export type FundRow = typeof capitalFund.$inferSelect;

/** Today's net account value, read inside the caller's transaction. */
export async function netAccountValueNow(db: Queryable, today: string): Promise<Decimal> {
  const books = await readBooks(db, today);
  return dec(valuePortfolio(books.input).totals.netAccountValue);
}

/** The official net account value a GP set for a day (docs/decisions/0018), or null. */
export async function officialNavOn(db: Queryable, day: string): Promise<Decimal | null> {
  const [row] = await db.select({ value: officialNavs.value }).from(officialNavs).where(eq(officialNavs.date, day));
  return row ? dec(row.value) : null;
}

/** The days with an official net account value and when each was set (docs/decisions/0018). */
export async function officialNavDays(db: Queryable): Promise<Map<string, Date>> {
  const rows = await db.select({ date: officialNavs.date, setAt: officialNavs.setAt }).from(officialNavs);
  return new Map(rows.map((r) => [r.date, r.setAt]));
}

/**
 * A past day's net account value as it prices a capital entry dated that day (docs/decisions/0018):
 * the official one when a GP set it; else the day's snapshot (or the latest before it) with what the
 * entries recorded after it was taken, dated on or before the day, add; with no snapshot on or
 * before the day, the day valued from the ledger when the ledger reaches back to it; else null.
 * The entry being priced is not recorded yet, so its own cash is never in it.
 */
export async function pricingValueOn(db: Queryable, day: string): Promise<Decimal | null> {
  const official = await officialNavOn(db, day);
  if (official) return official;
  const [snapshot] = await db
    .select({ date: portfolioSnapshots.date, value: portfolioSnapshots.netAccountValue, takenAt: portfolioSnapshots.takenAt })
    .from(portfolioSnapshots)
    .where(lte(portfolioSnapshots.date, day))
    .orderBy(desc(portfolioSnapshots.date))
    .limit(1);
  // No snapshot reaches back to the day (books that start before the portal was installed, not
  // rebuilt yet): the day valued from the ledger, when the ledger reaches back to it.
  if (!snapshot) return netAccountValueFromLedger(db, day);
  return dec(snapshot.value).plus(await missingFromSnapshot(db, day, snapshot.takenAt));
}

/** A past day's net account value: the official one, else its snapshot (or the latest before it); null before any. */
export async function netAccountValueOn(db: Queryable, day: string): Promise<Decimal | null> {
  const official = await officialNavOn(db, day);
  if (official) return official;
  const [row] = await db
    .select({ value: portfolioSnapshots.netAccountValue })
    .from(portfolioSnapshots)
    .where(lte(portfolioSnapshots.date, day))
    .orderBy(desc(portfolioSnapshots.date))
    .limit(1);
  return row ? dec(row.value) : null;
}

/** The snapshots from a day on, oldest first: the value over time, and whether it is a GP's official one. */
export function snapshotsFrom(db: Queryable, day: string) {
  // A day's official net account value, where a GP set one, in place of the computed one.
  return db
    .select({
      date: portfolioSnapshots.date,
      value: sql<string>`coalesce(${officialNavs.value}, ${portfolioSnapshots.netAccountValue})`,
      official: sql<boolean>`(${officialNavs.date} is not null)`,
    })
    .from(portfolioSnapshots)
    .leftJoin(officialNavs, eq(officialNavs.date, portfolioSnapshots.date))
    .where(gte(portfolioSnapshots.date, day))
    .orderBy(asc(portfolioSnapshots.date));
}

export async function fundOf(db: Queryable, lock = false): Promise<FundRow | null> {
  const query = db.select().from(capitalFund).where(eq(capitalFund.id, 1));
  const [row] = await (lock ? query.for('update') : query);
  return row ?? null;
}

/** Units outstanding on a day: the GP side's and every unit bought or redeemed on or before it. */
export async function unitsOutstandingOn(db: Queryable, fund: FundRow, day: string, userId?: number): Promise<Decimal> {
  const [row] = await db
    .select({ units: sql<string | null>`sum(${capitalEntries.units})` })
    .from(capitalEntries)
    .where(and(lte(capitalEntries.date, day), userId === undefined ? undefined : eq(capitalEntries.userId, userId)));
  const entries = dec(row?.units ?? '0');
  return userId === undefined ? dec(fund.gpUnits).plus(entries) : entries;
}

/** The sum of an LP's entries of one kind. */
export async function totalOf(db: Queryable, userId: number, kind: (typeof capitalEntries.$inferSelect)['kind']): Promise<Decimal> {
  const rows = await db
    .select({ amount: capitalEntries.amount })
    .from(capitalEntries)
    .where(and(eq(capitalEntries.userId, userId), eq(capitalEntries.kind, kind)));
  return rows.length === 0 ? ZERO : sum(rows.map((r) => dec(r.amount)));
}
