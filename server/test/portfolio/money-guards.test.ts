import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountBalances, auditEvents, capitalEntries, holdings, ledgerEntries, privateAssets } from '../../src/db/schema';
import { BOOK_DATE_RULE } from '../../src/contract/book-dates';
import { ConfigError, loadConfig } from '../../src/config';
import { portfolioChanged } from '../../src/services/portfolio/ledger';
import { databaseKinds } from '../support/databases';
import { bearer, createHarness, type Harness } from '../support/harness';
import { setCash as setCashOf } from '../support/books';

/**
 * The guards on money: no movement of cash that settles takes Cash Available below zero unless
 * negative cash (margin) is allowed; a deposit or withdrawal above CASH_CONFIRM_ABOVE is recorded
 * only once confirmed; and one date rule for everything dated in the books.
 */

const NEGATIVE = 'It cannot go below zero unless you allow negative cash (margin).';

describe.each(databaseKinds)('money guards on %s', (kind) => {
  let h: Harness;
  let gp: string;
  let lp: string;
  let lpId: number;

  beforeAll(async () => {
    h = await createHarness(kind, { env: { CASH_CONFIRM_ABOVE: '5000' } });
    ({ gp, lp } = await h.partners('guards'));
    lpId = (await h.caller(gp).admin.users.list()).users.find((u) => u.email === 'lp-guards@test.dev')!.id;
  });
  afterAll(() => h.close());

  const post = (url: string, payload: object, token = gp) => h.inject({ method: 'POST', url, headers: bearer(token), payload });
  const setCash = (amount: string) => setCashOf(h, amount);
  const cash = async () => (await h.database.db.select().from(accountBalances))[0]?.cashAvailable;
  /** What a refusal must leave as it was: cash, lots, ledger, audit log and capital entries. */
  const books = async () => ({
    cash: await cash(),
    lots: (await h.database.db.select().from(holdings)).length,
    ledger: (await h.database.db.select().from(ledgerEntries)).length,
    audit: (await h.database.db.select().from(auditEvents)).length,
    capital: (await h.database.db.select().from(capitalEntries)).length,
  });

  describe('a withdrawal', () => {
    it('that would take Cash Available below zero is refused with 409, naming the figures, and changes nothing', async () => {
      await setCash('452810.31');
      const before = await books();
      const res = await post('/api/cash-movements', { kind: 'withdrawal', amount: '99999999', confirmed: true });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: `Cash Available would go from $452,810.31 to -$99,547,188.69. ${NEGATIVE}` });
      expect(await books()).toEqual(before);
    });

    it('down to exactly zero needs no margin', async () => {
      await setCash('1200.50');
      const res = await post('/api/cash-movements', { kind: 'withdrawal', amount: '1200.50' });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ message: 'Withdrawal of $1,200.50 recorded. Cash Available is now $0.00.', cash_available: '0.00' });
    });

    it('below zero goes through when negative cash is allowed, and the ledger keeps the cash before and after', async () => {
      await setCash('100.00');
      const res = await post('/api/cash-movements', { kind: 'withdrawal', amount: '350', note: 'Fees', allow_negative_cash: true });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ message: 'Withdrawal of $350.00 recorded. Cash Available is now -$250.00.', cash_available: '-250.00' });
      const [entry] = await h.database.db.select().from(ledgerEntries).orderBy(ledgerEntries.id).limit(1).offset(1);
      expect(entry).toMatchObject({ kind: 'withdrawal', amount: '350.00', cashBefore: '100.00', cashAfter: '-250.00' });
    });

    it('from cash already below zero is refused too; a deposit never is', async () => {
      await setCash('-250.00');
      const before = await books();
      const more = await post('/api/cash-movements', { kind: 'withdrawal', amount: '1' });
      expect(more.statusCode).toBe(409);
      expect(more.json()).toEqual({ error: `Cash Available would go from -$250.00 to -$251.00. ${NEGATIVE}` });
      expect(await books()).toEqual(before);
      const deposit = await post('/api/cash-movements', { kind: 'deposit', amount: '100' });
      expect(deposit.statusCode).toBe(201);
      expect(await cash()).toBe('-150.00');
    });
  });

  describe('a movement above CASH_CONFIRM_ABOVE', () => {
    it('is refused with 400 until confirmed, saying what it does to Cash Available; at the threshold it is not', async () => {
      await setCash('10000.00');
      const before = await books();
      for (const [movement, after] of [
        ['withdrawal', '$4,999.99'],
        ['deposit', '$15,000.01'],
      ] as const) {
        const res = await post('/api/cash-movements', { kind: movement, amount: '5000.01' });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({
          error:
            `A ${movement} of $5,000.01 is above $5,000.00, so it must be confirmed: Cash Available would go from $10,000.00 to ${after}. ` +
            'Confirm it (confirmed: true) to record it.',
        });
      }
      const unconfirmed = await post('/api/cash-movements', { kind: 'withdrawal', amount: '5000.01', confirmed: false });
      expect(unconfirmed.statusCode).toBe(400);
      expect(await books()).toEqual(before);

      expect((await post('/api/cash-movements', { kind: 'withdrawal', amount: '5000' })).statusCode).toBe(201);
      const confirmed = await post('/api/cash-movements', { kind: 'deposit', amount: '5000.01', confirmed: true });
      expect(confirmed.statusCode).toBe(201);
      expect(await cash()).toBe('10000.01');
    });

    it('is previewed for the form: Cash Available before and after, whether to confirm, and why it would be refused', async () => {
      await setCash('10000.00');
      const preview = h.caller(gp).portfolio.balances.previewCashMovement;
      expect(await preview({ kind: 'withdrawal', amount: '6000' })).toEqual({
        cash_before: '10000.00',
        cash_after: '4000.00',
        confirm_above: '5000.00',
        needs_confirmation: true,
        refusal: null,
      });
      expect(await preview({ kind: 'withdrawal', amount: '10000.01' })).toEqual({
        cash_before: '10000.00',
        cash_after: '-0.01',
        confirm_above: '5000.00',
        needs_confirmation: true,
        refusal: `Cash Available would go from $10,000.00 to -$0.01. ${NEGATIVE}`,
      });
      expect(await preview({ kind: 'withdrawal', amount: '10000.01', allow_negative_cash: true })).toMatchObject({ refusal: null });
      expect(await preview({ kind: 'deposit', amount: '12.5' })).toMatchObject({ cash_after: '10012.50', needs_confirmation: false });
      await expect(h.caller(lp).portfolio.balances.previewCashMovement({ kind: 'deposit', amount: '1' })).rejects.toMatchObject({
        code: 'FORBIDDEN',
      });
    });
  });

  describe('Add Investment paid from Cash Available', () => {
    const purchase = (over: object = {}) => ({
      symbol: 'AAPL',
      asset_type: 'stock',
      settles: true,
      purchases: [
        { qty: '10', price_paid: '150', purchase_date: '2025-01-02' },
        { qty: '5', price_paid: '160', purchase_date: '2025-01-03' },
      ],
      ...over,
    });

    it('is refused with 409 when it would take Cash Available below zero, storing none of the lots', async () => {
      await setCash('2000.00');
      const before = await books();
      const res = await post('/api/holdings', purchase());
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: `Cash Available would go from $2,000.00 to -$300.00. ${NEGATIVE}` });
      expect(await books()).toEqual(before);
    });

    it('goes below zero when negative cash is allowed; recorded purchases (not paid from cash) are never refused', async () => {
      await setCash('2000.00');
      expect((await post('/api/holdings', purchase({ allow_negative_cash: true }))).statusCode).toBe(201);
      expect(await cash()).toBe('-300.00');
      expect((await post('/api/holdings', purchase({ settles: false }))).statusCode).toBe(201);
      expect(await cash()).toBe('-300.00');
    });

    it('keeps the one date rule for every purchase row', async () => {
      const before = await books();
      for (const day of ['2999-12-31', '2100-12-31']) {
        const res = await post(
          '/api/holdings',
          purchase({ settles: false, purchases: [{ qty: '1', price_paid: '1', purchase_date: day }] }),
        );
        expect([res.statusCode, res.json()]).toEqual([400, { error: BOOK_DATE_RULE }]);
      }
      expect(await books()).toEqual(before);
    });
  });

  describe('venture and real estate rows', () => {
    const row = (over: object = {}) => ({
      name: 'Dated',
      purchase_date: '2024-05-01',
      qty: '1',
      price_paid: '1',
      last_price_at_date: '1',
      ...over,
    });

    it('are refused when dated after today, on save and on update, and none is stored', async () => {
      const count = async () => (await h.database.db.select().from(privateAssets)).length;
      const before = await count();
      for (const [url, extra] of [
        ['/api/illiquid-assets/save', {}],
        ['/api/real-estate/save', { monthly_rental_income: '10' }],
      ] as const) {
        const res = await post(url, { assets: [row(extra), row({ ...extra, purchase_date: '2100-12-31' })] });
        expect([res.statusCode, res.json()]).toEqual([400, { error: BOOK_DATE_RULE }]);
      }
      expect(await count()).toBe(before);

      const saved = await post('/api/illiquid-assets/save', { assets: [row()] });
      expect(saved.statusCode).toBe(201);
      const [{ id }] = saved.json() as [{ id: number }];
      const update = await h.inject({
        method: 'PUT',
        url: `/api/illiquid-assets/${id}`,
        headers: bearer(gp),
        payload: row({ purchase_date: '2100-12-31' }),
      });
      expect([update.statusCode, update.json()]).toEqual([400, { error: BOOK_DATE_RULE }]);
      const [stored] = await h.database.db.select().from(privateAssets).where(eq(privateAssets.id, id));
      expect(stored?.purchaseDate).toBe('2024-05-01');
    });
  });

  describe('a capital distribution', () => {
    it('that would take Cash Available below zero is refused with 409 unless negative cash is allowed', async () => {
      // A venture holding of 100,000.00 and no cash: the net account value prices the units.
      await setCash('0.00');
      await h.database.db
        .insert(privateAssets)
        .values({ kind: 'venture', name: 'Anchor', purchaseDate: '2024-01-02', qty: '1', pricePaid: '100000', lastPriceAtDate: '100000' });
      await portfolioChanged(h.database.db);
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(h.clock.now());
      const entry = (payload: object) => post(`/api/capital-accounts/${lpId}/entries`, { date: today, ...payload });
      expect((await entry({ kind: 'commitment', amount: '50000' })).statusCode).toBe(201);
      expect((await entry({ kind: 'contribution', amount: '3000' })).statusCode).toBe(201);
      expect(await cash()).toBe('3000.00');
      await setCash('1000.00');

      const before = await books();
      const refused = await entry({ kind: 'distribution', amount: '2500' });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ error: `Cash Available would go from $1,000.00 to -$1,500.00. ${NEGATIVE}` });
      expect(await books()).toEqual(before);

      const allowed = await entry({ kind: 'distribution', amount: '2500', allow_negative_cash: true });
      expect(allowed.statusCode, allowed.body).toBe(201);
      expect(await cash()).toBe('-1500.00');
    });

    it('keeps the one date rule', async () => {
      const res = await post(`/api/capital-accounts/${lpId}/entries`, { kind: 'commitment', amount: '5', date: '2999-01-01' });
      expect([res.statusCode, res.json()]).toEqual([400, { error: BOOK_DATE_RULE }]);
    });
  });
});

describe('CASH_CONFIRM_ABOVE', () => {
  it('is 100,000.00 unless set, and takes dollars with at most cents', () => {
    expect(loadConfig({}).cashConfirmAbove).toBe('100000.00');
    expect(loadConfig({ CASH_CONFIRM_ABOVE: '2500.5' }).cashConfirmAbove).toBe('2500.5');
    expect(loadConfig({ CASH_CONFIRM_ABOVE: '0' }).cashConfirmAbove).toBe('0');
  });

  it.each(['-1', '1.005', 'lots', '', '1e3', '1000000000000.01'])('refuses %j, naming the setting', (value) => {
    expect(() => loadConfig({ CASH_CONFIRM_ABOVE: value })).toThrow(ConfigError);
    expect(() => loadConfig({ CASH_CONFIRM_ABOVE: value })).toThrow(/^Invalid setting: CASH_CONFIRM_ABOVE must be an amount of dollars/);
  });
});
