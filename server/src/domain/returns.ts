import { dec, fixed, ONE, type Decimal } from './money';

/** One day of the books: the net account value at its close and the new money of that day. */
export interface ValueDay {
  date: string;
  /** Net account value at the day's close, in cents. */
  value: string;
  /** New money in (positive) or out (negative) that day, in cents. */
  flow: string;
}

export interface ReturnDay extends ValueDay {
  /** The day's return in percent (2 decimals); null on the first day or when nothing was invested. */
  dayReturnPct: string | null;
  /** Time-weighted return since the first day, in percent (2 decimals). */
  cumulativeReturnPct: string;
}

/**
 * Time-weighted return, linked daily, so new money is never counted as growth. A day's flows
 * sit at the start of that day: the money is invested from the morning it arrives, so the day's
 * return is close ÷ (previous close + flow) − 1. A day that starts with nothing invested
 * (previous close + flow ≤ 0) has no return and leaves the linked figure as it was.
 */
export function timeWeightedReturns(days: readonly ValueDay[]): ReturnDay[] {
  let growth: Decimal = ONE;
  let previous: Decimal | null = null;
  return days.map((day) => {
    const value = dec(day.value);
    let dayReturn: Decimal | null = null;
    if (previous !== null) {
      const start = previous.plus(dec(day.flow));
      if (start.gt(0)) {
        dayReturn = value.div(start).minus(ONE);
        growth = growth.times(dayReturn.plus(ONE));
      }
    }
    previous = value;
    return {
      ...day,
      dayReturnPct: dayReturn === null ? null : fixed(dayReturn.times(100), 2),
      cumulativeReturnPct: fixed(growth.minus(ONE).times(100), 2),
    };
  });
}

/** An index's change since the first of the given closes, in percent (2 decimals); null before it has one. */
export function indexReturns(closes: readonly (string | null)[]): (string | null)[] {
  const first = closes.find((c): c is string => c !== null);
  if (first === undefined || dec(first).eq(0)) return closes.map(() => null);
  const base = dec(first);
  return closes.map((c) => (c === null ? null : fixed(dec(c).div(base).minus(ONE).times(100), 2)));
}
