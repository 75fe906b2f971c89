import { sellFifo } from '@domain/fifo';
import { centsText, dec } from '@domain/money';
import { valuePortfolio, type LotInput, type PrivateAssetInput } from '@domain/valuation';
import { FakeApiError, type FakeHandlers, type ProcedureOutput } from './fake-api';
import type {
  FullValuation,
  LiveQuote,
  PortfolioValuation,
  PositionLot,
  RealEstateAsset,
  VentureAsset,
} from '../pages/dashboard/portfolio-types';

/**
 * A small portfolio for the dashboard tests, figures chosen so totals are easy to check by hand.
 * The books are plain data a test may change (a sale, a balance); the fake server values them
 * with the portfolio engine's own code, as the real server does.
 */
const LIVE = {
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

export const AS_OF = '2026-03-02T15:00:30.000Z';

export interface Books {
  lots: LotInput[];
  /** By quote key: crypto SYM-USD, stocks SYM. */
  quotes: Record<string, LiveQuote>;
  ventures: VentureAsset[];
  properties: RealEstateAsset[];
  balances: { cashAvailable: string; marginDebit: string; accountsReceivable: string };
  realized: { yearToDate: string; allTime: string };
}

const lot = (
  id: number,
  symbol: string,
  assetType: 'stock' | 'crypto',
  exchange: string | null,
  qty: string,
  pricePaid: string,
  costBasis: string,
  purchaseDate: string,
): LotInput => ({
  id,
  symbol,
  assetType,
  exchange,
  qty,
  pricePaid,
  costBasis,
  purchaseDate,
});

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

/** AAPL in two lots, half a BTC and 100 KO; a venture, a property and the balances. */
export function booksFixture(): Books {
  return {
    lots: [
      lot(1, 'AAPL', 'stock', 'NASDAQ', '10', '100', '1000.00', '2025-03-01'),
      lot(2, 'AAPL', 'stock', 'NASDAQ', '30', '140', '4200.00', '2024-06-01'),
      lot(3, 'BTC', 'crypto', null, '0.5', '40000', '20000.00', '2024-01-10'),
      lot(4, 'KO', 'stock', 'NYSE', '100', '58', '5800.00', '2024-02-01'),
    ],
    quotes: {
      AAPL: { ...LIVE, lastPrice: 120 },
      'BTC-USD': { ...LIVE, lastPrice: 60000, change: -1000, changePct: -1.6, dividendYield: null, marketCap: null, peRatio: null },
      KO: { ...LIVE, lastPrice: 60, change: 0.5 },
    },
    ventures: venturesFixture(),
    properties: propertiesFixture(),
    balances: { cashAvailable: '25000.00', marginDebit: '10000.00', accountsReceivable: '5000.00' },
    realized: { yearToDate: '1250.00', allTime: '3400.00' },
  };
}

const text = (n: number) => String(n);

function assetInput(a: VentureAsset | RealEstateAsset): PrivateAssetInput {
  return {
    id: a.id,
    qty: text(a.qty),
    pricePaid: text(a.price_paid),
    lastPriceAtDate: text(a.last_price_at_date),
    dividendDollar: 'dividend_dollar' in a ? text(a.dividend_dollar) : '0',
    dividendPct: 'dividend_pct' in a ? text(a.dividend_pct) : '0',
    totalRentalIncome: 'total_rental_income' in a ? text(a.total_rental_income) : '0',
    monthlyRentalIncome: 'monthly_rental_income' in a ? text(a.monthly_rental_income) : '0',
  };
}

/** What portfolio.valuation answers for these books: the engine's figures, its quotes and the time. */
export function valuationOf(books: Books): FullValuation {
  const quotes = new Map(Object.entries(books.quotes).map(([key, q]) => [key, { lastPrice: text(q.lastPrice), change: text(q.change) }]));
  const valuation = valuePortfolio({
    lots: books.lots,
    quotes,
    ventures: books.ventures.map(assetInput),
    properties: books.properties.map(assetInput),
    balances: books.balances,
    realized: books.realized,
  });
  return { ...valuation, quotes: books.quotes, asOf: AS_OF };
}

/** What portfolio.positions answers for these books: the valuation without the lots, each position with its number of lots. */
export function positionsOf(books: Books): PortfolioValuation {
  const { positions, ...others } = valuationOf(books);
  return { positions: positions.map(({ lots, ...position }) => ({ ...position, lotCount: lots.length })), ...others };
}

/** What portfolio.lots answers for these books: the symbol's lots as the valuation has them (none for a symbol not held). */
export function lotsOf(books: Books, symbol: string): PositionLot[] {
  return valuationOf(books).positions.find((p) => p.symbol === symbol.toUpperCase())?.lots ?? [];
}

/** The LP dashboard's own capital account: a partner who has not yet committed anything. */
export function capitalAccountFixture(): ProcedureOutput<'portfolio.capital.account'> {
  const zero = '0.00';
  return {
    user_id: 2,
    name: 'Leo Parker',
    email: 'lp@demo.partners',
    figures: {
      commitment: zero,
      contributed: zero,
      unfunded: zero,
      distributed: zero,
      units: '0',
      value: zero,
      dpi: null,
      rvpi: null,
      tvpi: null,
      irr: null,
    },
    fund: { as_of: '2026-03-02', start_date: null, net_account_value: zero, units_outstanding: '0', unit_value: null },
    entries: [],
    history: [],
    provisional: null,
  };
}

/** Handlers for every read the dashboards make, from `books`; tests add or override the writes. */
export function dashboardReads(overrides: FakeHandlers = {}, books: Books = booksFixture()): FakeHandlers {
  return {
    'portfolio.valuation': () => valuationOf(books),
    'portfolio.positions': () => positionsOf(books),
    'portfolio.lots': (input) => lotsOf(books, input.symbol),
    'portfolio.market.predictions': () => [{ ticker: 'AAPL', prediction: 121.5 }],
    'portfolio.market.summary': () => [
      {
        name: 'S&P 500',
        symbol: '^GSPC',
        price: 6737.98,
        change: 12.5,
        changePct: 0.19,
        quoteSource: 'simulated',
        quoteAsOf: '2026-03-02T15:00:00.000Z',
        quoteStale: false,
      },
    ],
    'portfolio.history': () => ({ days: [] }),
    'portfolio.historyRebuild': () => ({
      state: 'idle',
      from: null,
      to: null,
      day: 0,
      days: 0,
      started_at: null,
      finished_at: null,
      pending_from: null,
      error: null,
    }),
    'portfolio.returns': () => ({ asOf: '2026-03-02', periods: [], days: null }),
    'assets.venture.list': () => books.ventures,
    'assets.realEstate.list': () => books.properties,
    'portfolio.capital.account': () => capitalAccountFixture(),
    // Add Investment asks whether the ticker has market data before it saves.
    'portfolio.holdings.checkSymbol': (input) => ({ symbol: input.symbol, status: 'priced', message: null }),
    // A deposit or withdrawal is previewed before it is recorded: the server's rules on these books.
    'portfolio.balances.previewCashMovement': (input) => previewFromBooks(books, input),
    ...overrides,
  };
}

/** The server's preview of a cash movement on a fake server's books: above 100,000.00 asks for confirmation; below zero is refused unless allowed. */
export function previewFromBooks(
  books: Books,
  input: { kind: 'deposit' | 'withdrawal'; amount: string | number; allow_negative_cash?: boolean | undefined },
) {
  const before = dec(books.balances.cashAvailable);
  const amount = dec(String(input.amount));
  const after = input.kind === 'deposit' ? before.plus(amount) : before.minus(amount);
  const refused = !input.allow_negative_cash && after.lt(0) && after.lt(before);
  return {
    cash_before: centsText(before),
    cash_after: centsText(after),
    confirm_above: '100000.00',
    needs_confirmation: amount.gt(100000),
    refusal: refused ? `Cash Available would go from ${centsText(before)} to ${centsText(after)}. It cannot go below zero.` : null,
  };
}

/**
 * What the server's Sell action does to the books, for a fake server: first in, first out (the
 * engine's own rule), the proceeds into Cash Available when the sale settles, the gain realized.
 */
export function sellFromBooks(books: Books, input: unknown) {
  const order = input as { symbol: string; qty: string; price: string; fee?: string; settles?: boolean };
  const lots = books.lots.filter((l) => l.symbol === order.symbol);
  const sale = sellFifo(
    lots.map((l) => ({ id: l.id, purchaseDate: l.purchaseDate, qty: dec(l.qty), costBasis: dec(l.costBasis) })),
    dec(order.qty),
    dec(order.price),
    dec(order.fee ?? '0'),
  );
  if (!sale) throw new Error('the fake books cannot make this sale');
  for (const take of sale.takes) {
    const index = books.lots.findIndex((l) => l.id === take.lotId);
    if (take.remainingQty.eq(0)) books.lots.splice(index, 1);
    else books.lots[index] = { ...books.lots[index]!, qty: take.remainingQty.toFixed(), costBasis: centsText(take.remainingCost) };
  }
  const settles = order.settles ?? true;
  if (settles) books.balances = { ...books.balances, cashAvailable: centsText(dec(books.balances.cashAvailable).plus(sale.proceeds)) };
  books.realized = {
    yearToDate: centsText(dec(books.realized.yearToDate).plus(sale.realizedGain)),
    allTime: centsText(dec(books.realized.allTime).plus(sale.realizedGain)),
  };
  return {
    message: `Sold ${order.qty} ${order.symbol} for ${centsText(sale.proceeds)}.`,
    proceeds: centsText(sale.proceeds),
    fee: centsText(sale.fee),
    realized_gain: centsText(sale.realizedGain),
    cash_available: settles ? books.balances.cashAvailable : null,
  };
}

/**
 * The dashboards' reads with `portfolio.lots` failing as the books' read would (500) until
 * `recover()`: for the states a symbol's lots and the Sell dialog show when the lots cannot be loaded.
 */
export function readsWithFailingLots(books: Books = booksFixture()): { handlers: FakeHandlers; recover: () => void } {
  const reads = dashboardReads({}, books);
  let fail = true;
  return {
    handlers: {
      ...reads,
      'portfolio.lots': (input) => {
        if (fail) throw new FakeApiError(500, 'The books could not be read.');
        return reads['portfolio.lots']!(input);
      },
    },
    recover: () => {
      fail = false;
    },
  };
}
