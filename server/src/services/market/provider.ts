/**
 * The market-data provider interface. The quote cache and its scheduled refresh
 * (services/market/quote-cache.ts) are the only callers; requests never reach a provider.
 */

/** Which provider a price came from; the UI marks simulated prices. */
export type QuoteSource = 'simulated' | 'yahoo';

/** What is priced: a stock, a crypto (priced in USD) or a market index. */
export type InstrumentKind = 'stock' | 'crypto' | 'index';

export interface Instrument {
  /** The firm's own symbol, upper case: AAPL, BTC, or an index symbol such as ^GSPC. */
  symbol: string;
  kind: InstrumentKind;
}

export interface Quote {
  /** The provider's symbol for the instrument (quoteKey): AAPL, BTC-USD, ^GSPC. */
  key: string;
  /** A display name when the provider gives one (used for the market summary's tiles). */
  name: string | null;
  price: number;
  /** Change since the previous close, in dollars and in percent (1.5 = 1.5 %). */
  change: number;
  changePct: number;
  /** Percent (0.5 = 0.5 %), or null when the instrument pays none or the provider does not say. */
  dividendYield: number | null;
  /** In millions of dollars. */
  marketCap: number | null;
  peRatio: number | null;
  /** Percent change over the last month from daily closes (12.3 = 12.3 %). */
  oneMonthPerf: number | null;
  /** When the provider says the price was set. */
  asOf: Date;
  source: QuoteSource;
}

export interface DailyClose {
  /** YYYY-MM-DD, the trading day. */
  date: string;
  close: number;
}

export interface MarketDataProvider {
  readonly source: QuoteSource;
  /**
   * Current quotes for the instruments it can price, keyed by quoteKey(). An instrument the
   * provider cannot price is missing from the map; an adapter never invents a price. Throws only
   * when the provider cannot be reached at all.
   */
  quotes(instruments: readonly Instrument[], now: Date): Promise<Map<string, Quote>>;
  /** Daily closes between from and to (inclusive, YYYY-MM-DD), oldest first. */
  dailyCloses(instrument: Instrument, from: string, to: string): Promise<DailyClose[]>;
}

/** The provider's symbol: crypto is quoted against USD. */
export function quoteKey(instrument: Instrument): string {
  return instrument.kind === 'crypto' ? `${instrument.symbol}-USD` : instrument.symbol;
}

/** The indices of the market summary, with the names the market bar shows. */
export const MARKET_INDICES = [
  { symbol: '^DJI', name: 'Dow Jones Industrial Average' },
  { symbol: '^GSPC', name: 'S&P 500' },
  { symbol: '^IXIC', name: 'Nasdaq Composite' },
] as const;
