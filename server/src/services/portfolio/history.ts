import { and, asc, eq, gte, sql } from 'drizzle-orm';
import { dailyCloses, ledgerEntries, portfolioSnapshots } from '../../db/schema';
import { addDays, dayInNewYork } from '../../domain/dates';
import { centsText, dec } from '../../domain/money';
import { indexReturns, timeWeightedReturns } from '../../domain/returns';
import type { Db } from '../../db/open';

export interface HistoryDeps {
  db: Db;
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
 */
export async function portfolioHistory(deps: HistoryDeps, days: number): Promise<{ days: HistoryDay[] }> {
  const today = dayInNewYork(deps.now());
  const from = addDays(today, -days);
  const [snapshots, flows, closes] = await Promise.all([
    deps.db
      .select({ date: portfolioSnapshots.date, value: portfolioSnapshots.netAccountValue })
      .from(portfolioSnapshots)
      .where(gte(portfolioSnapshots.date, from))
      .orderBy(asc(portfolioSnapshots.date)),
    deps.db
      .select({ date: ledgerEntries.bookDate, flow: sql<string>`sum(${ledgerEntries.flow})` })
      .from(ledgerEntries)
      .where(gte(ledgerEntries.bookDate, from))
      .groupBy(ledgerEntries.bookDate),
    deps.db
      .select({ date: dailyCloses.date, close: dailyCloses.close })
      .from(dailyCloses)
      .where(and(eq(dailyCloses.key, '^GSPC'), gte(dailyCloses.date, addDays(from, -10))))
      .orderBy(asc(dailyCloses.date)),
  ]);
  const flowOf = new Map(flows.map((f) => [f.date, centsText(dec(f.flow))]));
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
