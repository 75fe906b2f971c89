import { asc, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, holdings, ledgerEntries, portfolioState } from '../../src/db/schema';
import { createPortfolioEngine } from '../../src/services/portfolio/engine';
import { portfolioChanged } from '../../src/services/portfolio/ledger';
import { BOOK_DATE_RULE } from '../../src/contract/book-dates';
import { databaseKinds } from '../support/databases';
import { bearer, createHarness, type Harness } from '../support/harness';
import { setCash as setCashOf, setQuote as setQuoteOf } from '../support/books';

/**
 * The portfolio engine seen from outside: the ledger behind buys, sells and corrections, cash
 * that settles, and the new reads. Expected figures are worked out by hand in the comments.
 */
describe.each(databaseKinds)('the ledger and the engine on %s', (kind) => {
  let h: Harness;
  let gp: string;
  let lp: string;

  const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(h.clock.now());
  const tomorrow = () =>
    new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date(h.clock.now().getTime() + 86_400_000));

  const setQuote = (key: string, price: string, change = '0') => setQuoteOf(h, key, price, change);
  const setCash = (cash: string) => setCashOf(h, cash);
  const get = async <T>(url: string, token = lp) => {
    const res = await h.inject({ method: 'GET', url, headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as T;
  };
  const post = (url: string, payload: object, token = gp) => h.inject({ method: 'POST', url, headers: bearer(token), payload });
  const entries = () => h.database.db.select().from(ledgerEntries).orderBy(asc(ledgerEntries.id));
  const cash = async () => (await get<{ cash_available: number }>('/api/account-balance')).cash_available;

  beforeAll(async () => {
    h = await createHarness(kind);
    ({ gp, lp } = await h.partners('ledger'));
    await setQuote('ACME', '300.88', '1.005');
    await setCash('425000.00');
  });
  afterAll(() => h.close());

  it('records purchases made elsewhere without touching cash, as new money at today’s value', async () => {
    const res = await post('/api/holdings', {
      symbol: 'acme',
      asset_type: 'stock',
      purchases: [
        { qty: '100', price_paid: '150.25', purchase_date: '2025-01-02' },
        { qty: '50', price_paid: '160.10', purchase_date: '2025-03-01' },
        { qty: '30', price_paid: '170.333', purchase_date: '2025-03-01' },
      ],
    });
    expect(res.statusCode).toBe(201);
    expect(await cash()).toBe(425000);
    const buys = await entries();
    expect(buys.map((e) => [e.kind, e.source, e.qty, e.amount, e.settles, e.flow])).toEqual([
      // 100 × 150.25; flow 100 × 300.88 = 30088.00
      ['buy', 'add_investment', '100.00000000', '15025.00', false, '30088.00'],
      ['buy', 'add_investment', '50.00000000', '8005.00', false, '15044.00'],
      // 30 × 170.333 = 5109.99; flow 30 × 300.88 = 9026.40
      ['buy', 'add_investment', '30.00000000', '5109.99', false, '9026.40'],
    ]);
    const lots = await h.database.db.select().from(holdings).orderBy(asc(holdings.id));
    expect(lots.map((l) => l.costBasis)).toEqual(['15025.00', '8005.00', '5109.99']);
  });

  it('sells first in, first out through the Sell action, settles the proceeds into cash and keeps the realized gain', async () => {
    const res = await post('/api/holdings/sell', { symbol: 'ACME', qty: '160', price: '300.88' });
    expect(res.statusCode, res.body).toBe(200);
    // Proceeds 160 × 300.88 = 48140.80; basis 15025.00 + 8005.00 + 10/30 of 5109.99 (1703.33) = 24733.33.
    expect(res.json()).toEqual({
      message: 'Sold 160 ACME for $48,140.80: a realized gain of $23,407.47.',
      proceeds: '48140.80',
      fee: '0.00',
      realized_gain: '23407.47',
      cash_available: '473140.80',
    });
    expect(await cash()).toBe(473140.8);
    const [left] = await h.database.db.select().from(holdings).where(eq(holdings.symbol, 'ACME'));
    expect(left).toMatchObject({ qty: '20.00000000', costBasis: '3406.66' });
    const sale = (await entries()).at(-1);
    expect(sale).toMatchObject({
      kind: 'sell',
      source: 'sell_action',
      amount: '48140.80',
      costBasis: '24733.33',
      realizedGain: '23407.47',
      settles: true,
      cashBefore: '425000.00',
      cashAfter: '473140.80',
      flow: '0',
    });
    const summary = await get<Record<string, string>>('/api/portfolio/summary');
    expect(summary).toMatchObject({ realizedGainYearToDate: '23407.47', realizedGainAllTime: '23407.47', cashAvailable: '473140.80' });
  });

  it('refuses to sell more than is held, and a sale that does not settle leaves cash alone as money out', async () => {
    const tooMuch = await post('/api/holdings/sell', { symbol: 'ACME', qty: '20.00000001', price: '1' });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json()).toEqual({ error: 'The firm holds only 20 ACME; you cannot sell 20.00000001.' });
    const none = await post('/api/holdings/sell', { symbol: 'NOPE', qty: '1', price: '1' });
    expect(none.json()).toEqual({ error: 'The firm holds no NOPE, so there is nothing to sell.' });
    expect((await post('/api/holdings/sell', { symbol: 'ACME', qty: '1', price: '1' }, lp)).statusCode).toBe(403);

    const res = await post('/api/holdings/sell', { symbol: 'ACME', qty: '0.5', price: '299.999', settles: false });
    // 0.5 × 299.999 = 149.9995 → 150.00; basis 3406.66 × 0.5 / 20 = 85.1665 → 85.17.
    expect(res.json()).toMatchObject({ proceeds: '150.00', realized_gain: '64.83', cash_available: null });
    expect(await cash()).toBe(473140.8);
    expect((await entries()).at(-1)).toMatchObject({ settles: false, flow: '-150.00', cashBefore: null });
  });

  it('pays for a purchase from cash when asked to', async () => {
    const res = await post('/api/holdings', {
      symbol: 'ACME',
      asset_type: 'stock',
      settles: true,
      purchases: [{ qty: '1.5', price_paid: '0.01', purchase_date: today() }],
    });
    expect(res.statusCode).toBe(201);
    // 1.5 × 0.01 = 0.015 → 0.02, half up.
    expect(await cash()).toBe(473140.78);
    expect((await entries()).at(-1)).toMatchObject({
      amount: '0.02',
      settles: true,
      cashBefore: '473140.80',
      cashAfter: '473140.78',
      flow: '0',
    });
  });

  it('refuses a purchase dated after today in New York, on the form and through the assistant', async () => {
    const res = await post('/api/holdings', {
      symbol: 'ACME',
      asset_type: 'stock',
      purchases: [{ qty: '1', price_paid: '1', purchase_date: tomorrow() }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: BOOK_DATE_RULE });
    const said = await post('/api/ai/prompt', { prompt: `buy 1 ACME at 10 on ${tomorrow()}` });
    expect(said.json()).toMatchObject({ message: BOOK_DATE_RULE, requiresConfirmation: false });
  });

  it('buys through the assistant exactly as Add Investment does: the same lot, ledger entry and audit record', async () => {
    await setQuote('BUYX', '42.50');
    /** The newest buy of BUYX as stored, without what names that one buy (ids, times, the lot's id, and its print: a hash that takes the id in), then the lot is gone again. */
    const lastBuy = async () => {
      const [lot] = await h.database.db.select().from(holdings).where(eq(holdings.symbol, 'BUYX'));
      const { id: _entryId, at: _at, details, ...entry } = (await entries()).at(-1)!;
      const [audit] = await h.database.db.select().from(auditEvents).orderBy(desc(auditEvents.id)).limit(1);
      await h.database.db.delete(holdings).where(eq(holdings.symbol, 'BUYX'));
      const { id: _lotId, ...after } = audit?.after as Record<string, unknown>;
      return {
        lot: { ...lot, id: undefined, createdAt: undefined, print: undefined },
        entry: { ...entry, details: { ...(details as object), lotId: undefined } },
        audit: { actorEmail: audit?.actorEmail, action: audit?.action, entity: audit?.entity, before: audit?.before, after },
        via: audit?.via,
      };
    };

    await setCash('10000.00');
    const form = await post('/api/holdings', {
      symbol: 'buyx',
      asset_type: 'stock',
      purchases: [{ qty: '12', price_paid: '40.125', purchase_date: '2025-02-03' }],
      settles: true,
    });
    expect(form.statusCode).toBe(201);
    const byForm = await lastBuy();

    await setCash('10000.00');
    expect((await post('/api/ai/prompt', { prompt: 'buy 12 BUYX at 40.125 on 2025-02-03' })).json()).toMatchObject({
      requiresConfirmation: true,
    });
    expect((await post('/api/ai/confirm', { confirm: true })).statusCode).toBe(200);
    const byAssistant = await lastBuy();

    // 12 × 40.125 = 481.50, paid from 10000.00
    expect(byForm.entry).toMatchObject({
      kind: 'buy',
      source: 'add_investment',
      amount: '481.50',
      cashBefore: '10000.00',
      cashAfter: '9518.50',
      flow: '0',
    });
    expect(byForm.lot).toMatchObject({ symbol: 'BUYX', exchange: 'NASDAQ', costBasis: '481.50', purchaseDate: '2025-02-03' });
    expect(byForm.audit).toMatchObject({ action: 'holding.add', entity: 'holding', after: { symbol: 'BUYX', cost_basis: '481.50' } });
    // Only where the buy came from differs: the ledger's source and the audit's via.
    expect(byAssistant).toEqual({ ...byForm, entry: { ...byForm.entry, source: 'assistant' }, via: 'assistant' });
    expect(byForm.via).toBe('user');
  });

  it('records the trash button as a correction with the lot as it was, and its value as money out', async () => {
    const [lot] = await h.database.db.select().from(holdings).where(eq(holdings.symbol, 'ACME')).orderBy(asc(holdings.id));
    const res = await h.inject({ method: 'DELETE', url: `/api/holdings/${lot?.id}`, headers: bearer(gp) });
    expect(res.statusCode).toBe(200);
    const correction = (await entries()).at(-1);
    // 19.5 × 300.88 = 5867.16
    expect(correction).toMatchObject({ kind: 'correction', source: 'trash', qty: '19.50000000', flow: '-5867.16' });
    expect(correction?.details).toMatchObject({ before: { id: lot?.id, qty: '19.5', cost_basis: '3321.49' }, after: null });
  });

  it('shows every change at once: the valuation moves with the books, not on a timer', async () => {
    // Quoted first, so no background refresh of a new symbol races the figures below.
    await setQuote('NEWCO', '12.345');
    const before = await get<{ symbol: string }[]>('/api/holdings');
    await post('/api/holdings', {
      symbol: 'NEWCO',
      asset_type: 'stock',
      purchases: [{ qty: '2', price_paid: '10', purchase_date: today() }],
    });
    const after = await get<{ symbol: string }[]>('/api/holdings');
    expect(after.length).toBe(before.length + 1);
    const valuation = await h.caller(lp).portfolio.valuation();
    // 2 × 12.345 = 24.69 exactly; its cost 20.00.
    expect(valuation.positions.find((p) => p.symbol === 'NEWCO')).toMatchObject({
      value: '24.69',
      cost: '20.00',
      gain: '4.69',
      gainPct: '23.45',
    });
  });

  it('serves holdings with an ETag: 304 while the books are unchanged, the new list after a change', async () => {
    const first = await h.inject({ method: 'GET', url: '/api/holdings', headers: bearer(lp) });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"holdings-\d+-\d+"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const again = await h.inject({ method: 'GET', url: '/api/holdings', headers: { ...bearer(lp), 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    await post('/api/holdings', {
      symbol: 'NEWCO',
      asset_type: 'stock',
      purchases: [{ qty: '1', price_paid: '11', purchase_date: today() }],
    });
    const changed = await h.inject({ method: 'GET', url: '/api/holdings', headers: { ...bearer(lp), 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect((changed.json() as unknown[]).length).toBe((first.json() as unknown[]).length + 1);
    // Without a token there is no list and no tag.
    const anonymous = await h.inject({ method: 'GET', url: '/api/holdings', headers: { 'if-none-match': etag } });
    expect(anonymous.statusCode).toBe(401);
  });

  it('keeps the holdings tag through a change of cash only (the lots and their quotes are the same)', async () => {
    const first = await h.inject({ method: 'GET', url: '/api/holdings', headers: bearer(lp) });
    const etag = first.headers.etag as string;
    const cashOf = async () =>
      (await h.inject({ method: 'GET', url: '/api/portfolio/summary', headers: bearer(lp) })).json<{ cashAvailable: string }>()
        .cashAvailable;
    const cashBefore = await cashOf();
    const deposit = await post('/api/cash-movements', { kind: 'deposit', amount: '100.00', note: 'tag check', confirmed: true });
    expect(deposit.statusCode).toBe(201);
    // The books changed: the summary shows the new cash at once, the holdings are the same list, 304.
    expect(await cashOf()).not.toBe(cashBefore);
    const again = await h.inject({ method: 'GET', url: '/api/holdings', headers: { ...bearer(lp), 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    const plain = await h.inject({ method: 'GET', url: '/api/holdings', headers: bearer(lp) });
    expect(plain.body).toBe(first.body);
  });

  it("sees another instance's change through the database, without a write of its own", async () => {
    // A second engine on the same database stands for another instance behind the load balancer.
    const other = createPortfolioEngine({ db: h.database.db, now: h.clock.now, listen: h.database.listen });
    try {
      const before = (await other.current()).holdings.length;
      expect((await other.current()).holdings.length).toBe(before);
      // Written the way another process would: its commit is all this process hears of it.
      await h.database.db.transaction(async (tx) => {
        await tx
          .insert(holdings)
          .values({ symbol: 'ELSE', assetType: 'stock', qty: '1', pricePaid: '5', costBasis: '5.00', purchaseDate: today() });
        await portfolioChanged(tx);
      });
      await expect.poll(async () => (await other.current()).holdings.length, { timeout: 15_000 }).toBe(before + 1);
      await h.database.db.delete(holdings).where(eq(holdings.symbol, 'ELSE'));
      await portfolioChanged(h.database.db);
    } finally {
      await other.close();
    }
  });

  it('reads the lots again only after a change of them has committed, however it was written', async () => {
    const engine = createPortfolioEngine({ db: h.database.db, now: h.clock.now });
    const lotsVersion = async () =>
      (await h.database.db.select({ v: portfolioState.lotsVersion }).from(portfolioState).where(eq(portfolioState.id, 1)))[0]?.v ?? 0;
    const fresh = async () => {
      // An engine that reads everything afresh: what the kept parts must add up to.
      const other = createPortfolioEngine({ db: h.database.db, now: h.clock.now });
      try {
        return await other.current();
      } finally {
        await other.close();
      }
    };
    await h.database.db.transaction(async (tx) => {
      await tx
        .insert(holdings)
        .values({ symbol: 'KEEP', assetType: 'stock', qty: '2', pricePaid: '5', costBasis: '10.00', purchaseDate: today() });
      await portfolioChanged(tx);
    });
    try {
      const first = await engine.current();
      // A change of cash: a new version of the books, the same lots (not read again) and the same positions.
      expect((await post('/api/cash-movements', { kind: 'deposit', amount: '1.00', note: 'lots check', confirmed: true })).statusCode).toBe(
        201,
      );
      const afterDeposit = await engine.current();
      expect(afterDeposit.version).toBeGreaterThan(first.version);
      expect(afterDeposit.held).toBe(first.held);
      expect(afterDeposit.valuation.positions).toEqual(first.valuation.positions);
      expect(afterDeposit.valuation.totals.cashAvailable).not.toBe(first.valuation.totals.cashAvailable);

      // Written from elsewhere, two statements in one transaction: the lots' version moves once, at its commit.
      const [lot] = await h.database.db.select().from(holdings).where(eq(holdings.symbol, 'ACME')).orderBy(asc(holdings.id)).limit(1);
      const before = await lotsVersion();
      await h.database.db.transaction(async (tx) => {
        await tx.update(holdings).set({ qty: '7' }).where(eq(holdings.id, lot!.id));
        await tx.update(holdings).set({ qty: '7' }).where(eq(holdings.id, lot!.id));
        await portfolioChanged(tx);
      });
      expect(await lotsVersion()).toBe(before + 1);
      const afterEdit = await engine.current();
      expect(afterEdit.held).not.toBe(first.held);
      expect(afterEdit.holdings.find((row) => row.id === lot!.id)?.qty).toBe(7);
      // Only the symbol whose rows changed was read again and given new rows; the rest are as they were,
      // and together they are what an engine reading everything afresh makes.
      expect(afterEdit.held.bySymbol.get('KEEP')).toBe(first.held.bySymbol.get('KEEP'));
      expect(afterEdit.held.bySymbol.get('ACME')).not.toBe(first.held.bySymbol.get('ACME'));
      expect(afterEdit.holdingRows.bySymbol.get('KEEP')).toBe(first.holdingRows.bySymbol.get('KEEP'));
      const afresh = await fresh();
      expect(afterEdit.holdings).toEqual(afresh.holdings);
      expect(afterEdit.valuation).toEqual(afresh.valuation);
      // The list's JSON is written a symbol at a time: byte for byte the whole list's JSON.
      const listed = await h.inject({ method: 'GET', url: '/api/holdings', headers: bearer(lp) });
      expect(listed.body).toBe(JSON.stringify(afresh.holdings));

      // A transaction that rolls back leaves the version as it was.
      await h.database.db
        .transaction(async (tx) => {
          await tx.update(holdings).set({ qty: '8' }).where(eq(holdings.id, lot!.id));
          tx.rollback();
        })
        .catch(() => undefined);
      expect(await lotsVersion()).toBe(before + 1);

      await h.database.db.transaction(async (tx) => {
        await tx.update(holdings).set({ qty: lot!.qty }).where(eq(holdings.id, lot!.id));
        await portfolioChanged(tx);
      });
      expect((await engine.current()).holdings.find((row) => row.id === lot!.id)?.qty).toBe(Number(lot!.qty));
    } finally {
      await engine.close();
      await h.database.db.delete(holdings).where(eq(holdings.symbol, 'KEEP'));
      await portfolioChanged(h.database.db);
    }
  });

  it("keeps each lot's print itself, and sees a change of any field the engine reads, written from elsewhere", async () => {
    const engine = createPortfolioEngine({ db: h.database.db, now: h.clock.now });
    const printOf = async (id: number) =>
      (await h.database.db.select({ p: holdings.print }).from(holdings).where(eq(holdings.id, id)))[0]!.p;
    const writeLot = async (set: Partial<typeof holdings.$inferInsert>, id: number) => {
      await h.database.db.transaction(async (tx) => {
        await tx.update(holdings).set(set).where(eq(holdings.id, id));
        await portfolioChanged(tx);
      });
    };
    // A writer cannot set the print: the trigger does, from the lot's fields.
    const [lot] = await h.database.db
      .insert(holdings)
      .values({ symbol: 'PRNT', assetType: 'stock', qty: '3', pricePaid: '4', costBasis: '12.00', purchaseDate: '2025-02-03', print: 42 })
      .returning();
    await portfolioChanged(h.database.db);
    try {
      const prints = [await printOf(lot!.id)];
      expect(prints[0]).not.toBe(42);
      await engine.current();
      const changes: [Partial<typeof holdings.$inferInsert>, (row: Record<string, unknown>) => unknown, unknown][] = [
        [{ qty: '5' }, (row) => row.qty, 5],
        [{ pricePaid: '4.5' }, (row) => row.price_paid, 4.5],
        [{ purchaseDate: '2025-02-04' }, (row) => row.purchase_date, '2025-02-04'],
        [{ exchange: 'NYSE' }, (row) => row.exchange, 'NYSE'],
      ];
      for (const [set, field, shown] of changes) {
        await writeLot({ ...set, print: 0 }, lot!.id);
        prints.push(await printOf(lot!.id));
        const row = (await engine.current()).holdings.find((r) => r.id === lot!.id) as unknown as Record<string, unknown>;
        expect(field(row)).toBe(shown);
      }
      // The cost basis shows in the valuation, not in the holdings rows.
      await writeLot({ costBasis: '13.00' }, lot!.id);
      prints.push(await printOf(lot!.id));
      const position = (await engine.current()).valuation.positions.find((p) => p.symbol === 'PRNT');
      expect(position?.cost).toBe('13.00');
      expect(new Set(prints).size).toBe(prints.length);
      expect(prints).not.toContain(0);
    } finally {
      await engine.close();
      await h.database.db.delete(holdings).where(eq(holdings.symbol, 'PRNT'));
      await portfolioChanged(h.database.db);
    }
  });

  it('answers the ledger newest first, a page at a time, filtered by symbol and kind', async () => {
    const first = await get<{ entries: { id: number; kind: string; symbol: string }[]; next: number | null }>('/api/transactions?limit=2');
    expect(first.entries).toHaveLength(2);
    expect(first.entries[0]!.id).toBeGreaterThan(first.entries[1]!.id);
    expect(first.next).toBe(first.entries[1]!.id);
    const second = await get<{ entries: { id: number }[] }>(`/api/transactions?limit=2&before=${first.next}`);
    expect(second.entries[0]!.id).toBeLessThan(first.next!);
    const sells = await get<{ entries: { kind: string; symbol: string; realized_gain: string }[] }>(
      '/api/transactions?kind=sell&symbol=acme',
    );
    expect(sells.entries.map((e) => [e.kind, e.symbol, e.realized_gain])).toEqual([
      ['sell', 'ACME', '64.83'],
      ['sell', 'ACME', '23407.47'],
    ]);
    for (const url of [
      '/api/transactions?limit=0',
      '/api/transactions?limit=abc',
      '/api/transactions?kind=gift',
      '/api/transactions?before=-1',
    ]) {
      const res = await h.inject({ method: 'GET', url, headers: bearer(lp) });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toHaveProperty('error');
    }
  });

  it('exports the ledger as CSV, oldest first, with cells a spreadsheet will not run', async () => {
    await post('/api/illiquid-assets/save', {
      assets: [
        {
          name: '=HYPERLINK("x")',
          purchase_date: '2025-01-01',
          qty: 1,
          price_paid: 10,
          last_price_at_date: 10,
          value: 10,
          last_price_date: null,
          dividend_dollar: 0,
          dividend_pct: 0,
        },
      ],
    });
    const res = await h.inject({ method: 'GET', url: '/api/export/transactions.csv', headers: bearer(lp) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="transactions.csv"');
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'id,book_date,at,kind,source,actor_email,symbol,asset_type,qty,price,amount,settles,cash_before,cash_after,cost_basis,realized_gain,fee,flow',
    );
    expect(lines.length).toBe((await entries()).length + 1);
    expect(lines.find((l) => l.includes(',sell,sell_action,'))).toContain(
      ',160,300.88,48140.80,true,425000.00,473140.80,24733.33,23407.47,0.00,0.00',
    );
    expect((await h.inject({ method: 'GET', url: '/api/export/transactions.csv' })).statusCode).toBe(401);
  });

  it('records deposits and withdrawals of cash in the ledger, as new money', async () => {
    const before = await cash();
    const deposit = await post('/api/cash-movements', { kind: 'deposit', amount: '250000.05', note: 'Capital call Q4', confirmed: true });
    expect(deposit.statusCode, deposit.body).toBe(201);
    const after = Math.round((before + 250000.05) * 100) / 100;
    expect(deposit.json()).toMatchObject({
      message: expect.stringMatching(/^Deposit of \$250,000\.05 recorded\. Cash Available is now \$[\d,]+\.\d{2}\.$/),
    });
    expect(await cash()).toBe(after);
    expect((await entries()).at(-1)).toMatchObject({
      kind: 'deposit',
      source: 'cash',
      amount: '250000.05',
      settles: true,
      flow: '250000.05',
      details: { note: 'Capital call Q4' },
    });
    const withdrawal = await post('/api/cash-movements', { kind: 'withdrawal', amount: 1000 });
    expect(withdrawal.statusCode).toBe(201);
    expect((await entries()).at(-1)).toMatchObject({ kind: 'withdrawal', amount: '1000.00', flow: '-1000.00' });
    expect(await cash()).toBe(Math.round((after - 1000) * 100) / 100);
    for (const bad of [
      { kind: 'deposit', amount: 0 },
      { kind: 'deposit', amount: '-5' },
      { kind: 'gift', amount: 5 },
      { kind: 'deposit', amount: '1.005' },
    ]) {
      const res = await post('/api/cash-movements', bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await post('/api/cash-movements', { kind: 'deposit', amount: 5 }, lp)).statusCode).toBe(403);
  });

  it('counts a new property as new money, not growth, in the time-weighted return', async () => {
    await h.deps.market.refreshNow();
    h.clock.advance(86_400_000);
    const saved = await post('/api/real-estate/save', {
      assets: [
        {
          name: 'Harbor Lofts',
          purchase_date: today(),
          qty: 1,
          price_paid: 1250000,
          last_price_at_date: 1250000,
          value: 1250000,
          last_price_date: null,
          total_rental_income: 0,
          monthly_rental_income: 0,
          annual_rental_income_pct: 0,
        },
      ],
    });
    expect(saved.statusCode).toBe(201);
    await h.deps.market.refreshNow();
    const { days } = await get<{ days: { date: string; netAccountValue: string; netFlow: string; returnPct: string }[] }>(
      '/api/portfolio/history?days=5',
    );
    const last = days.at(-1)!;
    const previous = days.at(-2)!;
    expect(last.date).toBe(today());
    expect(last.netFlow).toBe('1250000.00');
    // Prices of the simulated provider move by the minute; the property itself adds nothing.
    const move = Math.abs(Number(last.returnPct) - Number(previous.returnPct));
    expect(Number(last.netAccountValue) - Number(previous.netAccountValue)).toBeGreaterThan(1_200_000);
    expect(move).toBeLessThan(5);
  });
});
