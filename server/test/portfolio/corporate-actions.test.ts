import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, dailyCloses, holdings, ledgerEntries } from '../../src/db/schema';
import { settleDueDividends } from '../../src/services/portfolio/corporate-actions';
import { databaseKinds } from '../support/databases';
import { bearer, createHarness, type Harness } from '../support/harness';
import { setCash, setQuote } from '../support/books';

/**
 * Corporate actions and income in the ledger (docs/decisions/0011-corporate-actions-and-income.md),
 * with the figures worked out by hand in the comments.
 */
describe.each(databaseKinds)('corporate actions and income on %s', (kind) => {
  let h: Harness;
  let gp: string;
  let lp: string;

  const day = (offsetDays = 0) =>
    new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date(h.clock.now().getTime() + offsetDays * 86_400_000));
  const post = (url: string, payload: object, token = gp) => h.inject({ method: 'POST', url, headers: bearer(token), payload });
  const act = async (payload: object) => {
    const res = await post('/api/corporate-actions', payload);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { message: string; entry: { id: number; amount: string | null; pending: boolean; realized_gain: string | null } };
  };
  const remove = (id: number, token = gp) => h.inject({ method: 'DELETE', url: `/api/corporate-actions/${id}`, headers: bearer(token) });
  const lotsOf = async (symbol: string) =>
    (await h.database.db.select().from(holdings).where(eq(holdings.symbol, symbol)).orderBy(asc(holdings.id))).map((l) => ({
      qty: l.qty,
      pricePaid: l.pricePaid,
      costBasis: l.costBasis,
      purchaseDate: l.purchaseDate,
    }));
  const cash = async () =>
    (await h.inject({ method: 'GET', url: '/api/portfolio/summary', headers: bearer(lp) })).json<{ cashAvailable: string }>().cashAvailable;
  const buy = async (symbol: string, qty: string, price: string, date: string) => {
    const res = await post('/api/holdings', { symbol, asset_type: 'stock', purchases: [{ qty, price_paid: price, purchase_date: date }] });
    expect(res.statusCode, res.body).toBe(201);
  };

  beforeAll(async () => {
    h = await createHarness(kind);
    ({ gp, lp } = await h.partners('corporate'));
    await setCash(h, '50000.00');
  });
  afterAll(() => h.close());

  it('splits 10:1: 10 shares at $1,000.00 become 100 at $100.00, basis $10,000.00; closes before the ex-date follow', async () => {
    await setQuote(h, 'SPLT', '100');
    await buy('SPLT', '10', '1000', '2025-01-02');
    const exDate = day(-3);
    await h.database.db.insert(dailyCloses).values([
      { key: 'SPLT', date: day(-4), close: '1000', source: 'simulated' },
      { key: 'SPLT', date: exDate, close: '100', source: 'simulated' },
    ]);
    const { message } = await act({ kind: 'split', symbol: 'SPLT', ratio: '10:1', ex_date: exDate });
    expect(message).toBe(`Recorded: 10:1 split of SPLT, ex-date ${exDate}.`);
    expect(await lotsOf('SPLT')).toEqual([
      { qty: '100.00000000', pricePaid: '100.00000000', costBasis: '10000.00', purchaseDate: '2025-01-02' },
    ]);
    const closes = await h.database.db.select().from(dailyCloses).where(eq(dailyCloses.key, 'SPLT')).orderBy(asc(dailyCloses.date));
    // The day before the ex-date is divided by 10, so the split day shows no jump.
    expect(closes.map((c) => Number(c.close))).toEqual([100, 100]);
    const [entry] = await h.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.kind, 'split'));
    expect(entry).toMatchObject({ source: 'corporate_action', settles: false });
    expect(Number(entry!.flow)).toBe(0);
  });

  it('sells 50 after the split at $120: realized $1,000.00, as it would be without the split', async () => {
    const res = await post('/api/holdings/sell', { symbol: 'SPLT', qty: '50', price: '120' });
    expect(res.statusCode, res.body).toBe(200);
    // Proceeds 50 × 120 = 6,000.00; basis 10,000.00 × 50/100 = 5,000.00. Unsplit: 5 × 1,200 − 5,000.00, the same.
    expect(res.json()).toMatchObject({ proceeds: '6000.00', realized_gain: '1000.00' });
  });

  it('refuses to remove a split a later sale relies on', async () => {
    const [split] = await h.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.kind, 'split'));
    const res = await remove(split!.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatch(/^Later entries of SPLT rely on this split \(sell #\d+\)\. Remove them first, newest first\.$/);
  });

  it('reverse-splits 1:8: 100 shares become 12 and the half share is paid in cash at the stated price', async () => {
    await setQuote(h, 'REVS', '80');
    await buy('REVS', '60', '10', '2025-02-03');
    await buy('REVS', '40', '10', '2025-03-03');
    const before = await cash();
    const { entry, message } = await act({ kind: 'split', symbol: 'REVS', ratio: '1:8', ex_date: day(-1), cash_in_lieu_price: '85' });
    // 60/8 = 7.5 and 40/8 = 5: 12.5 shares; 0.5 sold first in, first out at 85 = 42.50; its basis 600.00 × 0.5/7.5 = 40.00.
    expect(message).toBe(`Recorded: 1:8 split of REVS, ex-date ${day(-1)}; 0.5 share paid in cash, $42.50.`);
    expect(entry).toMatchObject({ amount: '42.50', realized_gain: '2.50' });
    expect(await lotsOf('REVS')).toEqual([
      { qty: '7.00000000', pricePaid: '80.00000000', costBasis: '560.00', purchaseDate: '2025-02-03' },
      { qty: '5.00000000', pricePaid: '80.00000000', costBasis: '400.00', purchaseDate: '2025-03-03' },
    ]);
    expect(await cash()).toBe((Number(before) + 42.5).toFixed(2));
  });

  it('pays a $0.2350 dividend on 1,234 shares with 15% withheld: $289.99 gross, $43.50 tax, cash +$246.49', async () => {
    await setQuote(h, 'DIVY', '50');
    await buy('DIVY', '1234', '40', '2025-01-06');
    const before = await cash();
    const { entry, message } = await act({
      kind: 'dividend',
      symbol: 'DIVY',
      amount_per_share: '0.2350',
      ex_date: day(-2),
      pay_date: day(),
      tax_withheld_percent: '15',
    });
    // 1,234 × 0.2350 = 289.99; 15 % of it 43.4985 → 43.50 (half up); 289.99 − 43.50 = 246.49.
    expect(message).toBe(
      `Recorded: Dividend of $0.235 a share on 1,234 DIVY (ex-date ${day(-2)}): $289.99 gross, $43.50 tax withheld (15%), $246.49 net, paid ${day()}.`,
    );
    expect(entry).toMatchObject({ amount: '246.49', pending: false });
    expect(await cash()).toBe((Number(before) + 246.49).toFixed(2));
    const summary = (await h.inject({ method: 'GET', url: '/api/portfolio/summary', headers: bearer(lp) })).json();
    expect(summary).toMatchObject({ dividendIncomeAllTime: '289.99', dividendTaxAllTime: '43.50' });
  });

  it('keeps a dividend pending until its pay date, then settles it into Cash Available', async () => {
    const before = await cash();
    const { entry } = await act({
      kind: 'dividend',
      symbol: 'DIVY',
      amount_per_share: '1',
      ex_date: day(-1),
      pay_date: day(2),
      tax_withheld_amount: '34',
    });
    expect(entry).toMatchObject({ amount: '1200.00', pending: true });
    expect(await cash()).toBe(before);
    h.clock.advance(3 * 86_400_000);
    expect(await settleDueDividends({ db: h.database.db, now: h.clock.now })).toBe(1);
    expect(await cash()).toBe((Number(before) + 1200).toFixed(2));
    const list = (await h.inject({ method: 'GET', url: '/api/corporate-actions', headers: bearer(lp) })).json();
    expect(list.entries[0]).toMatchObject({ id: entry.id, pending: false, settles: true });
  });

  it('records interest received, margin interest and fees as cash income and expense, never new money', async () => {
    const before = Number(await cash());
    await act({ kind: 'interest', amount: '12.34', note: 'Cash sweep' });
    await act({ kind: 'margin_interest', amount: '5.00' });
    const fee = await act({ kind: 'fee', amount: '2.10', note: 'Market data' });
    expect(fee.message).toBe('Recorded: Fee charged: $2.10 (Market data).');
    expect(await cash()).toBe((before + 12.34 - 5 - 2.1).toFixed(2));
    const rows = await h.database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.source, 'corporate_action'))
      .orderBy(asc(ledgerEntries.id));
    expect(rows.map((r) => Number(r.flow))).toEqual(rows.map(() => 0));
  });

  it('removes entries newest first and puts the books back exactly, with an audit event each', async () => {
    const list = (await h.inject({ method: 'GET', url: '/api/corporate-actions', headers: bearer(lp) })).json<{
      entries: { id: number; kind: string; symbol: string | null }[];
    }>();
    const revs = list.entries.find((e) => e.symbol === 'REVS')!;
    const cashBefore = await cash();
    const removed = await remove(revs.id);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await lotsOf('REVS')).toEqual([
      { qty: '60.00000000', pricePaid: '10.00000000', costBasis: '600.00', purchaseDate: '2025-02-03' },
      { qty: '40.00000000', pricePaid: '10.00000000', costBasis: '400.00', purchaseDate: '2025-03-03' },
    ]);
    expect(await cash()).toBe((Number(cashBefore) - 42.5).toFixed(2));
    for (const e of list.entries.filter((x) => x.kind !== 'split')) {
      const res = await remove(e.id);
      expect(res.statusCode, res.body).toBe(200);
    }
    // Without the dividends and the income, cash is back to what the trades left: 50,000 + the SPLT sale's 6,000.
    expect(await cash()).toBe('56000.00');
    const events = await h.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'corporate-action.delete')));
    expect(events).toHaveLength(list.entries.length - 1);
    const summary = (await h.inject({ method: 'GET', url: '/api/portfolio/summary', headers: bearer(lp) })).json();
    expect(summary).toMatchObject({ dividendIncomeAllTime: '0.00', dividendTaxAllTime: '0.00' });
  });

  it('lets an LP read the list but not write (403), and answers 404 for an entry that is gone', async () => {
    expect((await h.inject({ method: 'GET', url: '/api/corporate-actions', headers: bearer(lp) })).statusCode).toBe(200);
    const write = await post('/api/corporate-actions', { kind: 'interest', amount: '1' }, lp);
    expect(write.statusCode).toBe(403);
    expect((await remove(1, lp)).statusCode).toBe(403);
    const gone = await remove(999_999);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error).toBe('That corporate action or income entry no longer exists.');
  });

  it('refuses a bad ratio, a pay date before the ex-date, and tax both ways, with readable messages', async () => {
    const ratio = await post('/api/corporate-actions', { kind: 'split', symbol: 'SPLT', ratio: '10', ex_date: day(-1) });
    expect(ratio.statusCode).toBe(400);
    expect(ratio.json().error).toContain('Ratio must be new shares to old shares, such as 10:1 or 1:8');
    const pay = await post('/api/corporate-actions', {
      kind: 'dividend',
      symbol: 'DIVY',
      amount_per_share: '1',
      ex_date: day(-1),
      pay_date: day(-2),
    });
    expect(pay.statusCode).toBe(400);
    expect(pay.json().error).toContain('Pay date cannot be before the ex-date.');
    const both = await post('/api/corporate-actions', {
      kind: 'dividend',
      symbol: 'DIVY',
      amount_per_share: '1',
      ex_date: day(-1),
      pay_date: day(),
      tax_withheld_percent: '10',
      tax_withheld_amount: '1',
    });
    expect(both.statusCode).toBe(400);
    expect(both.json().error).toContain('Give the tax withheld as a percent or as an amount, not both.');
    const none = await post('/api/corporate-actions', { kind: 'split', symbol: 'NONE', ratio: '2:1', ex_date: day(-1) });
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toBe(`The firm held no NONE bought before ${day(-1)}, so there is nothing to split.`);
  });
});
