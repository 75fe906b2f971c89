import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { dec, sum } from '../../src/domain/money';
import { valuePortfolio, type LotInput, type PortfolioInput, type PrivateAssetInput } from '../../src/domain/valuation';

/**
 * Every expected figure below was worked out by hand and checked with Python's decimal module
 * (ROUND_HALF_UP), never by the engine itself.
 */
const lot = (l: Partial<LotInput> & Pick<LotInput, 'id' | 'symbol' | 'qty' | 'pricePaid' | 'costBasis' | 'purchaseDate'>): LotInput => ({
  assetType: 'stock',
  exchange: 'NASDAQ',
  ...l,
});
const asset = (
  a: Partial<PrivateAssetInput> & Pick<PrivateAssetInput, 'id' | 'qty' | 'pricePaid' | 'lastPriceAtDate'>,
): PrivateAssetInput => ({
  dividendDollar: '0',
  dividendPct: '0',
  totalRentalIncome: '0',
  monthlyRentalIncome: '0',
  ...a,
});

const FIXTURE: PortfolioInput = {
  lots: [
    // Listed out of order on purpose: positions come by symbol, lots oldest first.
    lot({ id: 3, symbol: 'AAPL', qty: '5', pricePaid: '160.10', costBasis: '800.50', purchaseDate: '2025-03-01' }),
    lot({
      id: 1,
      symbol: 'BTC',
      assetType: 'crypto',
      exchange: null,
      qty: '0.5',
      pricePaid: '40000.13',
      costBasis: '20000.07',
      purchaseDate: '2024-06-01',
    }),
    lot({ id: 2, symbol: 'AAPL', qty: '10', pricePaid: '150.25', costBasis: '1502.50', purchaseDate: '2025-01-02' }),
    lot({ id: 4, symbol: 'MSFT', qty: '3', pricePaid: '400.005', costBasis: '1200.02', purchaseDate: '2025-02-01' }),
  ],
  quotes: new Map([
    ['AAPL', { lastPrice: '190.015', change: '1.005' }],
    // Half a cent either way: 0.5 × 64168.99 = 32084.495 and 0.5 × −0.01 = −0.005.
    ['BTC-USD', { lastPrice: '64168.99', change: '-0.01' }],
  ]),
  ventures: [
    asset({ id: 10, qty: '100', pricePaid: '10.005', lastPriceAtDate: '12.125', dividendDollar: '50.00', dividendPct: '2.5' }),
    asset({ id: 11, qty: '1', pricePaid: '250000', lastPriceAtDate: '300000' }),
  ],
  properties: [
    asset({
      id: 20,
      qty: '1',
      pricePaid: '1000000',
      lastPriceAtDate: '1250000',
      totalRentalIncome: '36000.50',
      monthlyRentalIncome: '3000.04',
    }),
  ],
  balances: { cashAvailable: '425000.00', marginDebit: '10000.00', accountsReceivable: '5000.00' },
  realized: { yearToDate: '48140.805', allTime: '-12.5' },
};

