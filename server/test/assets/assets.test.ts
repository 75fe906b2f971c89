import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, privateAssets } from '../../src/db/schema';
import { saveAssets } from '../../src/services/assets/assets';
import { databaseKinds } from '../support/databases';
import { bearer, createHarness, type Harness } from '../support/harness';

const ROW_RULE = 'Please complete all fields: name, YYYY-MM-DD date, numeric qty/price/last price.';

const venture = (over: object = {}) => ({
  name: 'Northwind Robotics',
  purchase_date: '2024-05-01',
  qty: 1000,
  price_paid: 4,
  last_price_at_date: 6.5,
  value: 6500,
  last_price_date: null,
  dividend_dollar: 120,
  dividend_pct: 1.85,
  ...over,
});

const property = (over: object = {}) => ({
  name: 'Maple Street Duplex',
  purchase_date: '2023-01-15',
  qty: 1,
  price_paid: 600000,
  last_price_at_date: 700000,
  value: 700000,
  last_price_date: null,
  total_rental_income: 90000.5,
  monthly_rental_income: 4500,
  annual_rental_income_pct: 7.71,
  ...over,
});

/** Venture investments (/api/illiquid-assets) and real estate (/api/real-estate). */
describe.each(databaseKinds)('venture and real estate on %s', (kind) => {
  let h: Harness;
  let gp: string;
  let lp: string;

  beforeAll(async () => {
    h = await createHarness(kind);
    ({ gp, lp } = await h.partners('assets'));
  });
  afterAll(() => h.close());

  const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
    h.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const rows = async (url: string, token = lp) => (await send('GET', url, token)).json() as Record<string, unknown>[];
  const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(h.clock.now());

  it('saves several venture rows at once with value = qty × last price and today as the price date', async () => {
    const res = await send('POST', '/api/illiquid-assets/save', gp, {
      assets: [
        venture(),
        venture({
          name: 'Harborline Health',
          qty: '2500.5',
          price_paid: '1.25',
          last_price_at_date: '',
          dividend_dollar: 0,
          dividend_pct: 0,
        }),
      ],
    });
    expect(res.statusCode).toBe(201);
    const list = await rows('/api/illiquid-assets');
    expect(list).toEqual([
      {
        id: expect.any(Number),
        name: 'Northwind Robotics',
        description: '',
        purchase_date: '2024-05-01',
        qty: 1000,
        price_paid: 4,
        last_price_at_date: 6.5,
        last_price_date: today(),
        value: 6500,
        dividend_dollar: 120,
        dividend_pct: 1.85,
      },
      expect.objectContaining({ name: 'Harborline Health', qty: 2500.5, last_price_at_date: 0, value: 0 }),
    ]);
  });

  it('refuses the whole save when one row breaks the rule, with the documented message', async () => {
    for (const bad of [
      { name: '   ' },
      { purchase_date: '2024-5-1' },
      { purchase_date: '2024-02-31' },
      { qty: 'abc' },
      { price_paid: '12,5' },
      { last_price_at_date: null },
    ]) {
      const res = await send('POST', '/api/illiquid-assets/save', gp, { assets: [venture({ name: 'Good row' }), venture(bad)] });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: ROW_RULE });
    }
    expect((await rows('/api/illiquid-assets')).map((r) => r.name)).not.toContain('Good row');
  });

  it('rolls back rows already written when a later row fails in the database', async () => {
    const before = await h.database.db.select().from(privateAssets);
    const actor = { id: 1, email: 'gp-assets@test.dev' };
    const good = { name: 'Written first', purchase_date: '2024-01-01', qty: '1', price_paid: '1', last_price_at_date: '1' };
    // The second row reaches the database unchecked and fails there, inside the same transaction.
    await expect(saveAssets(h.deps, actor, 'venture', [good, { ...good, qty: 'not a number' }])).rejects.toThrow();
    expect(await h.database.db.select().from(privateAssets)).toEqual(before);
  });

  it('updates a row; a new last price without a date is dated today, the same price keeps its date', async () => {
    const [first] = await rows('/api/illiquid-assets');
    await h.database.db
      .update(privateAssets)
      .set({ lastPriceDate: '2025-01-01' })
      .where(eq(privateAssets.id, Number(first?.id)));
    const same = await send('PUT', `/api/illiquid-assets/${String(first?.id)}`, gp, {
      name: 'Northwind Robotics (Series A)',
      purchase_date: '2024-05-01',
      qty: 1000,
      price_paid: 4,
      last_price_at_date: 6.5,
      dividend_dollar: 150,
      dividend_pct: 2.3,
    });
    expect(same.statusCode).toBe(200);
    expect(same.json()).toMatchObject({ name: 'Northwind Robotics (Series A)', last_price_date: '2025-01-01', dividend_dollar: 150 });
    const moved = await send('PUT', `/api/illiquid-assets/${String(first?.id)}`, gp, {
      name: 'Northwind Robotics (Series A)',
      purchase_date: '2024-05-01',
      qty: 1000,
      price_paid: 4,
      last_price_at_date: 7.25,
      dividend_dollar: 150,
      dividend_pct: 2.3,
    });
    expect(moved.json()).toMatchObject({ last_price_at_date: 7.25, last_price_date: today(), value: 7250 });
    const events = await h.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'venture_asset.update'));
    expect(events.length).toBe(2);
    // Exact decimal text as stored, never a float.
    expect(events[1]?.before).toMatchObject({ last_price_at_date: '6.50000000', value: '6500.00' });
    expect(events[1]?.after).toMatchObject({ last_price_at_date: '7.25000000', value: '7250.00' });
  });

  it('answers an update of a missing row with 404 and its message', async () => {
    const res = await send('PUT', '/api/illiquid-assets/999999', gp, venture());
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'That venture investment no longer exists.' });
  });

  it('deletes a row', async () => {
    const [, second] = await rows('/api/illiquid-assets');
    expect((await send('DELETE', `/api/illiquid-assets/${String(second?.id)}`, gp)).statusCode).toBe(200);
    expect((await rows('/api/illiquid-assets')).map((r) => r.id)).not.toContain(second?.id);
    expect((await send('DELETE', `/api/illiquid-assets/${String(second?.id)}`, gp)).statusCode).toBe(404);
  });

  it('keeps venture and real estate apart: a venture id is not a property', async () => {
    const [first] = await rows('/api/illiquid-assets');
    const res = await send('DELETE', `/api/real-estate/${String(first?.id)}`, gp);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'That real estate investment no longer exists.' });
  });

  it('saves, lists and updates real estate with its rental fields', async () => {
    const saved = await send('POST', '/api/real-estate/save', gp, { assets: [property()] });
    expect(saved.statusCode).toBe(201);
    const [row] = await rows('/api/real-estate');
    expect(row).toMatchObject({
      name: 'Maple Street Duplex',
      value: 700000,
      total_rental_income: 90000.5,
      monthly_rental_income: 4500,
      annual_rental_income_pct: 7.71,
    });
    expect(row).not.toHaveProperty('dividend_dollar');
    // docs/product.md §7: the real estate update is sent like the venture one, dividend fields and all.
    const updated = await send('PUT', `/api/real-estate/${String(row?.id)}`, gp, {
      name: 'Maple Street Duplex',
      purchase_date: '2023-01-15',
      qty: 1,
      price_paid: 600000,
      last_price_at_date: 710000,
      dividend_dollar: 0,
      dividend_pct: 0,
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ last_price_at_date: 710000, total_rental_income: 90000.5, monthly_rental_income: 4500 });
  });

  it('refuses a rental figure that is not a number, naming it', async () => {
    const res = await send('POST', '/api/real-estate/save', gp, { assets: [property({ monthly_rental_income: 'lots' })] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Monthly Rental Income must be a number.' });
  });

  it('lets a limited partner read both tables and change neither', async () => {
    expect((await rows('/api/real-estate', lp)).length).toBe(1);
    const [row] = await rows('/api/illiquid-assets', lp);
    for (const [method, url, payload] of [
      ['POST', '/api/illiquid-assets/save', { assets: [venture()] }],
      ['PUT', `/api/illiquid-assets/${String(row?.id)}`, venture()],
      ['DELETE', `/api/illiquid-assets/${String(row?.id)}`, undefined],
      ['POST', '/api/real-estate/save', { assets: [property()] }],
    ] as const) {
      expect((await send(method, url, lp, payload)).statusCode).toBe(403);
    }
    expect((await rows('/api/illiquid-assets', lp)).length).toBe(1);
  });
});
