import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IRR_ROOT_PLACES, irrRoot, irrRootByBisection, xirr } from '../../src/domain/capital';
import { addDays } from '../../src/domain/dates';
import { dec, fixed } from '../../src/domain/money';

/**
 * decision 0013: the IRR's rate is found in floating point (Newton, bisection where Newton does not
 * settle), rounded half up at 12 places and checked exactly; it must agree with the 40-digit
 * bisection the capital accounts used before, to within a unit of the 12th place.
 */

const flow = (date: string, amount: string) => ({ date, amount: dec(amount) });
const UNIT = dec(10).pow(-IRR_ROOT_PLACES);

/**
 * An LP's flows: contributions paid in, then distributions received, then the value at the end.
 * One change of sign in time, so there is one rate.
 */
const lpFlows = fc
  .record({
    start: fc.integer({ min: 0, max: 3_000 }),
    moves: fc.array(
      fc.record({ day: fc.integer({ min: 0, max: 1_800 }), cents: fc.integer({ min: 1, max: 500_000_000 }), out: fc.boolean() }),
      {
        minLength: 1,
        maxLength: 3,
      },
    ),
    valueDay: fc.integer({ min: 1, max: 3_650 }),
    valueCents: fc.integer({ min: 0, max: 2_000_000_000 }),
  })
  .map(({ start, moves, valueDay, valueCents }) => {
    const first = addDays('2016-01-04', start);
    return [
      ...moves.map((m) =>
        m.out ? flow(addDays(first, 1_801 + m.day), (m.cents / 100).toFixed(2)) : flow(addDays(first, m.day), (-m.cents / 100).toFixed(2)),
      ),
      flow(addDays(first, 3_650 + valueDay), (valueCents / 100).toFixed(2)),
    ];
  });

describe('the IRR found in floating point and checked exactly', () => {
  it('agrees with 40-digit bisection to a unit of the 12th place, and to 4 places as shown', () => {
    fc.assert(
      fc.property(lpFlows, (flows) => {
        const root = irrRoot(flows);
        const exact = irrRootByBisection(flows);
        if (exact === null) return root === null;
        expect(root).not.toBeNull();
        expect(root!.minus(exact).abs().lte(UNIT)).toBe(true);
        expect(xirr(flows)?.toFixed(4)).toBe(fixed(root!, 4));
        return true;
      }),
      { numRuns: 12 },
    );
  });

  it('agrees with bisection where the rate is thousands of percent and the float sums cannot tell a unit of the 12th place', () => {
    // A cent paid in, thousands paid out: about 256,770 % a year (found by the property above, seed -1593169009).
    const flows = [flow('2020-12-09', '2253.12'), flow('2019-05-16', '-0.01'), flow('2026-01-02', '0.1')];
    expect(irrRoot(flows)?.toFixed()).toBe(irrRootByBisection(flows)?.toFixed());
  });

  it('gives the rate at 12 places, half up', () => {
    // 1.1^(365/366) − 1 = 0.0997135859341412…
    expect(irrRoot([flow('2024-01-01', '-1000'), flow('2025-01-01', '1100')])?.toFixed()).toBe('0.099713585934');
    expect(irrRoot([flow('2024-01-01', '-1000'), flow('2025-01-01', '700')])?.toFixed(12)).toBe(
      irrRootByBisection([flow('2024-01-01', '-1000'), flow('2025-01-01', '700')])?.toFixed(12),
    );
  });

  it('finds the rate the exact search finds (or none, as it does) where the flows change sign more than once', () => {
    for (const flows of [
      // Rates of about 10 % and 20 % make this zero, both outside the change of sign the search brackets: none.
      [flow('2021-01-01', '-1000'), flow('2022-01-01', '2300'), flow('2023-01-01', '-1320')],
      [flow('2021-01-01', '-1000'), flow('2022-01-01', '500'), flow('2023-01-01', '-200'), flow('2024-01-01', '1000')],
    ]) {
      const root = irrRoot(flows);
      const exact = irrRootByBisection(flows);
      if (exact === null) expect(root).toBeNull();
      else expect(root!.minus(exact).abs().lte(UNIT)).toBe(true);
    }
  });

  it('finds a rate where Newton from 10 % does not settle (a loss of almost everything)', () => {
    // 0.0005 − 1 = −0.9995 a year.
    const flows = [flow('2021-01-01', '-1000'), flow('2022-01-01', '0.5')];
    const root = irrRoot(flows);
    const exact = irrRootByBisection(flows);
    expect(root?.toFixed()).toBe('-0.9995');
    expect(root!.minus(exact!).abs().lte(UNIT)).toBe(true);
  });
});
