import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { dailyCloses, ledgerEntries, portfolioSnapshots } from '../../db/schema';
import { addDays } from '../../domain/dates';
import { centsText, dec } from '../../domain/money';
import { externalFlowKinds, type ValueDay } from '../../domain/returns';
import type { Db } from '../../db/open';
import type { PortfolioEngine } from './engine';

export interface ValueDaysDeps {
  db: Db;
  portfolio: PortfolioEngine;
}

export interface ValueDays {
  /** Per day, oldest first: the net account value and the external flows (domain/returns.ts isExternalFlow). */
  days: ValueDay[];
  /** The S&P 500's close on each of those days (the last one on or before it); null before the first. */
  sp500: (string | null)[];
}

/**
 * The days the history and the returns are computed from, the last `daysBack` days (or all) to
 * today. Past days are the stored snapshots. Today is the engine's current view, the one the stat
 * cards show, with the day's new money read together with it: today's stored snapshot is only
 * retaken with the quotes, so a deposit made since would be counted against the value before it.
 */
export async function readValueDays(deps: ValueDaysDeps, daysBack: number | null): Promise<ValueDays> {
  const view = await deps.portfolio.current();
  const today = view.day;
  const since = daysBack === null ? [] : [gte(portfolioSnapshots.date, addDays(today, -daysBack))];
  const past = await deps.db
    .select({ date: portfolioSnapshots.date, value: portfolioSnapshots.netAccountValue })
    .from(portfolioSnapshots)
    .where(and(...since, lt(portfolioSnapshots.date, today)))
    .orderBy(asc(portfolioSnapshots.date));
  const first = past[0]?.date ?? today;
  const [flows, closes] = await Promise.all([
    deps.db
      .select({ date: ledgerEntries.bookDate, flow: sql<string>`sum(${ledgerEntries.flow})` })
      .from(ledgerEntries)
      .where(and(gte(ledgerEntries.bookDate, first), lt(ledgerEntries.bookDate, today), inArray(ledgerEntries.kind, externalFlowKinds())))
      .groupBy(ledgerEntries.bookDate),
    deps.db
      .select({ date: dailyCloses.date, close: dailyCloses.close })
      .from(dailyCloses)
      .where(and(eq(dailyCloses.key, '^GSPC'), gte(dailyCloses.date, addDays(first, -10))))
      .orderBy(asc(dailyCloses.date)),
  ]);
  const snapshots = [...past, { date: today, value: view.valuation.totals.netAccountValue }];
  const flowOf = new Map(flows.map((f) => [f.date, centsText(dec(f.flow))]));
  flowOf.set(today, view.dayFlow);
  // Weekends and holidays carry the last close before them.
  let c = 0;
  let last: string | null = null;
  const sp500 = snapshots.map((s) => {
    while (c < closes.length && closes[c]!.date <= s.date) last = closes[c++]!.close;
    return last;
  });
  return { days: snapshots.map((s) => ({ date: s.date, value: s.value, flow: flowOf.get(s.date) ?? '0' })), sp500 };
}
