import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../support/databases';
import { bearer, createHarness, type Harness } from '../support/harness';

/**
 * docs/decisions/0025, "Later: lots sent on open": portfolio.positions is the valuation without the
 * lots (each position with its number of lots), portfolio.lots one symbol's lots; both from the
 * same engine view as portfolio.valuation, so every figure is the valuation's.
 */
describe.each(databaseKinds)('the positions without their lots, and a symbol’s lots, on %s', (kind) => {
  let h: Harness;
  let gp: string;
  let lp: string;
  const get = (url: string, token: string | null, headers: Record<string, string> = {}) =>
    h.inject({ method: 'GET', url, headers: { ...(token ? bearer(token) : {}), ...headers } });

  /** The books' view changes as quotes arrive and age (decision 0014): two reads are compared again when they fell across a change. */
  async function acrossOneView(check: () => Promise<void>): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await check();
      } catch (err) {
        if (attempt >= 5) throw err;
      }
    }
  }

  beforeAll(async () => {
    h = await createHarness(kind);
    ({ gp, lp } = await h.partners('lots-on-open'));
    await h.caller(gp).portfolio.holdings.add({
      symbol: 'AAPL',
      asset_type: 'stock',
      purchases: [
        { qty: '10', price_paid: '150.25', purchase_date: '2025-03-14' },
        { qty: '2.5', price_paid: '101', purchase_date: '2024-11-04', fee: '1.50' },
        { qty: '7', price_paid: '199.99', purchase_date: '2025-06-02' },
      ],
    });
    await h.caller(gp).portfolio.holdings.add({
      symbol: 'BTC',
      asset_type: 'crypto',
      purchases: [{ qty: '0.125', price_paid: '40000', purchase_date: '2024-01-10' }],
    });
    await h.caller(gp).portfolio.holdings.add({
      symbol: 'KO',
      asset_type: 'stock',
      purchases: [
        { qty: '100', price_paid: '58', purchase_date: '2024-02-01' },
        { qty: '50', price_paid: '61.2', purchase_date: '2024-02-01' },
      ],
    });
    await h.caller(gp).portfolio.balances.save({ cash_available: '1000.5', margin_debit: '250', accounts_receivable: '75' });
  });
  afterAll(() => h.close());

  it('answers every figure of the valuation but the lots, and each position’s number of lots', async () => {
    for (const token of [gp, lp]) {
      await acrossOneView(async () => {
        const valuation = await h.caller(token).portfolio.valuation();
        const positions = await h.caller(token).portfolio.positions();
        expect(positions.asOf).toBe(valuation.asOf);
        expect(valuation.positions.map((p) => [p.symbol, p.lots.length])).toEqual([
          ['AAPL', 3],
          ['BTC', 1],
          ['KO', 2],
        ]);
        const { positions: withLots, ...others } = valuation;
        expect(positions).toEqual({
          positions: withLots.map(({ lots, ...position }) => ({ ...position, lotCount: lots.length })),
          ...others,
        });
        // No lot's figures are sent.
        expect(JSON.stringify(positions)).not.toContain('purchaseDate');
      });
    }
  });

  it('answers a symbol’s lots as the valuation has them, oldest first, whatever the case of the symbol', async () => {
    for (const token of [gp, lp]) {
      await acrossOneView(async () => {
        const valuation = await h.caller(token).portfolio.valuation();
        for (const position of valuation.positions) {
          expect(await h.caller(token).portfolio.lots({ symbol: position.symbol })).toEqual(position.lots);
        }
        expect(await h.caller(token).portfolio.lots({ symbol: 'aapl' })).toEqual(valuation.positions[0]?.lots);
      });
    }
    const aapl = await h.caller(gp).portfolio.lots({ symbol: 'AAPL' });
    expect(aapl.map((lot) => [lot.purchaseDate, lot.qty, lot.cost])).toEqual([
      ['2024-11-04', '2.5', '254.00'],
      ['2025-03-14', '10', '1502.50'],
      ['2025-06-02', '7', '1399.93'],
    ]);
    // Two lots of one day: by id, as the valuation orders them.
    const ko = await h.caller(gp).portfolio.lots({ symbol: 'KO' });
    expect(ko.map((lot) => lot.qty)).toEqual(['100', '50']);
  });

  it('answers an empty list for a symbol not held', async () => {
    expect(await h.caller(gp).portfolio.lots({ symbol: 'MSFT' })).toEqual([]);
    const res = await get('/api/portfolio/lots?symbol=MSFT', lp);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('refuses a symbol that is not one', async () => {
    for (const query of ['', 'symbol=', 'symbol=AAPL%3B', `symbol=${'A'.repeat(16)}`]) {
      const res = await get(`/api/portfolio/lots?${query}`, gp);
      expect(res.statusCode, query).toBe(400);
    }
  });

  it('asks for a session: 401 without one, on REST and tRPC', async () => {
    for (const url of [
      '/api/portfolio/positions',
      '/api/portfolio/lots?symbol=AAPL',
      '/trpc/portfolio.positions',
      `/trpc/portfolio.lots?input=${encodeURIComponent(JSON.stringify({ symbol: 'AAPL' }))}`,
    ]) {
      const res = await get(url, null);
      expect(res.statusCode, url).toBe(401);
    }
  });

  it('sends the kept bytes with an ETag, 304 while unchanged and the new figures after a write', async () => {
    await acrossOneView(async () => {
      const rest = await get('/api/portfolio/positions', lp);
      expect(rest.statusCode).toBe(200);
      const res = await get('/trpc/portfolio.positions', lp);
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(`{"result":{"data":${rest.body}}}`);
      const etag = res.headers.etag as string;
      expect(etag).toMatch(/^"trpc-/);
      expect((await get('/trpc/portfolio.positions', lp, { 'if-none-match': etag })).statusCode).toBe(304);
      const lots = `/trpc/portfolio.lots?input=${encodeURIComponent(JSON.stringify({ symbol: 'AAPL' }))}`;
      const lotsRes = await get(lots, lp);
      expect(lotsRes.statusCode).toBe(200);
      expect((await get(lots, lp, { 'if-none-match': lotsRes.headers.etag as string })).statusCode).toBe(304);
    });

    const before = await get('/trpc/portfolio.positions', gp);
    await h.caller(gp).portfolio.holdings.add({
      symbol: 'AAPL',
      asset_type: 'stock',
      purchases: [{ qty: '1', price_paid: '120', purchase_date: '2025-07-01' }],
    });
    const after = await get('/trpc/portfolio.positions', gp, { 'if-none-match': before.headers.etag as string });
    expect(after.statusCode).toBe(200);
    const data = (after.json() as { result: { data: { positions: { symbol: string; lotCount: number; qty: string }[] } } }).result.data;
    expect(data.positions.find((p) => p.symbol === 'AAPL')).toMatchObject({ lotCount: 4, qty: '20.5' });
    const aapl = await h.caller(gp).portfolio.lots({ symbol: 'AAPL' });
    expect(aapl.map((lot) => lot.purchaseDate)).toEqual(['2024-11-04', '2025-03-14', '2025-06-02', '2025-07-01']);
  });
});