describe('the valuation of a fixture portfolio', () => {
  const v = valuePortfolio(FIXTURE);

  it('rounds each lot to cents once, half up, and groups lots by symbol oldest first', () => {
    expect(v.positions.map((p) => p.symbol)).toEqual(['AAPL', 'BTC', 'MSFT']);
    const [aapl, btc, msft] = v.positions;
    expect(aapl?.lots).toEqual([
      {
        id: 2,
        qty: '10',
        pricePaid: '150.25',
        purchaseDate: '2025-01-02',
        cost: '1502.50',
        value: '1900.15',
        dayGain: '10.05',
        gain: '397.65',
        gainPct: '26.47',
        pctOfPortfolio: '5.26',
      },
      {
        id: 3,
        qty: '5',
        pricePaid: '160.1',
        purchaseDate: '2025-03-01',
        cost: '800.50',
        value: '950.08',
        dayGain: '5.03',
        gain: '149.58',
        gainPct: '18.69',
        pctOfPortfolio: '2.63',
      },
    ]);
    expect(btc?.lots[0]).toMatchObject({ value: '32084.50', dayGain: '-0.01', gain: '12084.43', gainPct: '60.42' });
    // No quote yet: valued at cost, no gain.
    expect(msft).toMatchObject({ priced: false, value: '1200.02', cost: '1200.02', gain: '0.00', dayGain: '0.00', gainPct: '0.00' });
  });

  it('sums the lots into positions, with the average price paid and the share of the portfolio', () => {
    expect(v.positions[0]).toMatchObject({
      symbol: 'AAPL',
      priced: true,
      qty: '15',
      avgPricePaid: '153.53333333',
      cost: '2303.00',
      value: '2850.23',
      dayGain: '15.08',
      gain: '547.23',
      gainPct: '23.76',
      pctOfPortfolio: '7.89',
    });
    expect(v.positions.map((p) => p.pctOfPortfolio)).toEqual(['7.89', '88.79', '3.32']);
  });

  it('totals every part, the net account value and the unrealized gains', () => {
    expect(v.totals).toEqual({
      liquidCost: '23503.09',
      liquidValue: '36134.75',
      liquidGain: '12631.66',
      liquidGainPct: '53.74',
      // 36134.75 + 425000.00 + 5000.00 − 10000.00
      liquidTableTotal: '456134.75',
      dayGain: '15.07',
      ventureCost: '251000.50',
      ventureValue: '301212.50',
      ventureGain: '50212.00',
      ventureGainPct: '20.00',
      ventureDividendDollar: '50.00',
      ventureDividendPct: '0.01',
      realEstateCost: '1000000.00',
      realEstateValue: '1250000.00',
      totalRentalIncome: '36000.50',
      realEstateTotalValue: '1286000.50',
      realEstateGain: '286000.50',
      realEstateGainPct: '28.60',
      monthlyRentalIncome: '3000.04',
      annualRentalIncome: '36000.48',
      cashAvailable: '425000.00',
      marginDebit: '10000.00',
      accountsReceivable: '5000.00',
      netAccountValue: '2038347.75',
      totalUnrealizedGain: '348844.16',
      realizedGainYearToDate: '48140.81',
      realizedGainAllTime: '-12.50',
      dividendIncomeYearToDate: '0.00',
      dividendIncomeAllTime: '0.00',
      dividendTaxYearToDate: '0.00',
      dividendTaxAllTime: '0.00',
    });
    expect(v.ventures).toEqual([
      { id: 10, cost: '1000.50', value: '1212.50', totalValue: '1212.50', gain: '212.00', gainPct: '21.19' },
      { id: 11, cost: '250000.00', value: '300000.00', totalValue: '300000.00', gain: '50000.00', gainPct: '20.00' },
    ]);
    expect(v.properties).toEqual([
      { id: 20, cost: '1000000.00', value: '1250000.00', totalValue: '1286000.50', gain: '286000.50', gainPct: '28.60' },
    ]);
  });

  it('answers null percentages where nothing was paid, and an empty portfolio at zero', () => {
    const empty = valuePortfolio({
      ...FIXTURE,
      lots: [],
      ventures: [],
      properties: [],
      balances: { cashAvailable: '0', marginDebit: '0', accountsReceivable: '0' },
    });
    expect(empty.positions).toEqual([]);
    expect(empty.totals).toMatchObject({
      netAccountValue: '0.00',
      ventureGainPct: null,
      ventureDividendPct: null,
      realEstateGainPct: null,
    });
    const gift = valuePortfolio({
      ...FIXTURE,
      lots: [lot({ id: 9, symbol: 'AAPL', qty: '1', pricePaid: '0', costBasis: '0', purchaseDate: '2025-01-01' })],
    });
    expect(gift.positions[0]).toMatchObject({ cost: '0.00', value: '190.02', gainPct: null, pctOfPortfolio: '100.00' });
  });
});

describe('valuation invariants over random portfolios', () => {
  const decimalText = (maxWhole: number, places: number) =>
    fc
      .tuple(fc.integer({ min: 0, max: maxWhole }), fc.integer({ min: 0, max: 10 ** places - 1 }))
      .map(([w, f]) => `${w}.${String(f).padStart(places, '0')}`);
  const lotArb = fc.record({
    symbol: fc.constantFrom('AAA', 'BBB', 'CCC', 'DDD'),
    qty: decimalText(100_000, 8).filter((q) => dec(q).gt(0)),
    pricePaid: decimalText(1_000_000, 8),
    purchaseDate: fc.constantFrom('2024-01-02', '2024-06-30', '2025-01-02'),
  });
  const portfolioArb = fc.record({
    lots: fc.array(lotArb, { maxLength: 30 }),
    prices: fc.record({ AAA: decimalText(1_000_000, 8), BBB: decimalText(1_000, 8), CCC: decimalText(10, 8) }),
    cash: decimalText(1_000_000_000, 2),
  });

  it('parts always add up to their totals, to the cent', () => {
    fc.assert(
      fc.property(portfolioArb, ({ lots, prices, cash }) => {
        const input: PortfolioInput = {
          ...FIXTURE,
          lots: lots.map((l, i) => lot({ id: i + 1, ...l, costBasis: dec(l.qty).times(dec(l.pricePaid)).round(2, 1).toFixed(2) })),
          quotes: new Map(Object.entries(prices).map(([k, p]) => [k, { lastPrice: p, change: '0.01' }])),
          balances: { ...FIXTURE.balances, cashAvailable: cash },
        };
        const v = valuePortfolio(input);
        for (const p of v.positions) {
          expect(sum(p.lots.map((l) => dec(l.value))).eq(dec(p.value))).toBe(true);
          expect(sum(p.lots.map((l) => dec(l.cost))).eq(dec(p.cost))).toBe(true);
          expect(dec(p.value).minus(dec(p.cost)).eq(dec(p.gain))).toBe(true);
        }
        const t = v.totals;
        expect(sum(v.positions.map((p) => dec(p.value))).eq(dec(t.liquidValue))).toBe(true);
        expect(sum(v.positions.map((p) => dec(p.dayGain))).eq(dec(t.dayGain))).toBe(true);
        const parts = dec(t.liquidValue).plus(dec(t.ventureValue)).plus(dec(t.realEstateValue)).plus(dec(t.totalRentalIncome));
        expect(parts.plus(dec(t.cashAvailable)).minus(dec(t.marginDebit)).eq(dec(t.netAccountValue))).toBe(true);
        expect(dec(t.liquidGain).plus(dec(t.ventureGain)).plus(dec(t.realEstateGain)).eq(dec(t.totalUnrealizedGain))).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
