import { describe, expect, it } from 'vitest';
import { seededRandom } from '../support/seeded-random';
import { dec, fixed, ONE, type Decimal } from '../../src/domain/money';
import { indexReturns, rate, RATE_PLACES, timeWeightedReturns, type ValueDay } from '../../src/domain/returns';

/**
 * The rules timeWeightedReturns and indexReturns keep, written with big.js as they were before
 * they were computed in integers: the quotient at 20 places, − 1, rounded at 12; the growth's
 * product rounded at 12; percentages at 2 places, half up.
 */
function linkedByBigJs(days: readonly ValueDay[]) {
  let growth: Decimal = ONE;
  let previous: Decimal | null = null;
  return days.map((day) => {
    const value = dec(day.value);
    let dayReturn: Decimal | null = null;
    if (previous !== null) {
      const start = previous.plus(dec(day.flow));
      if (start.gt(0)) {
        dayReturn = rate(value.div(start).minus(ONE));
        growth = rate(growth.times(dayReturn.plus(ONE)));
      }
    }
    previous = value;
    return {
      ...day,
      dayReturn: dayReturn === null ? null : fixed(dayReturn, RATE_PLACES),
      growth: fixed(growth, RATE_PLACES),
      dayReturnPct: dayReturn === null ? null : fixed(dayReturn.times(100), 2),
      cumulativeReturnPct: fixed(growth.minus(ONE).times(100), 2),
    };
  });
}

const indexByBigJs = (closes: (string | null)[]) => {
  const base = dec(closes.find((c) => c !== null)!);
  return closes.map((c) => (c === null ? null : fixed(dec(c).div(base).minus(ONE).times(100), 2)));
};

const cents = (n: number) => dec(Math.round(n)).div(100).toFixed(2);

describe('time-weighted returns and index changes in integers', () => {
  it('give big.js’s figures on edge days: flat, tiny moves either way, nothing invested, a negative value', () => {
    const days: ValueDay[] = [
      { date: '2026-01-01', value: '1000.00', flow: '0' },
      { date: '2026-01-02', value: '1000.00', flow: '0' },
      { date: '2026-01-03', value: '999.99', flow: '0' },
      { date: '2026-01-04', value: '1000.00', flow: '0' },
      { date: '2026-01-05', value: '0.00', flow: '-1000.00' },
      { date: '2026-01-06', value: '500.00', flow: '500.00' },
      { date: '2026-01-07', value: '-20.00', flow: '0' },
      { date: '2026-01-08', value: '1000000000.01', flow: '1000000000.00' },
      { date: '2026-01-09', value: '1000000000.00', flow: '0' },
    ];
    expect(timeWeightedReturns(days)).toEqual(linkedByBigJs(days));
    const closes = [null, '4000.00', '4000.00', '3999.99', '4000.01', '0.01', '12345.67'];
    expect(indexReturns(closes)).toEqual(indexByBigJs(closes));
  });

  it('give big.js’s figures over 200 random ten-year-like series', () => {
    const next = seededRandom(20261126);
    for (let series = 0; series < 200; series++) {
      let value = 1_000_000 + next() * 1e9;
      const days: ValueDay[] = [];
      const closes: (string | null)[] = [];
      for (let d = 0; d < 60; d++) {
        const flow = next() < 0.1 ? (next() - 0.4) * value * 0.2 : 0;
        value = Math.max(0, value + flow) * (1 + (next() - 0.5) * 0.04 * (next() < 0.05 ? 10 : 1));
        days.push({ date: `d${d}`, value: cents(value), flow: flow === 0 ? '0' : cents(flow) });
        closes.push(next() < 0.1 ? null : cents((3000 + next() * 2000) * 100));
      }
      expect(timeWeightedReturns(days)).toEqual(linkedByBigJs(days));
      if (closes.some((c) => c !== null && !dec(c).eq(0))) expect(indexReturns(closes)).toEqual(indexByBigJs(closes));
    }
  });
});
