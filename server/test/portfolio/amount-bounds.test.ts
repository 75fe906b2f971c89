import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountBalances, holdings, pendingActions, privateAssets } from '../../src/db/schema';
import { databaseKinds } from '../support/databases';
import { bearer, createHarness, type Harness } from '../support/harness';

/**
 * The largest amounts the API accepts (domain/amounts.ts) are stored exactly and come back as
 * exactly the same JSON numbers: no accepted value is rounded on the way out.
 */
describe.each(databaseKinds)('amounts at their bounds on %s', (kind) => {
  let h: Harness;
  let gp: string;
  let lp: string;

  beforeAll(async () => {
    h = await createHarness(kind);
    ({ gp, lp } = await h.partners('bounds'));
  });
  afterAll(() => h.close());

  const send = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
    h.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

  it('stores the largest lots exactly and lists them back as the same numbers', async () => {
    const res = await send('POST', '/api/holdings', gp, {
      symbol: 'BIG',
      asset_type: 'stock',
      purchases: [
        { qty: '1000000000000', price_paid: '10000000000', purchase_date: '2025-01-02' },
        { qty: '999999999999.999', price_paid: '9999999.12345678', purchase_date: '2025-01-03' },
        { qty: '0.00000001', price_paid: '0.00000001', purchase_date: '2025-01-04' },
      ],
    });
    expect(res.statusCode).toBe(201);
    const expected = [
      [1_000_000_000_000, 10_000_000_000],
      [999_999_999_999.999, 9_999_999.12345678],
      [0.00000001, 0.00000001],
    ];
    const added = res.json() as { qty: number; price_paid: number }[];
    expect(added.map((l) => [l.qty, l.price_paid])).toEqual(expected);
    // The JSON text itself carries the decimals that were sent.
    expect(res.body).toContain('"qty":999999999999.999');
    expect(res.body).toContain('"price_paid":9999999.12345678');

    const listed = (await send('GET', '/api/holdings', lp)).json() as { symbol: string; qty: number; price_paid: number }[];
    expect(listed.filter((l) => l.symbol === 'BIG').map((l) => [l.qty, l.price_paid])).toEqual(expected);
    const stored = await h.database.db.select().from(holdings).where(eq(holdings.symbol, 'BIG'));
    expect(stored.map((r) => [r.qty, r.pricePaid]).sort()).toEqual([
      ['0.00000001', '0.00000001'],
      ['1000000000000.00000000', '10000000000.00000000'],
      ['999999999999.99900000', '9999999.12345678'],
    ]);
  });

  it('stores balances at their bounds exactly, either side of zero', async () => {
    const res = await send('PUT', '/api/account-balance', gp, {
      cash_available: '999999999999.99',
      margin_debit: '1000000000000',
      accounts_receivable: '-1000000000000',
    });
    expect(res.statusCode).toBe(200);
    const balances = { cash_available: 999_999_999_999.99, margin_debit: 1_000_000_000_000, accounts_receivable: -1_000_000_000_000 };
    expect((await send('GET', '/api/account-balance', lp)).json()).toEqual(balances);
    const [row] = await h.database.db.select().from(accountBalances);
    expect([row?.cashAvailable, row?.marginDebit, row?.accountsReceivable]).toEqual([
      '999999999999.99',
      '1000000000000.00',
      '-1000000000000.00',
    ]);
  });

  it('stores venture and real estate rows at their bounds exactly', async () => {
    const row = {
      name: 'Largest',
      purchase_date: '2024-01-02',
      qty: '1000000000000',
      price_paid: '10000000000',
      last_price_at_date: '9999999999.99999',
    };
    const venture = await send('POST', '/api/illiquid-assets/save', gp, {
      assets: [{ ...row, dividend_dollar: '999999999999.99', dividend_pct: '10000' }],
    });
    expect(venture.statusCode).toBe(201);
    const property = await send('POST', '/api/real-estate/save', gp, {
      assets: [
        { ...row, total_rental_income: '1000000000000', monthly_rental_income: '-999999999999.99', annual_rental_income_pct: '-10000' },
      ],
    });
    expect(property.statusCode).toBe(201);

    const common = { qty: 1_000_000_000_000, price_paid: 10_000_000_000, last_price_at_date: 9_999_999_999.99999 };
    expect((await send('GET', '/api/illiquid-assets', lp)).json()).toEqual([
      expect.objectContaining({ ...common, dividend_dollar: 999_999_999_999.99, dividend_pct: 10_000 }),
    ]);
    expect((await send('GET', '/api/real-estate', lp)).json()).toEqual([
      expect.objectContaining({
        ...common,
        total_rental_income: 1_000_000_000_000,
        monthly_rental_income: -999_999_999_999.99,
        annual_rental_income_pct: -10_000,
      }),
    ]);
    const stored = await h.database.db.select().from(privateAssets);
    expect(stored.map((r) => [r.kind, r.qty, r.lastPriceAtDate])).toEqual([
      ['venture', '1000000000000.00000000', '9999999999.99999000'],
      ['real_estate', '1000000000000.00000000', '9999999999.99999000'],
    ]);
  });

  it('has the assistant refuse a trade beyond the same bounds, proposing nothing', async () => {
    const say = async (prompt: string) =>
      (await send('POST', '/api/ai/prompt', gp, { prompt })).json() as { message: string; requiresConfirmation: boolean };
    expect(await say('buy 9999999999999999 AAPL at 10')).toEqual({
      message: 'The quantity must be at most 1,000,000,000,000.',
      requiresConfirmation: false,
    });
    expect(await say('buy 10 AAPL at 20000000000')).toEqual({
      message: 'The price must be at most 10,000,000,000.',
      requiresConfirmation: false,
    });
    expect(await h.database.db.select().from(pendingActions)).toEqual([]);
  });
});
