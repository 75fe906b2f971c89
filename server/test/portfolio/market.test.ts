import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dailyCloses, predictions, quotes, portfolioSnapshots } from '../../src/db/schema';
import { claimJob } from '../../src/services/market/jobs';
import { updatePredictions } from '../../src/services/market/predictions';
import { quoteKey, type DailyClose, type Instrument, type MarketDataProvider, type Quote } from '../../src/services/market/provider';
import { databaseKinds } from '../support/databases';
import { bearer, createHarness, type Harness } from '../support/harness';

/** A provider the test steers: set prices, make it fail, leave symbols out. */
class SteeredProvider implements MarketDataProvider {
  readonly source = 'yahoo' as const;
  prices = new Map<string, number>();
  down = false;
  calls = 0;

  async quotes(instruments: readonly Instrument[], now: Date): Promise<Map<string, Quote>> {
    this.calls += 1;
    if (this.down) throw new Error('provider unreachable');
    const out = new Map<string, Quote>();
    for (const instrument of instruments) {
      const key = quoteKey(instrument);
      const price = this.prices.get(key);
      if (price === undefined) continue;
      out.set(key, {
        key,
        name: key,
        price,
        change: 1.5,
        changePct: 1,
        dividendYield: instrument.kind === 'stock' ? 0.5 : null,
        marketCap: instrument.kind === 'stock' ? 2_500_000 : null,
        peRatio: instrument.kind === 'stock' ? 30.1 : null,
        oneMonthPerf: 2.25,
        asOf: now,
        source: 'yahoo',
      });
    }
    return out;
  }

  async dailyCloses(instrument: Instrument, from: string): Promise<DailyClose[]> {
    const price = this.prices.get(quoteKey(instrument));
    if (price === undefined) return [];
    // Thirty weekdays of a steady 1 % climb, ending at today's price.
    const days: DailyClose[] = [];
    const start = new Date(`${from}T00:00:00Z`);
    for (let i = 0; days.length < 30; i += 1) {
      const d = new Date(start.getTime() + i * 86_400_000);
      if (d.getUTCDay() === 0 || d.getUTCDay() === 6) continue;
      days.push({ date: d.toISOString().slice(0, 10), close: 0 });
    }
    return days.map((d, i) => ({ ...d, close: Number((price / 1.01 ** (days.length - i)).toFixed(4)) }));
  }
}

