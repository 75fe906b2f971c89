import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import { dailyCloses, ledgerEntries, portfolioSnapshots } from '../../db/schema';
import { addDays } from '../../domain/dates';
import { centsText, dec } from '../../domain/money';
import { indexReturns, timeWeightedReturns } from '../../domain/returns';
import type { Db } from '../../db/open';
import type { PortfolioEngine, PortfolioView } from './engine';
import { derivedAnswer } from './derived';

export interface HistoryDeps {
  db: Db;
  portfolio: PortfolioEngine;
  now: () => Date;
}

export interface HistoryDay {
  date: string;
  netAccountValue: string;
  /** New money in (+) or out (−) that day. */
  netFlow: string;
  /** Time-weighted return since the first day shown, in percent. */
  returnPct: string;
  /** The S&P 500's change over the same days, in percent; null before it has a close. */
  sp500Pct: string | null;
}

/**
 * GET /api/portfolio/history: per day the net account value, the day's new money and the
 * time-weighted return since the first day, beside the S&P 500 over the same days.
 *
 * Past days are the stored snapshots. Today is the engine's current view, the one the stat cards
 * show, with the day's new money read together with it: today's stored snapshot is only retaken
 * with the quotes, so a deposit made since would be counted against the value before it.
 */
export function portfolioHistory(deps: HistoryDeps, days: number): Promise<{ days: HistoryDay[] }> {
  // Computed once per version of the books and length asked (decision 0014).
  return derivedAnswer(deps, `history|${days}`, (view) => computeHistory(deps, view, days));
}

async function computeHistory(deps: HistoryDeps, view: PortfolioView, days: number): Promise<{ days: HistoryDay[] }> {
  const today = view.day;
  const from = addDays(today, -days);
  const [past, flows, closes] = await Promise.all([
    deps.db
      .select({ date: portfolioSnapshots.date, value: portfolioSnapshots.netAccountValue })
      .from(portfolioSnapshots)
      .where(and(gte(portfolioSnapshots.date, from), lt(portfolioSnapshots.date, today)))
      .orderBy(asc(portfolioSnapshots.date)),
    deps.db
      .select({ date: ledgerEntries.bookDate, flow: sql<string>`sum(${ledgerEntries.flow})` })
      .from(ledgerEntries)
      .where(and(gte(ledgerEntries.bookDate, from), lt(ledgerEntries.bookDate, today)))
      .groupBy(ledgerEntries.bookDate),
    deps.db
      .select({ date: dailyCloses.date, close: dailyCloses.close })
      .from(dailyCloses)
      .where(and(eq(dailyCloses.key, '^GSPC'), gte(dailyCloses.date, addDays(from, -10))))
      .orderBy(asc(dailyCloses.date)),
  ]);
  const snapshots = [...past, { date: today, value: view.valuation.totals.netAccountValue }];
  const flowOf = new Map(flows.map((f) => [f.date, centsText(dec(f.flow))]));
  flowOf.set(today, view.dayFlow);
  const linked = timeWeightedReturns(snapshots.map((s) => ({ date: s.date, value: s.value, flow: flowOf.get(s.date) ?? '0' })));
  // Weekends and holidays carry the last close before them.
  let c = 0;
  let last: string | null = null;
  const sp500 = snapshots.map((s) => {
    while (c < closes.length && closes[c]!.date <= s.date) last = closes[c++]!.close;
    return last;
  });
  const index = indexReturns(sp500);
  return {
    days: linked.map((d, i) => ({
      date: d.date,
      netAccountValue: centsText(dec(d.value)),
      netFlow: d.flow === '0' ? '0.00' : d.flow,
      returnPct: d.cumulativeReturnPct,
      sp500Pct: index[i] ?? null,
    })),
  };
}
