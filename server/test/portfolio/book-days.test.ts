import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dailyCloses, holdings, quotes } from '../../src/db/schema';
import { recordCloses } from '../../src/services/market/quote-cache';
import { portfolioChanged } from '../../src/services/portfolio/ledger';
import { databaseKinds } from '../support/databases';
import { bearer, createHarness, type Harness } from '../support/harness';

/** One day for the books: New York days for stocks and crypto alike. */
describe.each(databaseKinds)('book days on %s', (kind) => {
  let h: Harness;
  let lp: string;
  // 20:30 in New York on 2026-03-10 (EDT) is already 00:30 UTC on 2026-03-11.
  const evening = new Date('2026-03-11T00:30:00Z');

  beforeAll(async () => {
    h = await createHarness(kind);
    ({ lp } = await h.partners('days'));
    h.clock.advance(evening.getTime() - h.clock.now().getTime());
    await h.database.db.insert(holdings).values({
      symbol: 'BTC',
      assetType: 'crypto',
      qty: '0.5',
      pricePaid: '40000',
      costBasis: '20000.00',
      purchaseDate: '2026-01-05',
    });
    await h.database.db.insert(dailyCloses).values([
      { key: 'BTC-USD', date: '2026-03-09', close: '60000', source: 'simulated' },
      { key: 'BTC-USD', date: '2026-03-10', close: '60500', source: 'simulated' },
    ]);
    // The provider's change runs from 00:00 UTC, half an hour ago.
    const at = h.clock.now();
    await h.database.db.insert(quotes).values({
      key: 'BTC-USD',
      name: 'Bitcoin',
      price: '61000',
      change: '50',
      changePct: '0.082',
      source: 'simulated',
      asOf: at,
      fetchedAt: at,
    });
    await portfolioChanged(h.database.db);
  });
  afterAll(() => h.close());

  it("measures crypto's day from the close of the previous New York day, not from midnight UTC", async () => {
    const valuation = await h.caller(lp).portfolio.valuation();
    // 0.5 × (61000 − 60000) = 500.00
    expect(valuation.totals.dayGain).toBe('500.00');
    const [lot] = (await h.inject({ method: 'GET', url: '/api/holdings', headers: bearer(lp) })).json() as {
      change: number;
      changePct: number;
    }[];
    expect(lot).toMatchObject({ change: 1000, changePct: 1.6667 });
  });

  it('stores the evening’s price as the close of the New York day it belongs to', async () => {
    const at = h.clock.now();
    await recordCloses(h.database.db, [
      {
        key: 'BTC-USD',
        name: 'Bitcoin',
        price: 61000,
        change: 50,
        changePct: 0.08,
        dividendYield: null,
        marketCap: null,
        peRatio: null,
        oneMonthPerf: null,
        source: 'simulated',
        asOf: at,
      },
    ]);
    const rows = (await h.database.db.select().from(dailyCloses)).filter((r) => r.key === 'BTC-USD').map((r) => [r.date, r.close]);
    expect(rows.sort()).toEqual([
      ['2026-03-09', '60000'],
      ['2026-03-10', '61000'],
    ]);
  });
});
