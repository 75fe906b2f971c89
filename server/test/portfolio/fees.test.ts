import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdings, ledgerEntries } from '../../src/db/schema';
import { databaseKinds } from '../support/databases';
import { bearer, createHarness, type Harness } from '../support/harness';
import { setCash, setQuote } from '../support/books';

/** Fees and commissions (docs/books.md): a buy's fee is part of the lot's basis, a sell's comes off its proceeds. */
describe.each(databaseKinds)('fees on trades on %s', (kind) => {
  let h: Harness;
  let gp: string;

  const post = (url: string, payload: object) => h.inject({ method: 'POST', url, headers: bearer(gp), payload });
  const entries = () => h.database.db.select().from(ledgerEntries).orderBy(asc(ledgerEntries.id));

  beforeAll(async () => {
    h = await createHarness(kind);
    ({ gp } = await h.partners('fees'));
    await setQuote(h, 'FEEX', '1200');
    await setCash(h, '20000.00');
  });
  afterAll(() => h.close());

  it('puts a buy’s fee into the lot’s cost basis and takes it from cash with the purchase', async () => {
    const res = await post('/api/holdings', {
      symbol: 'FEEX',
      asset_type: 'stock',
      purchases: [{ qty: '10', price_paid: '1000', purchase_date: '2025-01-02', fee: '9.99' }],
      settles: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    const [lot] = await h.database.db.select().from(holdings).where(eq(holdings.symbol, 'FEEX'));
    // 10 × 1,000.00 + 9.99
    expect(lot).toMatchObject({ qty: '10.00000000', pricePaid: '1000.00000000', costBasis: '10009.99' });
    const buy = (await entries()).at(-1);
    expect(buy).toMatchObject({
      kind: 'buy',
      amount: '10009.99',
      costBasis: '10009.99',
      fee: '9.99',
      cashBefore: '20000.00',
      cashAfter: '9990.01',
    });
  });

  it('takes a sell’s fee off the proceeds, so the realized gain is net of it', async () => {
    const res = await post('/api/holdings/sell', { symbol: 'FEEX', qty: '5', price: '1200', fee: '4.95' });
    expect(res.statusCode, res.body).toBe(200);
    // Gross 5 × 1,200 = 6,000.00; proceeds 5,995.05; basis 10,009.99 × 5/10 = 5,004.995 → 5,005.00 (half up).
    expect(res.json()).toEqual({
      message: 'Sold 5 FEEX for $5,995.05 after a fee of $4.95: a realized gain of $990.05.',
      proceeds: '5995.05',
      fee: '4.95',
      realized_gain: '990.05',
      cash_available: '15985.06',
    });
    expect((await entries()).at(-1)).toMatchObject({
      kind: 'sell',
      amount: '5995.05',
      costBasis: '5005.00',
      realizedGain: '990.05',
      fee: '4.95',
    });
    const [lot] = await h.database.db.select().from(holdings).where(eq(holdings.symbol, 'FEEX'));
    // What was bought (with its fee) = basis sold + basis held.
    expect(lot).toMatchObject({ qty: '5.00000000', costBasis: '5004.99' });
  });

  it('refuses a fee above what the sale brings, and a fee with more than cents or a negative one', async () => {
    const above = await post('/api/holdings/sell', { symbol: 'FEEX', qty: '0.001', price: '1200', fee: '2' });
    expect(above.statusCode).toBe(400);
    expect(above.json().error).toBe('The fee ($2.00) cannot be more than the sale brings before it ($1.20).');
    const cents = await post('/api/holdings/sell', { symbol: 'FEEX', qty: '1', price: '1200', fee: '0.001' });
    expect(cents.statusCode).toBe(400);
    expect(cents.json().error).toContain('Fee can have at most 2 decimal places.');
    const negative = await post('/api/holdings/sell', { symbol: 'FEEX', qty: '1', price: '1200', fee: '-1' });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().error).toContain('Fee cannot be negative.');
  });

  it('has the assistant state the fee in its proposal and carry it out on yes', async () => {
    const say = await post('/api/ai/prompt', { prompt: 'sell 1 FEEX at 1200 with a fee of 2.50' });
    expect(say.statusCode, say.body).toBe(200);
    expect(say.json().message).toContain('for $1,197.50, after a fee of $2.50, taking the oldest lots first');
    const done = await post('/api/ai/confirm', { confirm: true });
    expect(done.statusCode, done.body).toBe(200);
    expect((await entries()).at(-1)).toMatchObject({ kind: 'sell', source: 'assistant', amount: '1197.50', fee: '2.50' });
  });
});
