import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { positionsOn } from '../../src/services/portfolio/positions-on';
import { databaseKinds } from '../support/databases';
import { bearer, createHarness, type Harness } from '../support/harness';
import { setCash, setQuote } from '../support/books';

/**
 * positionsOn (docs/decisions/0018-history-from-the-first-entry.md): what the books held at the end
 * of a past day, replayed from the ledger. Entries are recorded through the API with the clock moved
 * back, so their book dates are in the past; the figures are worked out in the comments.
 */
describe.each(databaseKinds)('positions on a past day on %s', (kind) => {
  let h: Harness;
  let gp: string;
  const DAY = 86_400_000;
  const day = (offsetDays = 0) =>
    new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date(h.clock.now().getTime() + offsetDays * DAY));
  /** Runs `work` with the clock `daysAgo` days back, so what it records is booked on that day. */
  const back = async <T>(daysAgo: number, work: () => Promise<T>): Promise<T> => {
    h.clock.advance(-daysAgo * DAY);
    try {
      return await work();
    } finally {
      h.clock.advance(daysAgo * DAY);
    }
  };
  const ok = async (method: 'POST' | 'PUT', url: string, payload: object) => {
    const res = await h.inject({ method, url, headers: bearer(gp), payload });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res;
  };
  const on = async (offset: number) => {
    const p = await positionsOn(h.database.db, day(offset));
    return { quantities: Object.fromEntries([...p.quantities].map(([s, q]) => [s, q.qty])), cash: p.cash, margin: p.marginDebit };
  };

  beforeAll(async () => {
    h = await createHarness(kind);
    ({ gp } = await h.partners('positions'));
    // Cash typed in before the ledger: held throughout.
    await setCash(h, '10000.00');
    await setQuote(h, 'PSA', '10');
  });
  afterAll(() => h.close());

  it('replays buys (from their purchase dates), FIFO sales, a split, a deposit and a balances edit', async () => {
    // Day −30: 100 PSA bought at $10 elsewhere (not settled); day −20: 50 more at $12, paid from cash ($600).
    await ok('POST', '/api/holdings', {
      symbol: 'PSA',
      asset_type: 'stock',
      purchases: [{ qty: '100', price_paid: '10', purchase_date: day(-30) }],
    });
    await back(20, () =>
      ok('POST', '/api/holdings', {
        symbol: 'PSA',
        asset_type: 'stock',
        settles: true,
        purchases: [{ qty: '50', price_paid: '12', purchase_date: day(0) }],
      }),
    );
    // Day −15: 120 sold at $11, settled: proceeds $1,320.00.
    await back(15, () => ok('POST', '/api/holdings/sell', { symbol: 'PSA', qty: '120', price: '11' }));
    // Day −10: a deposit of $2,500.00.
    await back(10, () => ok('POST', '/api/cash-movements', { kind: 'deposit', amount: '2500', note: 'top up' }));
    // Day −5: a 2:1 split with ex-date day −5: 30 shares become 60.
    await back(5, () => ok('POST', '/api/corporate-actions', { kind: 'split', symbol: 'PSA', ratio: '2:1', ex_date: day(0) }));
    // Day −2: balances typed: cash from $13,220.00 (10,000 − 600 + 1,320 + 2,500) to $13,000.00, margin $400.00.
    await back(2, () => ok('PUT', '/api/account-balance', { cash_available: '13000', margin_debit: '400', accounts_receivable: '0' }));

    // Before any entry: the $10,000.00 typed in before the ledger, today's $13,000.00 less every move:
    // 13,000 + 220 − 2,500 − 1,320 + 600 = 10,000.
    expect(await on(-31)).toEqual({ quantities: {}, cash: '10000.00', margin: '0.00' });
    expect(await on(-30)).toEqual({ quantities: { PSA: '100' }, cash: '10000.00', margin: '0.00' });
    expect(await on(-20)).toEqual({ quantities: { PSA: '150' }, cash: '9400.00', margin: '0.00' });
    expect(await on(-15)).toEqual({ quantities: { PSA: '30' }, cash: '10720.00', margin: '0.00' });
    expect(await on(-10)).toEqual({ quantities: { PSA: '30' }, cash: '13220.00', margin: '0.00' });
    // Quantities in the day's own terms: 30 before the ex-date, 60 from it.
    expect(await on(-6)).toEqual({ quantities: { PSA: '30' }, cash: '13220.00', margin: '0.00' });
    expect(await on(-5)).toEqual({ quantities: { PSA: '60' }, cash: '13220.00', margin: '0.00' });
    expect(await on(-2)).toEqual({ quantities: { PSA: '60' }, cash: '13000.00', margin: '400.00' });
    expect(await on(0)).toEqual({ quantities: { PSA: '60' }, cash: '13000.00', margin: '400.00' });
  });
});
