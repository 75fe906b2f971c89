import type { LedgerKind } from '../contract/ledger';
import { dec, divideHalfUp, HALF_UP, hundredthsText, percentText, quotient20, scaledText, type Decimal } from './money';

/**
 * Growth factors and rates (a day's return, the linked growth, drawdown, volatility, beta) are
 * kept to 12 decimal places, rounded half up at each step (docs/decisions/0012-returns.md): exact
 * enough for any figure shown, and their digits do not grow with every day linked.
 */
export const RATE_PLACES = 12;
const RATE_ONE = BigInt(10) ** BigInt(RATE_PLACES);
const QUOTIENT_ONE = BigInt(10) ** BigInt(20);
/** From 20 places to 12. */
const TO_RATE = BigInt(10) ** BigInt(8);
/** A rate at 12 places to hundredths of a percent. */
const RATE_TO_HUNDREDTHS = BigInt(10) ** BigInt(8);

/** A growth factor or rate at 12 places, half up. */
export function rate(value: Decimal): Decimal {
  return value.round(RATE_PLACES, HALF_UP);
}

/**
 * The ledger kinds whose new money (`flow`) comes from outside the books: deposits and withdrawals
 * (capital contributions and distributions move cash through them), and the records of value
 * brought in or taken out without cash (a purchase made elsewhere, an unsettled sale, a
 * correction, a balance edit, a private asset). Nothing else is external: income and expenses
 * (dividends, interest, fees) and corporate actions are the portfolio's own return.
 */
const EXTERNAL_FLOW_KINDS = [
  'deposit',
  'withdrawal',
  'buy',
  'sell',
  'correction',
  'balances',
  'asset',
] as const satisfies readonly LedgerKind[];

/**
 * Whether a ledger entry's flow is new money for the returns (time- and money-weighted alike).
 * The one selection: a kind not listed here, such as one added later, is never external.
 */
export function isExternalFlow(kind: string): boolean {
  return (EXTERNAL_FLOW_KINDS as readonly string[]).includes(kind);
}

/** The kinds `isExternalFlow` accepts, for a query that sums their flows. */
export function externalFlowKinds(): LedgerKind[] {
  return [...EXTERNAL_FLOW_KINDS];
}

/** One day of the books: the net account value at its close and the new money of that day. */
export interface ValueDay {
  date: string;
  /** Net account value at the day's close, in cents. */
  value: string;
  /** New money in (positive) or out (negative) that day, in cents. */
  flow: string;
}

export interface ReturnDay extends ValueDay {
  /** The day's return as a fraction (12 places); null on the first day or when nothing was invested. */
  dayReturn: string | null;
  /** The linked growth factor since the first day (12 places): 1.05 is +5 %. */
  growth: string;
  /** The day's return in percent (2 decimals); null on the first day or when nothing was invested. */
  dayReturnPct: string | null;
  /** Time-weighted return since the first day, in percent (2 decimals). */
  cumulativeReturnPct: string;
}

/**
 * Time-weighted return, linked daily, so new money is never counted as growth. A day's flows
 * sit at the start of that day: the money is invested from the morning it arrives, so the day's
 * return is close ÷ (previous close + flow) − 1. A day that starts with nothing invested
 * (previous close + flow ≤ 0) has no return and leaves the linked figure as it was. The day's
 * return and the linked growth are each rounded to 12 places as they are made.
 */
export function timeWeightedReturns(days: readonly ValueDay[]): ReturnDay[] {
  // In integers × 10^12 (× 10^20 for a quotient before its rounding): the same figures as big.js's
  // division at 20 places, − 1, rounded at 12, and the growth's product rounded at 12, at a tenth
  // of the cost over ten years of days (a test compares them with the big.js rule).
  let growth = RATE_ONE;
  let previous: Decimal | null = null;
  return days.map((day) => {
    const value = dec(day.value);
    let dayReturn: bigint | null = null;
    if (previous !== null) {
      const start = previous.plus(dec(day.flow));
      if (start.gt(0)) {
        dayReturn = divideHalfUp(quotient20(value, start) - QUOTIENT_ONE, TO_RATE);
        growth = divideHalfUp(growth * (RATE_ONE + dayReturn), RATE_ONE);
      }
    }
    previous = value;
    return {
      ...day,
      dayReturn: dayReturn === null ? null : scaledText(dayReturn, RATE_PLACES),
      growth: scaledText(growth, RATE_PLACES),
      // A rate rounded to zero at 12 places shows as "0.00" (big.js's round leaves no sign).
      dayReturnPct: dayReturn === null ? null : hundredthsText(dayReturn, RATE_TO_HUNDREDTHS, true),
      cumulativeReturnPct: hundredthsText(growth - RATE_ONE, RATE_TO_HUNDREDTHS, true),
    };
  });
}

/** An index's change since the first of the given closes, in percent (2 decimals); null before it has one. */
export function indexReturns(closes: readonly (string | null)[]): (string | null)[] {
  const first = closes.find((c): c is string => c !== null);
  if (first === undefined || dec(first).eq(0)) return closes.map(() => null);
  const base = dec(first);
  // close ÷ base − 1 at 20 places is (close − base) ÷ base at 20 places: they differ by exactly 1.
  return closes.map((c) => (c === null ? null : percentText(dec(c).minus(base), base)));
}
