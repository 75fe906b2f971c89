import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { costBasisOf, sellFifo, type OpenLot } from '../../src/domain/fifo';
import { dec, sum, toCents } from '../../src/domain/money';
import { indexReturns, timeWeightedReturns } from '../../src/domain/returns';

const open = (id: number, purchaseDate: string, qty: string, costBasis: string): OpenLot => ({
  id,
  purchaseDate,
  qty: dec(qty),
  costBasis: dec(costBasis),
});
const text = (sale: ReturnType<typeof sellFifo>) =>
  sale && {
    proceeds: sale.proceeds.toFixed(2),
    cost: sale.cost.toFixed(2),
    realizedGain: sale.realizedGain.toFixed(2),
    takes: sale.takes.map((t) => [t.lotId, t.qty.toFixed(), t.cost.toFixed(2), t.remainingQty.toFixed(), t.remainingCost.toFixed(2)]),
  };

describe('selling first in, first out', () => {
  // 100 @ 150.25 (2025-01-02), 50 @ 160.10 (2025-03-01), 30 @ 170.333 (2025-03-01, recorded later).
  const lots = [open(7, '2025-03-01', '30', '5110.00'), open(3, '2025-01-02', '100', '15025.00'), open(5, '2025-03-01', '50', '8005.00')];

  it('takes the oldest lot whole, then part of the next, keeping the rest of its basis exactly', () => {
    // 160 @ 300.88: proceeds 48140.80; lot 3 whole (15025.00), lot 5 whole (8005.00), then 10 of lot 7's 30.
    expect(text(sellFifo(lots, dec('160'), dec('300.88')))).toEqual({
      proceeds: '48140.80',
      cost: '24733.33',
      realizedGain: '23407.47',
      takes: [
        ['3', '100', '15025.00', '0', '0.00'],
        ['5', '50', '8005.00', '0', '0.00'],
        // 5110.00 × 10 ÷ 30 = 1703.333… → 1703.33; 3406.67 stays.
        ['7', '10', '1703.33', '20', '3406.67'],
      ].map(([id, ...rest]) => [Number(id), ...rest]),
    });
  });

  it('splits one lot when the sale is smaller than it, and refuses to sell more than is held', () => {
    expect(text(sellFifo(lots, dec('0.5'), dec('149.999')))).toEqual({
      // 0.5 × 149.999 = 74.9995 → 75.00; basis 15025.00 × 0.5 ÷ 100 = 75.125 → 75.13.
      proceeds: '75.00',
      cost: '75.13',
      realizedGain: '-0.13',
      takes: [[3, '0.5', '75.13', '99.5', '14949.87']],
    });
    expect(sellFifo(lots, dec('180.00000001'), dec('1'))).toBeNull();
    expect(sellFifo(lots, dec('0'), dec('1'))).toBeNull();
    expect(sellFifo([], dec('1'), dec('1'))).toBeNull();
  });

  it('prices a new lot at cents, half up', () => {
    expect(costBasisOf('0.5', '40000.13').toFixed(2)).toBe('20000.07');
    expect(costBasisOf('1234567890.12345678', '0.00000001').toFixed(2)).toBe('12.35');
  });

  it('proceeds − cost of everything bought = realized + unrealized gain, for any ledger', () => {
    const amount = (max: number, places: number) =>
      fc
        .tuple(fc.integer({ min: 0, max }), fc.integer({ min: 0, max: 10 ** places - 1 }))
        .map(([w, f]) => dec(`${w}.${String(f).padStart(places, '0')}`));
    const step = fc.oneof(
      fc.record({
        kind: fc.constant('buy' as const),
        qty: amount(1000, 8),
        price: amount(100_000, 8),
        date: fc.integer({ min: 1, max: 28 }),
      }),
      fc.record({ kind: fc.constant('sell' as const), share: fc.double({ min: 0.01, max: 1, noNaN: true }), price: amount(100_000, 8) }),
    );
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), amount(100_000, 8), (steps, marketPrice) => {
        let lots: OpenLot[] = [];
        let nextId = 1;
        let bought = dec(0);
        let proceeds = dec(0);
        let realized = dec(0);
        for (const s of steps) {
          if (s.kind === 'buy') {
            if (s.qty.eq(0)) continue;
            const basis = costBasisOf(s.qty, s.price);
            bought = bought.plus(basis);
            lots.push({ id: nextId++, purchaseDate: `2025-01-${String(s.date).padStart(2, '0')}`, qty: s.qty, costBasis: basis });
            continue;
          }
          const held = sum(lots.map((l) => l.qty));
          const qty = held.times(s.share.toFixed(6)).round(8, 0);
          const sale = sellFifo(lots, qty, s.price);
          if (!sale) continue;
          proceeds = proceeds.plus(sale.proceeds);
          realized = realized.plus(sale.realizedGain);
          const after = new Map(sale.takes.map((t) => [t.lotId, t]));
          lots = lots.flatMap((l) => {
            const t = after.get(l.id);
            if (!t) return [l];
            expect(t.remainingCost.gte(0)).toBe(true);
            return t.remainingQty.eq(0) ? [] : [{ ...l, qty: t.remainingQty, costBasis: t.remainingCost }];
          });
        }
        const remainingValue = sum(lots.map((l) => toCents(l.qty.times(marketPrice))));
        const unrealized = remainingValue.minus(sum(lots.map((l) => l.costBasis)));
        expect(proceeds.plus(remainingValue).minus(bought).eq(realized.plus(unrealized))).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

describe('time-weighted returns', () => {
  it('links daily returns and leaves new money out: a deposit in the middle of the period', () => {
    const days = timeWeightedReturns([
      { date: '2026-01-05', value: '1000.00', flow: '0' },
      { date: '2026-01-06', value: '1100.00', flow: '0' },
      // 1000.00 arrives in the morning: 2200 ÷ (1100 + 1000) − 1 = 4.7619…%.
      { date: '2026-01-07', value: '2200.00', flow: '1000.00' },
      { date: '2026-01-08', value: '2090.00', flow: '0' },
    ]);
    expect(days.map((d) => [d.dayReturnPct, d.cumulativeReturnPct])).toEqual([
      [null, '0.00'],
      ['10.00', '10.00'],
      ['4.76', '15.24'],
      // 1.1 × 2200/2100 × 0.95 − 1 = 9.476…%.
      ['-5.00', '9.48'],
    ]);
  });

  it('counts a property bought with new money as no growth at all', () => {
    const days = timeWeightedReturns([
      { date: '2026-01-05', value: '2624349.00', flow: '0' },
      { date: '2026-01-06', value: '3874349.00', flow: '1250000.00' },
    ]);
    expect(days[1]?.cumulativeReturnPct).toBe('0.00');
  });

  it('skips a day that starts with nothing invested', () => {
    const days = timeWeightedReturns([
      { date: '2026-01-05', value: '0.00', flow: '0' },
      { date: '2026-01-06', value: '500.00', flow: '500.00' },
      { date: '2026-01-07', value: '550.00', flow: '0' },
    ]);
    expect(days.map((d) => d.cumulativeReturnPct)).toEqual(['0.00', '0.00', '10.00']);
    expect(days[1]?.dayReturnPct).toBe('0.00');
  });

  it('gives an index its change since the first close it has', () => {
    expect(indexReturns([null, '5000', '5050', null, '4950'])).toEqual([null, '0.00', '1.00', null, '-1.00']);
    expect(indexReturns([null, null])).toEqual([null, null]);
  });
});
