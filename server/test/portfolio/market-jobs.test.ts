import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dailyCloses, portfolioSnapshots, predictions, quotes } from '../../src/db/schema';
import { dayInNewYork } from '../../src/domain/dates';
import { quoteKey, type DailyClose, type Instrument, type MarketDataProvider, type Quote } from '../../src/services/market/provider';
import { createMarketService, type MarketService } from '../../src/services/market/service';
import { databaseKinds } from '../support/databases';
import { bearer, createHarness, type Harness } from '../support/harness';

/**
 * A provider with a steady price per symbol, and symbols whose data the database refuses: a NUL in
 * the quote's name, and an impossible date in the daily history.
 */
class CorruptingProvider implements MarketDataProvider {
  readonly source = 'yahoo' as const;
  prices = new Map<string, number>([
    ['AAPL', 200.25],
    ['MSFT', 410.5],
    ['BAD', 12],
    ['^DJI', 43000.12],
    ['^GSPC', 5900.34],
    ['^IXIC', 19000.56],
  ]);
  corrupt = new Set<string>();

  async quotes(instruments: readonly Instrument[], now: Date): Promise<Map<string, Quote>> {
    const out = new Map<string, Quote>();
    for (const instrument of instruments) {
      const key = quoteKey(instrument);
      const price = this.prices.get(key);
      if (price === undefined) continue;
      const name = this.corrupt.has(key) ? `Broken\u0000${key}` : key;
      out.set(key, {
        key,
        name,
        price,
        change: 1,
        changePct: 0.5,
        dividendYield: null,
        marketCap: null,
        peRatio: null,
        oneMonthPerf: null,
        asOf: now,
        source: 'yahoo',
      });
    }
    return out;
  }

  async dailyCloses(instrument: Instrument, from: string): Promise<DailyClose[]> {
    const key = quoteKey(instrument);
    const price = this.prices.get(key);
    if (price === undefined) return [];
    const start = new Date(`${from}T00:00:00Z`).getTime();
    const days = Array.from({ length: 40 }, (_, i) => ({
      date: new Date(start + i * 86_400_000).toISOString().slice(0, 10),
      close: Number((price * (1 + (i % 5) / 100)).toFixed(4)),
    }));
    return this.corrupt.has(key) ? [...days, { date: '2025-02-30', close: price }] : days;
  }
}

interface Logged {
  level: 'warn' | 'error' | 'info';
  message: string;
}

/** A market service of its own on the test's database, with a log the test reads. */
function serviceWithLog(h: Harness, provider: MarketDataProvider): { market: MarketService; logged: Logged[] } {
  const logged: Logged[] = [];
  const record = (level: Logged['level']) => (_obj: unknown, message?: string) => void logged.push({ level, message: message ?? '' });
  const log = { warn: record('warn'), error: record('error'), info: record('info') } as unknown as Parameters<
    typeof createMarketService
  >[0]['log'];
  return { market: createMarketService({ db: h.database.db, provider, now: h.clock.now, log }), logged };
}