describe.each(databaseKinds)('market data, quote cache and predictions on %s', (kind) => {
  let h: Harness;
  let provider: SteeredProvider;
  let gp: string;
  let lp: string;

  beforeAll(async () => {
    provider = new SteeredProvider();
    h = await createHarness(kind, { marketData: provider });
    ({ gp, lp } = await h.partners('market'));
    provider.prices = new Map([
      ['AAPL', 200.25],
      ['ETH-USD', 3000.5],
      ['^DJI', 43000.12],
      ['^GSPC', 5900.34],
      ['^IXIC', 19000.56],
    ]);
    for (const [symbol, assetType] of [
      ['AAPL', 'stock'],
      ['ETH', 'crypto'],
      ['ZZZZ', 'stock'],
    ] as const) {
      await h.caller(gp).portfolio.holdings.add({
        symbol,
        asset_type: assetType,
        purchases: [{ qty: '2', price_paid: '100', purchase_date: '2025-01-02' }],
      });
    }
    await h.deps.market.refreshNow();
  });
  afterAll(() => h.close());

  const holdings = async () =>
    (await h.inject({ method: 'GET', url: '/api/holdings', headers: bearer(lp) })).json() as Record<string, unknown>[];
  const summary = async () =>
    (await h.inject({ method: 'GET', url: '/api/market/summary', headers: bearer(lp) })).json() as Record<string, unknown>[];

  it('answers the market summary from the cache: the three indices by name, in order', async () => {
    expect(await summary()).toEqual([
      expect.objectContaining({
        name: 'Dow Jones Industrial Average',
        symbol: '^DJI',
        price: 43000.12,
        change: 1.5,
        changePct: 1,
        quoteSource: 'yahoo',
        quoteStale: false,
      }),
      expect.objectContaining({ name: 'S&P 500', symbol: '^GSPC', price: 5900.34 }),
      expect.objectContaining({ name: 'Nasdaq Composite', symbol: '^IXIC', price: 19000.56 }),
    ]);
  });

  it('prices crypto as SYM-USD and reports the quote fields, market cap in millions', async () => {
    const lots = await holdings();
    expect(lots.find((l) => l.symbol === 'ETH')).toMatchObject({ lastPrice: 3000.5, peRatio: null, marketCap: null });
    expect(lots.find((l) => l.symbol === 'AAPL')).toMatchObject({
      lastPrice: 200.25,
      marketCap: 2_500_000,
      peRatio: 30.1,
      dividendYield: 0.5,
      oneMonthPerf: 2.25,
    });
  });

  it('never invents a price for a symbol the provider cannot price', async () => {
    expect((await holdings()).find((l) => l.symbol === 'ZZZZ')).toMatchObject({ lastPrice: null, change: null, quoteSource: null });
    expect(await h.database.db.select().from(quotes).where(eq(quotes.key, 'ZZZZ'))).toEqual([]);
  });

  it('keeps the last quote when a refresh fails, and marks it stale with its time', async () => {
    const before = (await holdings()).find((l) => l.symbol === 'AAPL');
    provider.down = true;
    provider.prices.set('AAPL', 1);
    const report = await h.deps.market.refreshNow();
    expect(report.updated).toBe(0);
    const after = (await holdings()).find((l) => l.symbol === 'AAPL');
    expect(after).toMatchObject({ lastPrice: 200.25, quoteStale: true, quoteAsOf: before?.quoteAsOf });
    expect((await summary()).every((t) => t.quoteStale === true)).toBe(true);

    provider.down = false;
    provider.prices.set('AAPL', 201);
    await h.deps.market.refreshNow();
    expect((await holdings()).find((l) => l.symbol === 'AAPL')).toMatchObject({ lastPrice: 201, quoteStale: false });
  });

  it('marks a quote stale when no refresh has succeeded for five minutes', async () => {
    h.clock.advance(6 * 60_000);
    expect((await holdings()).find((l) => l.symbol === 'AAPL')).toMatchObject({ lastPrice: 201, quoteStale: true });
    await h.deps.market.refreshNow();
    expect((await holdings()).find((l) => l.symbol === 'AAPL')).toMatchObject({ quoteStale: false });
  });

  it('never calls the provider on the request path', async () => {
    const calls = provider.calls;
    await holdings();
    await summary();
    await h.inject({ method: 'GET', url: '/api/predictions', headers: bearer(lp) });
    expect(provider.calls).toBe(calls);
  });

  it('fills daily closes of held symbols from the provider history, and today’s close from the quote', async () => {
    const closes = await h.database.db.select().from(dailyCloses).where(eq(dailyCloses.key, 'AAPL'));
    expect(closes.length).toBeGreaterThanOrEqual(30);
    expect(closes.every((c) => Number(c.close) > 0)).toBe(true);
  });

  it('predicts the next close of each held symbol, keyed by upper-case ticker', async () => {
    await updatePredictions({ db: h.database.db, now: h.clock.now });
    const res = await h.inject({ method: 'GET', url: '/api/predictions', headers: bearer(lp) });
    expect(res.statusCode).toBe(200);
    const list = res.json() as { ticker: string; prediction: number }[];
    expect(list.map((p) => p.ticker)).toEqual(['AAPL', 'ETH']);
    // Closes climbing 1 % a day: the damped trend predicts a little above the last close.
    const aapl = list.find((p) => p.ticker === 'AAPL')?.prediction ?? 0;
    expect(aapl).toBeGreaterThan(195);
    expect(aapl).toBeLessThan(210);
  });

  it('drops the prediction of a symbol no longer held', async () => {
    const eth = (await holdings()).filter((l) => l.symbol === 'ETH');
    for (const lot of eth) await h.caller(gp).portfolio.holdings.remove({ id: Number(lot.id) });
    await updatePredictions({ db: h.database.db, now: h.clock.now });
    const tickers = (await h.database.db.select().from(predictions)).map((p) => p.ticker);
    expect(tickers).toEqual(['AAPL']);
  });

  it('runs a scheduled job once per interval, however many instances ask', async () => {
    const now = h.clock.now();
    const claims = await Promise.all([1, 2, 3].map(() => claimJob(h.database.db, 'test-job', 60_000, now)));
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await claimJob(h.database.db, 'test-job', 60_000, new Date(now.getTime() + 30_000))).toBe(false);
    expect(await claimJob(h.database.db, 'test-job', 60_000, new Date(now.getTime() + 61_000))).toBe(true);
  });

  it('stores a daily snapshot of the firm with each refresh and serves the series to charts', async () => {
    await h.deps.market.refreshNow();
    const { days } = await h.caller(lp).portfolio.history({ days: 30 });
    expect(days.length).toBe(1);
    // AAPL only: 2 × 201 (ETH sold, ZZZZ unpriced counts at cost 2 × 100).
    expect(days[0]).toMatchObject({ netAccountValue: '602.00', returnPct: '0.00' });
    const [row] = await h.database.db.select().from(portfolioSnapshots);
    expect(row).toMatchObject({
      liquidValue: '602.00',
      ventureValue: '0.00',
      realEstateValue: '0.00',
      cashAvailable: '0.00',
      marginDebit: '0.00',
    });
  });
});
