import { describe, expect, it } from 'vitest';
import {
  annualFromMonthly,
  daysGain,
  gainPct,
  groupBySymbol,
  liquidValue,
  marketCapBillions,
  netAccountParts,
  netAccountValue,
  pctOfPortfolio,
  totalUnrealizedGains,
  valueWeightedPct,
  type LotFigures,
} from '../../src/domain/portfolio-math';

const lot = (over: Partial<LotFigures>): LotFigures => ({
  symbol: 'AAPL',
  qty: 10,
  pricePaid: 100,
  purchaseDate: '2025-01-01',
  lastPrice: 120,
  change: 2,
  ...over,
});

/** SPEC §3's derived figures, checked against sums done by hand. */
describe('portfolio math', () => {
  const lots = [
    lot({ qty: 10, pricePaid: 100, purchaseDate: '2025-03-01' }),
    lot({ qty: 30, pricePaid: 140, purchaseDate: '2024-06-01' }),
    lot({ symbol: 'BTC', qty: 0.5, pricePaid: 40000, lastPrice: 60000, change: -1000, purchaseDate: '2024-01-10' }),
  ];

  it('groups lots by symbol, oldest lot first, with average price paid = cost / qty', () => {
    const [aapl, btc] = groupBySymbol(lots);
    expect(aapl?.lots.map((l) => l.purchaseDate)).toEqual(['2024-06-01', '2025-03-01']);
    // cost 10×100 + 30×140 = 5200 over 40 shares = 130; value 40 × 120 = 4800
    expect(aapl).toMatchObject({ qty: 40, totalCost: 5200, avgPricePaid: 130, value: 4800, totalGain: -400, dayGain: 80 });
    expect(aapl?.totalGainPct).toBeCloseTo((-400 / 5200) * 100, 10);
    expect(btc).toMatchObject({ qty: 0.5, totalCost: 20000, value: 30000, totalGain: 10000, totalGainPct: 50, dayGain: -500 });
  });

  it('sums value and day gains: day gain = Σ change × qty', () => {
    expect(liquidValue(lots)).toBe(34800);
    expect(daysGain(lots)).toBe(80 - 500);
  });

  it('values a lot without a quote at cost', () => {
    expect(liquidValue([lot({ lastPrice: null, change: null })])).toBe(1000);
    expect(daysGain([lot({ lastPrice: null, change: null })])).toBe(0);
  });

  it('computes gain %, % of portfolio, market cap in billions and annual rent', () => {
    expect(gainPct(50, 200)).toBe(25);
    expect(gainPct(50, 0)).toBe(0);
    expect(pctOfPortfolio(4800, 34800)).toBeCloseTo(13.7931, 4);
    expect(pctOfPortfolio(1, 0)).toBe(0);
    expect(marketCapBillions(2_500_000)).toBe(2500);
    expect(marketCapBillions(null)).toBeNull();
    expect(annualFromMonthly(4600 + 5500)).toBe(121200);
  });

  it('weights the venture dividend % by value', () => {
    // (100000 × 4 + 300000 × 0) / 400000 = 1
    expect(valueWeightedPct([{ value: 100000, pct: 4 }, { value: 300000, pct: 0 }])).toBe(1);
    expect(valueWeightedPct([])).toBe(0);
  });

  it('adds up the net account value and the total unrealized gains', () => {
    expect(
      netAccountValue({ liquidValue: 34800, ventureValue: 50000, realEstateValue: 700000, totalRentalIncome: 90000, cashAvailable: 25000, marginDebit: 10000 }),
    ).toBe(889800);
    const ventures = [{ qty: 1000, pricePaid: 4, lastPrice: 6.5 }];
    const properties = [{ qty: 1, pricePaid: 600000, lastPrice: 700000, totalRentalIncome: 90000 }];
    // liquid -400 + 10000, venture +2500, property +100000 + 90000 rent
    expect(totalUnrealizedGains(lots, ventures, properties)).toBe(9600 + 2500 + 190000);
  });
});

describe('net account parts', () => {
  it('gathers the parts from lots, private assets and balances', () => {
    const parts = netAccountParts(
      [lot({ qty: 2, lastPrice: 50 }), lot({ symbol: 'X', qty: 1, pricePaid: 10, lastPrice: null })],
      [{ qty: 100, pricePaid: 1, lastPrice: 2 }],
      [{ qty: 1, pricePaid: 500, lastPrice: 600, totalRentalIncome: 40 }],
      { cashAvailable: 30, marginDebit: 20 },
    );
    // liquid 2×50 + 1×10 (at cost, no quote) = 110; venture 200; property 600 + 40 rent
    expect(parts).toEqual({ liquidValue: 110, ventureValue: 200, realEstateValue: 600, totalRentalIncome: 40, cashAvailable: 30, marginDebit: 20 });
    expect(netAccountValue(parts)).toBe(110 + 200 + 600 + 40 + 30 - 20);
  });
});