describe.each(databaseKinds)('the market jobs on %s', (kind) => {
  let h: Harness;
  let provider: CorruptingProvider;
  let gp: string;

  beforeAll(async () => {
    provider = new CorruptingProvider();
    h = await createHarness(kind, { marketData: provider });
    // A fixed New York morning: the rounds below move the clock by hours, and must stay on one book day.
    h.clock.advance(Date.parse('2026-03-10T14:00:00Z') - h.clock.now().getTime());
    ({ gp } = await h.partners('jobs'));
  });
  afterAll(() => h.close());

  const today = () => dayInNewYork(h.clock.now());
  const snapshotOfToday = async () =>
    (await h.database.db.select().from(portfolioSnapshots).where(eq(portfolioSnapshots.date, today())))[0];
  const predictionOf = async (ticker: string) => (await h.database.db.select().from(predictions).where(eq(predictions.ticker, ticker)))[0];
  const quoteOf = async (key: string) => (await h.database.db.select().from(quotes).where(eq(quotes.key, key)))[0];
  /** The next round of both scheduled jobs is due (the refresh every minute, predictions hourly). */
  const nextRound = () => h.clock.advance(2 * 60 * 60_000);
  const post = async (url: string, payload: object) => {
    const res = await h.inject({ method: url === '/api/account-balance' ? 'PUT' : 'POST', url, headers: bearer(gp), payload });
    expect(res.statusCode).toBeLessThan(300);
  };

  it('keeps writing snapshots and predictions with the largest accepted lots and rows present', async () => {
    // The largest of everything: a priced lot, an unpriced one (valued at what was paid), a venture
    // and a property worth 10^22 each, and balances at their bounds.
    await post('/api/holdings', {
      symbol: 'AAPL',
      asset_type: 'stock',
      purchases: [{ qty: '1000000000000', price_paid: '10000000000', purchase_date: '2025-01-02' }],
    });
    await post('/api/holdings', {
      symbol: 'NOPRICE',
      asset_type: 'stock',
      purchases: [{ qty: '1000000000000', price_paid: '10000000000', purchase_date: '2025-01-02' }],
    });
    const largest = {
      name: 'Largest',
      purchase_date: '2024-01-02',
      qty: '1000000000000',
      price_paid: '10000000000',
      last_price_at_date: '10000000000',
    };
    await post('/api/illiquid-assets/save', { assets: [{ ...largest, dividend_dollar: '1000000000000', dividend_pct: '10000' }] });
    await post('/api/real-estate/save', {
      assets: [
        { ...largest, total_rental_income: '1000000000000', monthly_rental_income: '1000000000000', annual_rental_income_pct: '10000' },
      ],
    });
    await post('/api/account-balance', {
      cash_available: '1000000000000',
      margin_debit: '-1000000000000',
      accounts_receivable: '1000000000000',
    });

    await h.deps.market.runScheduled();

    const snapshot = await snapshotOfToday();
    expect(snapshot).toMatchObject({
      ventureValue: '10000000000000000000000.00',
      cashAvailable: '1000000000000.00',
      marginDebit: '-1000000000000.00',
    });
    // 10^22 (the unpriced lot) + 10^12 × 200.25 (AAPL): exact to the float sum's precision.
    expect(Number(snapshot?.liquidValue)).toBeCloseTo(1e22 + 200.25e12, -8);
    expect(Number(snapshot?.netAccountValue)).toBeGreaterThan(3e22);
    expect(await predictionOf('AAPL')).toMatchObject({ ticker: 'AAPL', computedAt: expect.any(Date) });

    const history = await h.caller(gp).portfolio.history({ days: 5 });
    expect(history.days.at(-1)).toMatchObject({ date: today(), netAccountValue: snapshot?.netAccountValue });
    const listed = await h.inject({ method: 'GET', url: '/api/predictions', headers: bearer(gp) });
    expect((listed.json() as { ticker: string }[]).map((p) => p.ticker)).toEqual(['AAPL']);
  });

  it('stores the other symbols, the snapshot and the predictions when the database refuses one symbol’s quote and history', async () => {
    provider.corrupt = new Set(['BAD']);
    await post('/api/holdings', {
      symbol: 'MSFT',
      asset_type: 'stock',
      purchases: [{ qty: '3', price_paid: '400', purchase_date: '2025-01-02' }],
    });
    await post('/api/holdings', {
      symbol: 'BAD',
      asset_type: 'stock',
      purchases: [{ qty: '5', price_paid: '10', purchase_date: '2025-01-02' }],
    });
    // A new symbol is priced in the background: let that finish before the round under test.
    await h.deps.market.refreshNow();
    const { market, logged } = serviceWithLog(h, provider);
    nextRound();
    const startedAt = h.clock.now();

    await market.runScheduled();

    expect(await quoteOf('BAD')).toBeUndefined();
    expect(await h.database.db.select().from(dailyCloses).where(eq(dailyCloses.key, 'BAD'))).toEqual([]);
    expect((await quoteOf('MSFT'))?.fetchedAt.getTime()).toBeGreaterThanOrEqual(startedAt.getTime());
    expect((await h.database.db.select().from(dailyCloses).where(eq(dailyCloses.key, 'MSFT'))).length).toBeGreaterThanOrEqual(40);
    expect((await snapshotOfToday())?.takenAt.getTime()).toBeGreaterThanOrEqual(startedAt.getTime());
    expect((await predictionOf('MSFT'))?.computedAt.getTime()).toBeGreaterThanOrEqual(startedAt.getTime());
    expect(logged).toEqual(
      expect.arrayContaining([
        { level: 'warn', message: 'market data: the daily closes of BAD failed' },
        { level: 'warn', message: 'market data: the quote of BAD failed' },
      ]),
    );
    provider.corrupt = new Set();
  });

  it('still refreshes quotes and makes predictions when the snapshot cannot be written', async () => {
    await h.database.db.execute(
      sql`alter table portfolio_snapshots add constraint test_no_snapshots check (date < '2000-01-01') not valid`,
    );
    try {
      const before = await snapshotOfToday();
      const { market, logged } = serviceWithLog(h, provider);
      nextRound();
      const startedAt = h.clock.now();

      await market.runScheduled();

      expect(await snapshotOfToday()).toEqual(before);
      expect((await quoteOf('AAPL'))?.fetchedAt.getTime()).toBeGreaterThanOrEqual(startedAt.getTime());
      expect((await predictionOf('AAPL'))?.computedAt.getTime()).toBeGreaterThanOrEqual(startedAt.getTime());
      expect(logged).toContainEqual({ level: 'error', message: "market data: taking today's snapshot failed" });
    } finally {
      await h.database.db.execute(sql`alter table portfolio_snapshots drop constraint test_no_snapshots`);
    }
  });

  it('makes the other predictions when one symbol’s cannot be stored', async () => {
    await h.database.db.execute(sql`alter table predictions add constraint test_no_aapl check (ticker <> 'AAPL') not valid`);
    try {
      const { market, logged } = serviceWithLog(h, provider);
      nextRound();
      const startedAt = h.clock.now();

      await market.runScheduled();

      expect((await predictionOf('AAPL'))?.computedAt.getTime()).toBeLessThan(startedAt.getTime());
      expect((await predictionOf('MSFT'))?.computedAt.getTime()).toBeGreaterThanOrEqual(startedAt.getTime());
      expect((await snapshotOfToday())?.takenAt.getTime()).toBeGreaterThanOrEqual(startedAt.getTime());
      expect(logged).toContainEqual({ level: 'warn', message: 'market data: the prediction of AAPL failed' });
    } finally {
      await h.database.db.execute(sql`alter table predictions drop constraint test_no_aapl`);
    }
  });
});
