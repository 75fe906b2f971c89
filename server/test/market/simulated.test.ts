import { describe, expect, it } from 'vitest';
import { createMarketDataProvider } from '../../src/services/market';
import { MARKET_INDICES, type Instrument, type InstrumentKind, type Quote } from '../../src/services/market/provider';
import { createSimulatedProvider, simulates } from '../../src/services/market/simulated';

const provider = createSimulatedProvider();

const AAPL: Instrument = { symbol: 'AAPL', kind: 'stock' };
const BTC: Instrument = { symbol: 'BTC', kind: 'crypto' };
/** Wednesday 23 July 2025, 17:05 UTC: mid-session in New York. */
const WEDNESDAY_MIDDAY = new Date('2025-07-23T17:05:00Z');

async function quoteOf(instrument: Instrument, now: Date): Promise<Quote> {
  const quote = (await provider.quotes([instrument], now)).get(
    instrument.kind === 'crypto' ? `${instrument.symbol}-USD` : instrument.symbol,
  );
  if (!quote) throw new Error(`no quote for ${instrument.symbol}`);
  return quote;
}

async function closeOn(instrument: Instrument, date: string): Promise<number | undefined> {
  return (await provider.dailyCloses(instrument, date, date))[0]?.close;
}

function dayOfWeek(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

describe('simulated provider', () => {
  it('gives the same quote for the same minute, and moves from minute to minute', async () => {
    const first = await quoteOf(AAPL, WEDNESDAY_MIDDAY);
    const again = await quoteOf(AAPL, new Date(WEDNESDAY_MIDDAY.getTime() + 42_000)); // same minute
    const fresh = await createSimulatedProvider().quotes([AAPL], WEDNESDAY_MIDDAY);
    const nextMinutes = await Promise.all([1, 2, 3].map((m) => quoteOf(AAPL, new Date(WEDNESDAY_MIDDAY.getTime() + m * 60_000))));

    expect(again).toEqual(first);
    expect(fresh.get('AAPL')).toEqual(first);
    expect(first.asOf).toEqual(WEDNESDAY_MIDDAY);
    expect(first.source).toBe('simulated');
    expect(new Set([first, ...nextMinutes].map((quote) => quote.price)).size).toBeGreaterThan(1);
  });

  it('keeps price, change and change % consistent with the daily closes', async () => {
    const quote = await quoteOf(AAPL, WEDNESDAY_MIDDAY);
    const tuesdayClose = await closeOn(AAPL, '2025-07-22');

    expect(tuesdayClose).toBeDefined();
    expect(quote.change).toBeCloseTo(quote.price - (tuesdayClose ?? Number.NaN), 2);
    expect(quote.changePct).toBeCloseTo((quote.change / (tuesdayClose ?? Number.NaN)) * 100, 3);
  });

  it("ends the session at the day's close and shows the last session over the weekend", async () => {
    const wednesdayClose = await closeOn(AAPL, '2025-07-23');
    const fridayClose = await closeOn(AAPL, '2025-07-25');

    expect((await quoteOf(AAPL, new Date('2025-07-23T22:00:00Z'))).price).toBe(wednesdayClose);
    // Before Thursday's open the market still shows Wednesday.
    expect((await quoteOf(AAPL, new Date('2025-07-24T09:00:00Z'))).price).toBe(wednesdayClose);
    const saturday = await quoteOf(AAPL, new Date('2025-07-26T15:00:00Z'));
    expect(saturday.price).toBe(fridayClose);
    expect(saturday.asOf).toEqual(new Date('2025-07-25T21:00:00Z')); // set at Friday's close
    expect(saturday.change).toBeCloseTo((fridayClose ?? Number.NaN) - ((await closeOn(AAPL, '2025-07-24')) ?? Number.NaN), 2);
  });

  it('has no stock or index closes on weekends, but crypto trades every day', async () => {
    const from = '2025-07-01';
    const to = '2025-07-31';
    const stock = await provider.dailyCloses(AAPL, from, to);
    const index = await provider.dailyCloses({ symbol: '^GSPC', kind: 'index' }, from, to);
    const crypto = await provider.dailyCloses(BTC, from, to);

    expect(stock).toHaveLength(23);
    expect(stock.every((close) => ![0, 6].includes(dayOfWeek(close.date)))).toBe(true);
    expect(index.map((close) => close.date)).toEqual(stock.map((close) => close.date));
    expect(crypto).toHaveLength(31);
    expect(crypto.map((close) => close.date)).toContain('2025-07-05'); // a Saturday
    expect(crypto[0]?.date).toBe(from);
    expect(crypto.at(-1)?.date).toBe(to);
  });

  it('prices every market index under its market-bar name', async () => {
    const instruments = MARKET_INDICES.map((index): Instrument => ({ symbol: index.symbol, kind: 'index' }));
    const quotes = await provider.quotes(instruments, WEDNESDAY_MIDDAY);

    for (const index of MARKET_INDICES) {
      const quote = quotes.get(index.symbol);
      expect(quote?.name).toBe(index.name);
      expect(quote?.price).toBeGreaterThan(0);
      expect(quote?.peRatio).toBeNull();
    }
    expect(quotes.get('^GSPC')?.price).toBeGreaterThan(4000);
    expect(quotes.get('^GSPC')?.price).toBeLessThan(9000);
  });

  it('quotes crypto as SYM-USD with no P/E and no dividend', async () => {
    const quotes = await provider.quotes([BTC, { symbol: 'ETH', kind: 'crypto' }], WEDNESDAY_MIDDAY);

    expect([...quotes.keys()]).toEqual(['BTC-USD', 'ETH-USD']);
    for (const quote of quotes.values()) {
      expect(quote.peRatio).toBeNull();
      expect(quote.dividendYield).toBeNull();
      expect(quote.marketCap).toBeGreaterThan(0);
    }
    expect(quotes.get('BTC-USD')?.price).toBeGreaterThan(30_000);
  });

  it('prices only its known universe: an unknown symbol gets no quote and no history, as from a live provider', async () => {
    const quotes = await provider.quotes(
      ['QQQQ', 'NOPE', 'AAPL', 'SPY'].map((symbol): Instrument => ({ symbol, kind: 'stock' })).concat([{ symbol: 'BTC', kind: 'stock' }]),
      WEDNESDAY_MIDDAY,
    );

    expect([...quotes.keys()]).toEqual(['AAPL', 'SPY']);
    expect(await provider.dailyCloses({ symbol: 'QQQQ', kind: 'stock' }, '2025-06-02', '2025-06-06')).toEqual([]);
    expect(await provider.dailyCloses({ symbol: 'ZZZ', kind: 'crypto' }, '2025-06-02', '2025-06-06')).toEqual([]);
    expect(simulates({ symbol: 'nvda', kind: 'stock' })).toBe(true);
    expect(simulates({ symbol: 'ETH', kind: 'crypto' })).toBe(true);
    expect(simulates({ symbol: '^GSPC', kind: 'index' })).toBe(true);
    expect(simulates({ symbol: 'QQQQ', kind: 'stock' })).toBe(false);
  });

  it('gives believable metrics for the well-known tickers', async () => {
    const quotes = await provider.quotes(
      ['AAPL', 'KO', 'BRK-B'].map((symbol): Instrument => ({ symbol, kind: 'stock' })),
      WEDNESDAY_MIDDAY,
    );

    expect(quotes.get('AAPL')?.price).toBeGreaterThan(150);
    expect(quotes.get('AAPL')?.price).toBeLessThan(350);
    expect(quotes.get('AAPL')?.marketCap).toBeGreaterThan(2_000_000); // millions: > 2 trillion
    expect(quotes.get('KO')?.dividendYield).toBeGreaterThan(2);
    expect(quotes.get('BRK-B')?.dividendYield).toBeNull();
  });

  it('computes the one-month performance from the close 30 days back', async () => {
    const quote = await quoteOf(BTC, WEDNESDAY_MIDDAY);
    const monthAgo = await closeOn(BTC, '2025-06-23');

    expect(quote.oneMonthPerf).toBeCloseTo((quote.price / (monthAgo ?? Number.NaN) - 1) * 100, 2);
  });

  it.each<[string, InstrumentKind, number]>([
    ['AAPL', 'stock', 0.15],
    ['TSLA', 'stock', 0.15],
    ['NVDA', 'stock', 0.15],
    ['^DJI', 'index', 0.15],
    ['BTC', 'crypto', 0.3],
    ['SOL', 'crypto', 0.3],
  ])('gives %s (%s) 90 days of positive, plausibly varying closes', async (symbol, kind, maxMove) => {
    const closes = await provider.dailyCloses({ symbol, kind }, '2025-04-01', '2025-06-29');
    const prices = closes.map((close) => close.close);
    const moves = prices.slice(1).map((price, i) => Math.abs(price / (prices[i] ?? price) - 1));

    expect(closes.length).toBeGreaterThanOrEqual(kind === 'crypto' ? 90 : 60);
    expect(prices.every((price) => price > 0)).toBe(true);
    expect(new Set(prices).size).toBeGreaterThan(closes.length * 0.9);
    expect(Math.max(...moves)).toBeLessThan(maxMove);
    expect(Math.max(...moves)).toBeGreaterThan(0.002);
    expect(closes.map((close) => close.date)).toEqual([...closes.map((close) => close.date)].sort());
  });

  it('rejects a malformed date', async () => {
    await expect(provider.dailyCloses(AAPL, '2025-02-30', '2025-03-01')).rejects.toThrow(RangeError);
  });
});

describe('createMarketDataProvider', () => {
  it('builds the provider named by MARKET_DATA_PROVIDER', () => {
    expect(createMarketDataProvider('simulated').source).toBe('simulated');
    expect(createMarketDataProvider('yahoo').source).toBe('yahoo');
  });
});
