import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, holdings } from '../../src/db/schema';
import { BOOK_DATE_RULE } from '../../src/contract/book-dates';
import { databaseKinds } from '../support/databases';
import { bearer, createHarness, type Harness } from '../support/harness';

/** Liquid holdings as purchase lots: GET, POST and DELETE /api/holdings and their tRPC procedures. */
describe.each(databaseKinds)('holdings on %s', (kind) => {
  let h: Harness;
  let gp: string;
  let lp: string;

  beforeAll(async () => {
    h = await createHarness(kind);
    ({ gp, lp } = await h.partners('holdings'));
  });
  afterAll(() => h.close());

  const post = (token: string, payload: object) => h.inject({ method: 'POST', url: '/api/holdings', headers: bearer(token), payload });
  const list = async (token: string) => {
    const res = await h.inject({ method: 'GET', url: '/api/holdings', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    return res.json() as Record<string, unknown>[];
  };

  it('adds one lot per purchase, upper-cases the symbol and defaults the exchange to NASDAQ', async () => {
    const res = await post(gp, {
      symbol: ' msft ',
      asset_type: 'stock',
      purchases: [
        { qty: 10, price_paid: 401.5, purchase_date: '2025-02-03' },
        { qty: '2.5', price_paid: '399.99', purchase_date: '2024-12-30' },
      ],
    });
    expect(res.statusCode).toBe(201);
    const added = res.json() as { id: number; symbol: string; exchange: string; qty: number; price_paid: number }[];
    expect(added.map((l) => [l.symbol, l.exchange, l.qty, l.price_paid])).toEqual([
      ['MSFT', 'NASDAQ', 10, 401.5],
      ['MSFT', 'NASDAQ', 2.5, 399.99],
    ]);
    const stored = await h.database.db.select().from(holdings).where(eq(holdings.symbol, 'MSFT'));
    expect(stored.map((r) => [r.qty, r.pricePaid, r.purchaseDate, r.assetType])).toEqual([
      ['10.00000000', '401.50000000', '2025-02-03', 'stock'],
      ['2.50000000', '399.99000000', '2024-12-30', 'stock'],
    ]);
  });

  it('stores quantities and prices exactly, to eight decimal places', async () => {
    const res = await post(gp, {
      symbol: 'btc-usd',
      asset_type: 'crypto',
      purchases: [{ qty: '0.12345678', price_paid: '64123.45678901', purchase_date: '2025-06-01' }],
    });
    expect(res.statusCode).toBe(201);
    const [lot] = res.json() as { id: number; symbol: string; exchange: string | null; qty: number; price_paid: number }[];
    expect(lot).toMatchObject({ symbol: 'BTC', exchange: null, qty: 0.12345678, price_paid: 64123.45678901 });
    const [row] = await h.database.db
      .select()
      .from(holdings)
      .where(eq(holdings.id, lot?.id ?? 0));
    expect([row?.qty, row?.pricePaid]).toEqual(['0.12345678', '64123.45678901']);
  });

  it('lists every lot with its live fields from the quote cache, marked with their source', async () => {
    await h.deps.market.refreshNow();
    const lots = await list(lp);
    const msft = lots.filter((l) => l.symbol === 'MSFT');
    expect(msft.map((l) => l.purchase_date)).toEqual(['2024-12-30', '2025-02-03']);
    for (const lot of lots) {
      expect(lot).toMatchObject({
        lastPrice: expect.any(Number),
        change: expect.any(Number),
        changePct: expect.any(Number),
        oneMonthPerf: expect.any(Number),
        quoteSource: 'simulated',
        quoteStale: false,
      });
      expect(lot.lastPrice as number).toBeGreaterThan(0);
      expect(Object.keys(lot)).toEqual(
        expect.arrayContaining([
          'id',
          'symbol',
          'qty',
          'price_paid',
          'purchase_date',
          'asset_type',
          'exchange',
          'dividendYield',
          'marketCap',
          'peRatio',
        ]),
      );
    }
    expect(lots.find((l) => l.symbol === 'BTC')).toMatchObject({ peRatio: null, dividendYield: null });
  });

  it('records who added each lot in the audit trail', async () => {
    const events = await h.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'holding.add'));
    expect(events.length).toBe(3);
    expect(events[0]).toMatchObject({ actorEmail: 'gp-holdings@test.dev', via: 'user', entity: 'holding', before: null });
    expect(events[0]?.after).toMatchObject({ symbol: 'MSFT', qty: '10', cost_basis: '4015.00' });
  });

  it('deletes one lot and keeps the others', async () => {
    const [first, second] = (await list(gp)).filter((l) => l.symbol === 'MSFT');
    const res = await h.inject({ method: 'DELETE', url: `/api/holdings/${String(first?.id)}`, headers: bearer(gp) });
    expect(res.statusCode).toBe(200);
    const left = (await list(gp)).filter((l) => l.symbol === 'MSFT');
    expect(left.map((l) => l.id)).toEqual([second?.id]);
    const [event] = await h.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'holding.delete'));
    expect(event).toMatchObject({ entityId: String(first?.id), after: null });
    expect(event?.before).toMatchObject({ symbol: 'MSFT', purchase_date: '2024-12-30' });

    const again = await h.inject({ method: 'DELETE', url: `/api/holdings/${String(first?.id)}`, headers: bearer(gp) });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: 'That purchase lot no longer exists.' });
  });

  it('lets a limited partner read but not write', async () => {
    const add = await post(lp, {
      symbol: 'AAPL',
      asset_type: 'stock',
      purchases: [{ qty: 1, price_paid: 1, purchase_date: '2025-01-02' }],
    });
    expect(add.statusCode).toBe(403);
    const before = await list(lp);
    const lot = before[0];
    const del = await h.inject({ method: 'DELETE', url: `/api/holdings/${String(lot?.id)}`, headers: bearer(lp) });
    expect(del.statusCode).toBe(403);
    await expect(h.caller(lp).portfolio.holdings.remove({ id: Number(lot?.id) })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect((await list(lp)).length).toBe(before.length);
  });

  it.each([
    [{ qty: 0 }, 'Quantity must be more than 0.'],
    [{ qty: -1 }, 'Quantity must be more than 0.'],
    [{ qty: '1.123456789' }, 'Quantity can have at most 8 decimal places.'],
    [{ qty: 'ten' }, 'Quantity must be a number.'],
    [{ price_paid: -5 }, 'Purchase price cannot be negative.'],
    [{ price_paid: 1e20 }, 'Purchase price must be at most 10,000,000,000.'],
    [{ purchase_date: '2025-02-30' }, 'Purchase date must be a date in YYYY-MM-DD form.'],
    [{ purchase_date: '03/01/2025' }, 'Purchase date must be a date in YYYY-MM-DD form.'],
    [{ purchase_date: '2099-01-01' }, BOOK_DATE_RULE],
    [{ purchase_date: '1899-12-31' }, BOOK_DATE_RULE],
  ])('refuses a purchase %o with "%s" and stores none of the rows', async (bad, message) => {
    const before = (await list(gp)).length;
    const res = await post(gp, {
      symbol: 'NVDA',
      asset_type: 'stock',
      purchases: [
        { qty: 1, price_paid: 100, purchase_date: '2025-01-02' },
        { qty: 1, price_paid: 100, purchase_date: '2025-01-03', ...bad },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: message });
    expect((await list(gp)).length).toBe(before);
  });

  it.each([
    [{ symbol: '' }, 'Ticker symbol is required.'],
    [{ symbol: 'AA PL' }, 'Ticker symbol can have only letters, digits, dots and dashes.'],
    [{ asset_type: 'bond' }, 'Asset type must be stock or crypto.'],
    [{ purchases: [] }, 'Add at least one purchase.'],
  ])('refuses %o with "%s"', async (bad, message) => {
    const res = await post(gp, {
      symbol: 'NVDA',
      asset_type: 'stock',
      purchases: [{ qty: 1, price_paid: 1, purchase_date: '2025-01-02' }],
      ...bad,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: message });
  });

  it('keeps a given exchange for quote links', async () => {
    const res = await post(gp, {
      symbol: 'KO',
      asset_type: 'stock',
      exchange: 'nyse',
      purchases: [{ qty: 3, price_paid: 60, purchase_date: '2025-01-02' }],
    });
    expect((res.json() as { exchange: string }[])[0]?.exchange).toBe('NYSE');
  });

  it('prices a newly bought symbol in the background, without making the purchase wait', async () => {
    const res = await post(gp, {
      symbol: 'PLTR',
      asset_type: 'stock',
      purchases: [{ qty: 5, price_paid: 40, purchase_date: '2025-03-03' }],
    });
    expect(res.statusCode).toBe(201);
    expect((res.json() as { lastPrice: number | null }[])[0]?.lastPrice).toBeNull();
    await h.deps.market.refreshNow();
    const pltr = (await list(gp)).find((l) => l.symbol === 'PLTR');
    expect(pltr?.lastPrice).toEqual(expect.any(Number));
  });
});
