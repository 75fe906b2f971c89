import type { Holding, RealEstateAsset, VentureAsset } from '../pages/dashboard/portfolio-types';

/** A small portfolio for the dashboard tests; figures chosen so totals are easy to check by hand. */
const quote = {
  change: 2,
  changePct: 1,
  dividendYield: 0.5,
  marketCap: 3_000_000,
  oneMonthPerf: 4.2,
  peRatio: 30,
  quoteSource: 'simulated' as const,
  quoteAsOf: '2026-03-02T15:00:00.000Z',
  quoteStale: false,
};

export function holdingsFixture(): Holding[] {
  return [
    { id: 1, symbol: 'AAPL', qty: 10, price_paid: 100, purchase_date: '2025-03-01', asset_type: 'stock', exchange: 'NASDAQ', ...quote, lastPrice: 120 },
    { id: 2, symbol: 'AAPL', qty: 30, price_paid: 140, purchase_date: '2024-06-01', asset_type: 'stock', exchange: 'NASDAQ', ...quote, lastPrice: 120 },
    {
      id: 3,
      symbol: 'BTC',
      qty: 0.5,
      price_paid: 40000,
      purchase_date: '2024-01-10',
      asset_type: 'crypto',
      exchange: null,
      ...quote,
      lastPrice: 60000,
      change: -1000,
      changePct: -1.6,
      dividendYield: null,
      marketCap: null,
      peRatio: null,
    },
    { id: 4, symbol: 'KO', qty: 100, price_paid: 58, purchase_date: '2024-02-01', asset_type: 'stock', exchange: 'NYSE', ...quote, lastPrice: 60, change: 0.5 },
  ];
}

export function venturesFixture(): VentureAsset[] {
  return [
    {
      id: 11,
      name: 'Northwind Robotics',
      description: '',
      purchase_date: '2024-05-01',
      qty: 1000,
      price_paid: 4,
      last_price_at_date: 6.5,
      last_price_date: '2026-01-31',
      value: 6500,
      dividend_dollar: 0,
      dividend_pct: 0,
    },
  ];
}

export function propertiesFixture(): RealEstateAsset[] {
  return [
    {
      id: 21,
      name: 'Maple Street Duplex',
      description: '',
      purchase_date: '2023-01-01',
      qty: 1,
      price_paid: 600000,
      last_price_at_date: 700000,
      last_price_date: '2026-01-01',
      value: 700000,
      total_rental_income: 90000,
      monthly_rental_income: 4600,
      annual_rental_income_pct: 7.8,
    },
  ];
}

export const BALANCES = { cash_available: 25000, margin_debit: 10000, accounts_receivable: 5000 };

/** Handlers for every read the dashboards make; tests add or override the writes. */
export function dashboardReads(overrides: Record<string, (input: unknown) => unknown> = {}): Record<string, (input: unknown) => unknown> {
  return {
    'portfolio.holdings': () => holdingsFixture(),
    'portfolio.predictions': () => [{ ticker: 'AAPL', prediction: 121.5 }],
    'portfolio.balances': () => BALANCES,
    'portfolio.marketSummary': () => [
      { name: 'S&P 500', symbol: '^GSPC', price: 6737.98, change: 12.5, changePct: 0.19, quoteSource: 'simulated', quoteAsOf: '2026-03-02T15:00:00.000Z', quoteStale: false },
    ],
    'portfolio.history': () => ({ days: [] }),
    'assets.venture.list': () => venturesFixture(),
    'assets.realEstate.list': () => propertiesFixture(),
    ...overrides,
  };
}
