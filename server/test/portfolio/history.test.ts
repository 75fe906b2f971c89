import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountBalances, quotes } from '../../src/db/schema';
import { portfolioChanged } from '../../src/services/portfolio/ledger';
import { databaseKinds } from '../support/databases';
import { bearer, createHarness, type Harness } from '../support/harness';

interface Day {
  date: string;
  netAccountValue: string;
  netFlow: string;
  returnPct: string;
}

/**
 * The history chart's today beside the stat cards: right after new money comes in or goes out,
 * before any snapshot is retaken, today's point is the cards' net account value and the money is
 * that day's flow, so the time-weighted return does not move.
 */
describe.each(databaseKinds)('the history right after a deposit or withdrawal on %s', (kind) => {
  let h: Harness;
  let gp: string;

  const get = async <T>(url: string) => {
    const res = await h.inject({ method: 'GET', url, headers: bearer(gp) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as T;
  };
  const history = async () => (await get<{ days: Day[] }>('/api/portfolio/history?days=5')).days;
  const cardsValue = async () => (await get<{ netAccountValue: string }>('/api/portfolio/summary')).netAccountValue;
  const move = async (kind: 'deposit' | 'withdrawal', amount: string) => {
    const res = await h.inject({
      method: 'POST',
      url: '/api/cash-movements',
      headers: bearer(gp),
      payload: { kind, amount, confirmed: true, allow_negative_cash: true },
    });
    expect(res.statusCode, res.body).toBe(201);
  };

  beforeAll(async () => {
    h = await createHarness(kind);
    ({ gp } = await h.partners('history'));
    await h.database.db.insert(accountBalances).values({ id: 1, cashAvailable: '100000.00', marginDebit: '0', accountsReceivable: '0' });
    // A price that does not move by the minute, so the only change of the day is the money.
    const now = h.clock.now();
    const quote = { key: 'ACME', name: 'ACME', price: '250', change: '0', changePct: '0', source: 'simulated' as const };
    await h.database.db.insert(quotes).values({ ...quote, asOf: now, fetchedAt: now, failedAt: null });
    await portfolioChanged(h.database.db);
    const bought = await h.inject({
      method: 'POST',
      url: '/api/holdings',
      headers: bearer(gp),
      payload: { symbol: 'ACME', asset_type: 'stock', purchases: [{ qty: '400', price_paid: '200', purchase_date: '2025-01-02' }] },
    });
    expect(bought.statusCode, bought.body).toBe(201);
    // Yesterday's and today's snapshots as the scheduled job takes them.
    await h.deps.market.refreshNow();
    h.clock.advance(86_400_000);
    await h.deps.market.refreshNow();
  });
  afterAll(() => h.close());

  it("shows the cards' value today and the deposit as the day's new money, the return unchanged", async () => {
    const before = (await history()).at(-1)!;
    await move('deposit', '5000000.00');
    const [days, value] = await Promise.all([history(), cardsValue()]);
    const today = days.at(-1)!;
    expect(today.date).toBe(before.date);
    expect(today.netAccountValue).toBe(value);
    expect(today.netAccountValue).toBe((Number(before.netAccountValue) + 5_000_000).toFixed(2));
    expect(today.netFlow).toBe((Number(before.netFlow) + 5_000_000).toFixed(2));
    expect(today.returnPct).toBe(before.returnPct);
  });

  it('does the same for a withdrawal larger than the rest of the day’s value change', async () => {
    const before = (await history()).at(-1)!;
    await move('withdrawal', '4000000.00');
    const today = (await history()).at(-1)!;
    expect(today.netAccountValue).toBe(await cardsValue());
    expect(today.netAccountValue).toBe((Number(before.netAccountValue) - 4_000_000).toFixed(2));
    expect(today.netFlow).toBe((Number(before.netFlow) - 4_000_000).toFixed(2));
    expect(today.returnPct).toBe(before.returnPct);
  });
});
