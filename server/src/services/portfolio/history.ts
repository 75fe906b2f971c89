import { centsText, dec } from '../../domain/money';
import { indexReturns, timeWeightedReturns } from '../../domain/returns';
import { yieldToLoop } from '../../platform/yield';
import { derivedAnswer } from './derived';
import { readValueDays, type ValueDaysDeps } from './value-days';

export type HistoryDeps = ValueDaysDeps & { now: () => Date };

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
export function portfolioHistory(deps: HistoryDeps, days: number): Promise<{ days: HistoryDay[] }> {
  // Computed once per version of the books and length asked (decision 0014).
  return derivedAnswer(deps, `history|${days}`, () => computeHistory(deps, days));
}

async function computeHistory(deps: HistoryDeps, days: number): Promise<{ days: HistoryDay[] }> {
  const read = await readValueDays(deps, days);
  // Ten years of days are some 20 ms per step on a slow machine: a turn of the event loop between them.
  await yieldToLoop();
  const linked = timeWeightedReturns(read.days);
  await yieldToLoop();
  const index = indexReturns(read.sp500);
  await yieldToLoop();
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
