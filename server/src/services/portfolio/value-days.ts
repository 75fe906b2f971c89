import { and, asc, eq, gte, inArray, lt, not, sql } from 'drizzle-orm';
import { dailyCloses, ledgerEntries, portfolioSnapshots } from '../../db/schema';
import { addDays } from '../../domain/dates';
import { centsText, dec } from '../../domain/money';
import { externalFlowKinds, type ValueDay } from '../../domain/returns';
import type { Db } from '../../db/open';
import type { PortfolioEngine } from './engine';
import { backDatedFlows, flowDayOf, isBackDatedCapital } from './back-dated-flows';

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
 * A day's new money is that of the entries booked that day, except a back-dated capital entry's:
 * it falls on the first day whose value holds its cash, its own date once the days since are
 * valued again (services/portfolio/back-dated-flows.ts).
 */
export async function readValueDays(deps: ValueDaysDeps, daysBack: number | null): Promise<ValueDays> {
  const view = await deps.portfolio.current();
  const today = view.day;
  const since = daysBack === null ? [] : [gte(portfolioSnapshots.date, addDays(today, -daysBack))];
  const past = await deps.db
    .select({ date: portfolioSnapshots.date, value: portfolioSnapshots.netAccountValue, takenAt: portfolioSnapshots.takenAt })
    .from(portfolioSnapshots)
    .where(and(...since, lt(portfolioSnapshots.date, today)))
    .orderBy(asc(portfolioSnapshots.date));
  const first = past[0]?.date ?? today;
  const [flows, backDated, closes] = await Promise.all([
    deps.db
      .select({ date: ledgerEntries.bookDate, flow: sql<string>`sum(${ledgerEntries.flow})` })
      .from(ledgerEntries)
      .where(
        and(
          gte(ledgerEntries.bookDate, first),
          lt(ledgerEntries.bookDate, today),
          inArray(ledgerEntries.kind, externalFlowKinds()),
          not(isBackDatedCapital),
        ),
      )
      .groupBy(ledgerEntries.bookDate),
    // Booked before today: today's are read with the engine's view.
    past.length === 0 ? Promise.resolve([]) : backDatedFlows(deps.db, first, addDays(today, -1)),
    deps.db
      .select({ date: dailyCloses.date, close: dailyCloses.close })
      .from(dailyCloses)
      .where(and(eq(dailyCloses.key, '^GSPC'), gte(dailyCloses.date, addDays(first, -10))))
      .orderBy(asc(dailyCloses.date)),
  ]);
  const snapshots = [...past, { date: today, value: view.valuation.totals.netAccountValue }];
  const flowOf = new Map(flows.map((f) => [f.date, dec(f.flow)]));
  flowOf.set(today, dec(view.dayFlow));
  for (const flow of [...backDated, ...view.backDated]) {
    const day = flowDayOf(flow, past);
    if (day !== null) flowOf.set(day, (flowOf.get(day) ?? dec(0)).plus(dec(flow.flow)));
  }
  // Weekends and holidays carry the last close before them.
  let c = 0;
  let last: string | null = null;
  const sp500 = snapshots.map((s) => {
    while (c < closes.length && closes[c]!.date <= s.date) last = closes[c++]!.close;
    return last;
  });
  return {
    days: snapshots.map((s) => {
      const flow = flowOf.get(s.date);
      return { date: s.date, value: s.value, flow: flow === undefined ? '0' : centsText(flow) };
    }),
    sp500,
  };
}
