import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc } from 'drizzle-orm';
import { portfolioSnapshots } from '../../src/db/schema';
import { dec } from '../../src/domain/money';
import { DEMO_ACCOUNTS, DEMO_HISTORY_DAYS, fillDemoHistory, seedDemo } from '../../src/seed/demo';
import { backtestHeldSymbols, formatBacktest } from '../../src/services/market/backtest';
import { databaseKinds } from '../support/databases';
import { bearer, createHarness, type Harness } from '../support/harness';

/** A new database gets a full demo portfolio, so a newcomer sees a whole dashboard at once. */
describe.each(databaseKinds)('the demo portfolio on %s', (kind) => {
  let h: Harness;
  let lp: string;

  beforeAll(async () => {
    h = await createHarness(kind);
    expect(await seedDemo({ db: h.database.db, now: h.clock.now })).toBe(true);
    await fillDemoHistory({ db: h.database.db, now: h.clock.now, market: h.deps.market });
    const account = DEMO_ACCOUNTS.find((a) => a.role === 'LP');
    lp = await h.login(account?.email ?? '', account?.password ?? '');
  }, 120_000);
  afterAll(() => h.close());

  const get = async <T>(url: string) => {
    const res = await h.inject({ method: 'GET', url, headers: bearer(lp) });
    expect(res.statusCode).toBe(200);
    return res.json() as T;
  };

  it('holds about a dozen stocks and two cryptos in several lots, all priced', async () => {
    const lots = await get<{ symbol: string; asset_type: string; lastPrice: number | null; quoteSource: string }[]>('/api/holdings');
    const stocks = new Set(lots.filter((l) => l.asset_type === 'stock').map((l) => l.symbol));
    const cryptos = new Set(lots.filter((l) => l.asset_type === 'crypto').map((l) => l.symbol));
    expect(stocks.size).toBeGreaterThanOrEqual(12);
    expect([...cryptos].sort()).toEqual(['BTC', 'ETH']);
    expect(lots.length).toBeGreaterThan(stocks.size + cryptos.size);
    expect(lots.every((l) => typeof l.lastPrice === 'number' && l.quoteSource === 'simulated')).toBe(true);
  });

  it('has three venture investments, two properties and the balances', async () => {
    expect(await get<unknown[]>('/api/illiquid-assets')).toHaveLength(3);
    expect(await get<unknown[]>('/api/real-estate')).toHaveLength(2);
    expect(await get('/api/account-balance')).toEqual({ cash_available: 425000, margin_debit: 120000, accounts_receivable: 35000 });
    expect(await get<unknown[]>('/api/market/summary')).toHaveLength(3);
  });

  it('starts with 90 days of history whose parts add up to the net account value, to the cent', async () => {
    const { days } = await h.caller(lp).portfolio.history({ days: 365 });
    expect(days.length).toBe(DEMO_HISTORY_DAYS + 1);
    const rows = await h.database.db.select().from(portfolioSnapshots).orderBy(asc(portfolioSnapshots.date));
    expect(rows.map((r) => r.date)).toEqual(days.map((d) => d.date));
    for (const s of rows) {
      const parts = dec(s.liquidValue)
        .plus(dec(s.ventureValue))
        .plus(dec(s.realEstateValue))
        .plus(dec(s.cashAvailable))
        .minus(dec(s.marginDebit));
      expect(parts.toFixed(2)).toBe(dec(s.netAccountValue).toFixed(2));
      expect(s.netAccountValue).toMatch(/^\d+\.\d{2}$/);
      expect(dec(s.liquidValue).gt(0)).toBe(true);
    }
    // Lots bought within the window show up in the series as the days pass; no new money came in.
    expect(new Set(rows.map((s) => s.liquidValue)).size).toBeGreaterThan(30);
    expect(days.every((d) => d.netFlow === '0.00')).toBe(true);
    expect(days[0]?.returnPct).toBe('0.00');
  });

  it('shows the 90 days’ returns as the unrounded linking did, to their two places', async () => {
    // Before growth was kept to 12 places (docs/decisions/0012-returns.md), each day's factor was multiplied on
    // unrounded: the figures shown are the same.
    const { days } = await h.caller(lp).portfolio.history({ days: 90 });
    let growth = dec(1);
    const unrounded = days.map((d, i) => {
      if (i > 0) growth = growth.times(dec(d.netAccountValue).div(dec(days[i - 1]!.netAccountValue).plus(dec(d.netFlow))));
      return growth.minus(1).times(100).toFixed(2);
    });
    expect(days.length).toBeGreaterThan(80);
    expect(days.map((d) => d.returnPct)).toEqual(unrounded);
  });

  it('predicts a next close for every held symbol', async () => {
    const predictions = await get<{ ticker: string; prediction: number }[]>('/api/predictions');
    const symbols = new Set((await get<{ symbol: string }[]>('/api/holdings')).map((l) => l.symbol));
    expect(new Set(predictions.map((p) => p.ticker))).toEqual(symbols);
    expect(predictions.every((p) => p.prediction > 0)).toBe(true);
  });

  it('backtests the model beside the naive forecast on the stored closes', async () => {
    const report = await backtestHeldSymbols(h.database);
    expect(report.bySymbol.length).toBe(14);
    expect(report.overall.points).toBeGreaterThan(14 * 50);
    expect(report.overall.modelMae).toBeGreaterThan(0);
    expect(report.overall.naiveMae).toBeGreaterThan(0);
    const text = formatBacktest(report);
    expect(text).toContain('Model MAE $');
    expect(text).toMatch(/^ALL\s+\d+/m);
  });

  it('does not seed twice', async () => {
    expect(await seedDemo({ db: h.database.db, now: h.clock.now })).toBe(false);
  });
});
