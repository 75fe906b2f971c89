import { describe, expect, it } from 'vitest';
import {
  fewestUnitsFrom,
  multiples,
  provisionalBooks,
  quarterDays,
  startUnits,
  unitsFor,
  unitValue,
  valueOfUnits,
  xirr,
} from '../../src/domain/capital';
import { dec } from '../../src/domain/money';

const flow = (date: string, amount: string) => ({ date, amount: dec(amount) });

describe('capital accounts: pure rules', () => {
  it('starts the GP side at 1,000.00 a unit and prices units to 8 places, half up', () => {
    expect(startUnits(dec('5000000.00')).toFixed()).toBe('5000');
    expect(startUnits(dec('1234.56789')).toFixed()).toBe('1.23456789');
    // 250,000 × 5,400 ÷ 5,600,000 = 241.071428571428…
    expect(unitsFor(dec('250000'), dec('5600000'), dec('5400')).toFixed()).toBe('241.07142857');
    // A half rounds up: 0.000000125 → 0.00000013
    expect(unitsFor(dec('0.000000125'), dec('1'), dec('1')).toFixed()).toBe('0.00000013');
    expect(unitValue(dec('5600000'), dec('5400'))?.toFixed()).toBe('1037.03703704');
    expect(unitValue(dec('1'), dec('0'))).toBeNull();
    // 100 of 300 units of 1,000.005: 333.335 → 333.34
    expect(valueOfUnits(dec('100'), dec('1000.005'), dec('300')).toFixed(2)).toBe('333.34');
  });

  it('gives DPI, RVPI and TVPI to 4 places, none before a contribution', () => {
    expect(multiples(dec('350000'), dec('80000'), dec('335770.71'))).toEqual({ dpi: '0.2286', rvpi: '0.9593', tvpi: '1.1879' });
    expect(multiples(dec('0'), dec('0'), dec('0'))).toEqual({ dpi: null, rvpi: null, tvpi: null });
  });

  it('finds the XIRR of dated flows (by hand: 1.1^(365/366) − 1 and 1.21^(365/731) − 1)', () => {
    // 2024 is a leap year: 366 days. 1.1^(365/366) − 1 = 0.09972…
    expect(xirr([flow('2024-01-01', '-1000'), flow('2025-01-01', '1100')])?.toFixed()).toBe('0.0997');
    // 731 days: 1.21^(365/731) − 1 = 0.09986…
    expect(xirr([flow('2023-01-01', '-1000'), flow('2025-01-01', '1210')])?.toFixed()).toBe('0.0999');
    // A loss: 0.7^(365/366) − 1 = −0.29932…
    expect(xirr([flow('2024-01-01', '-1000'), flow('2025-01-01', '700')])?.toFixed()).toBe('-0.2993');
  });

  it('has no IRR for flows of one sign or all on one day', () => {
    expect(xirr([])).toBeNull();
    expect(xirr([flow('2024-01-01', '-1000'), flow('2024-06-01', '-10')])).toBeNull();
    expect(xirr([flow('2024-01-01', '-1000'), flow('2024-01-01', '1000')])).toBeNull();
  });

  it('reads quarters', () => {
    expect(quarterDays('2024-Q1')).toEqual({ first: '2024-01-01', last: '2024-03-31' });
    expect(quarterDays('2026-Q3')).toEqual({ first: '2026-07-01', last: '2026-09-30' });
    expect(quarterDays('2024-Q4')).toEqual({ first: '2024-10-01', last: '2024-12-31' });
    expect(quarterDays('2024-Q5')).toBeNull();
  });

  it('finds the fewest units an account holds on any day from a date on', () => {
    const moves = [
      { date: '2026-10-27', units: dec('100') },
      { date: '2026-11-26', units: dec('-98.99999267') },
      { date: '2026-12-01', units: dec('5') },
    ];
    // Held on its own day: 100 units; but only 1.00000733 from 2026-11-26 on.
    expect(fewestUnitsFrom(moves, '2026-11-06')).toEqual({ units: dec('1.00000733'), date: '2026-11-26' });
    expect(fewestUnitsFrom(moves, '2026-12-02')).toEqual({ units: dec('6.00000733'), date: '2026-12-02' });
    expect(fewestUnitsFrom(moves, '2026-10-01')).toEqual({ units: dec('0'), date: '2026-10-01' });
    expect(fewestUnitsFrom([], '2026-10-01')).toEqual({ units: dec('0'), date: '2026-10-01' });
  });

  it('marks the days whose snapshot lacks a back-dated entry’s cash, and units priced from them', () => {
    const at = (iso: string) => new Date(iso);
    const snapshots = ['2026-10-01', '2026-10-02', '2026-10-05'].map((date) => ({ date, takenAt: at(`${date}T21:00:00Z`) }));
    // Dated Oct 1, recorded Oct 3: the snapshots of Oct 1 and 2 lack its cash; Oct 5's has it.
    const first = { id: 1, date: '2026-10-01', recordedAt: at('2026-10-03T15:00:00Z'), pricedFromSnapshot: true };
    // Dated Oct 2, recorded after it: priced from Oct 2's snapshot, which lacked the first one's cash.
    const second = { id: 2, date: '2026-10-02', recordedAt: at('2026-10-03T16:00:00Z'), pricedFromSnapshot: true };
    const books = provisionalBooks([first, second], snapshots, '2026-10-06');
    expect(['2026-09-30', '2026-10-01', '2026-10-02', '2026-10-03', '2026-10-05', '2026-10-06'].map(books.isStale)).toEqual([
      false,
      true,
      true,
      // The weekend is valued by Oct 2's snapshot; today by the engine.
      true,
      false,
      false,
    ]);
    expect([...books.mispriced]).toEqual([2]);
    expect([books.firstStale, books.firstMispriced]).toEqual(['2026-10-01', '2026-10-02']);
    // Recorded the other way round, the later-dated one was priced consistently: nothing mispriced.
    expect(provisionalBooks([{ ...first, recordedAt: at('2026-10-03T17:00:00Z') }, second], snapshots, '2026-10-06').mispriced.size).toBe(
      0,
    );
  });
});
