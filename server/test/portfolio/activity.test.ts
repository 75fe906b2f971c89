import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc } from 'drizzle-orm';
import { ledgerEntries } from '../../src/db/schema';
import { toCsv } from '../../src/platform/csv';
import { ledgerView } from '../../src/services/portfolio/activity';
import { transactionsCsv } from '../../src/services/portfolio/exports';
import { databaseKinds } from '../support/databases';
import { bearer, createHarness, type Harness } from '../support/harness';

/** The reads the Activity page makes: the ledger (filtered, paged), the audit log and the CSV. */
describe.each(databaseKinds)('the Activity page’s reads on %s', (kind) => {
  let h: Harness;
  let gp: string;
  let lp: string;

  beforeAll(async () => {
    h = await createHarness(kind);
    ({ gp, lp } = await h.partners('activity'));
    const add = (symbol: string, qty: string, price_paid: string) =>
      h.caller(gp).portfolio.holdings.add({ symbol, asset_type: 'stock', purchases: [{ qty, price_paid, purchase_date: '2025-03-14' }] });
    await add('AAPL', '10', '150');
    await add('MSFT', '3', '401.25');
    await add('AAPL', '5', '160.5');
    await h.caller(gp).portfolio.balances.save({ cash_available: '50000', margin_debit: '0', accounts_receivable: '0' });
    await h.caller(gp).portfolio.holdings.sell({ symbol: 'AAPL', qty: '12', price: '170', settles: true });
  });
  afterAll(() => h.close());

  const ledger = (input: Parameters<ReturnType<Harness['caller']>['portfolio']['activity']['transactions']>[0]) =>
    h.caller(lp).portfolio.activity.transactions(input);

  it('answers the ledger newest first, to a partner of either role', async () => {
    const { entries, next } = await ledger({ limit: 50 });
    expect(next).toBeNull();
    expect(entries.map((e) => [e.kind, e.symbol, e.qty])).toEqual([
      ['sell', 'AAPL', '12'],
      ['balances', null, null],
      ['buy', 'AAPL', '5'],
      ['buy', 'MSFT', '3'],
      ['buy', 'AAPL', '10'],
    ]);
    const sale = entries[0];
    // 10 × 150 + 2 × 160.50 = 1,821.00 of cost for 2,040.00 of proceeds
    expect([sale?.amount, sale?.cost_basis, sale?.realized_gain, sale?.cash_before, sale?.cash_after]).toEqual([
      '2040.00',
      '1821.00',
      '219.00',
      '50000.00',
      '52040.00',
    ]);
  });

  it('filters by symbol in any case and by kind, on the server', async () => {
    expect((await ledger({ limit: 50, symbol: ' aapl ' })).entries.map((e) => [e.kind, e.qty])).toEqual([
      ['sell', '12'],
      ['buy', '5'],
      ['buy', '10'],
    ]);
    expect((await ledger({ limit: 50, symbol: 'AAPL', kind: 'buy' })).entries.map((e) => e.qty)).toEqual(['5', '10']);
    expect((await ledger({ limit: 50, kind: 'balances' })).entries.map((e) => e.cash_after)).toEqual(['50000.00']);
    expect((await ledger({ limit: 50, symbol: 'TSLA' })).entries).toEqual([]);
  });

  it('takes an empty symbol as no filter, as a blank search box means', async () => {
    expect((await ledger({ limit: 50, symbol: '' })).entries).toHaveLength(5);
    const res = await h.inject({ method: 'GET', url: '/api/transactions?symbol=&kind=buy', headers: bearer(lp) });
    expect(res.statusCode).toBe(200);
    expect((res.json() as { entries: unknown[] }).entries).toHaveLength(3);
  });

  it('pages with next and before, without gaps or repeats, filters kept', async () => {
    const first = await ledger({ limit: 2 });
    expect(first.entries).toHaveLength(2);
    expect(first.next).toBe(first.entries[1]?.id);
    const second = await ledger({ limit: 2, before: first.next ?? undefined });
    const third = await ledger({ limit: 2, before: second.next ?? undefined });
    expect(third.next).toBeNull();
    const all = (await ledger({ limit: 50 })).entries.map((e) => e.id);
    expect([...first.entries, ...second.entries, ...third.entries].map((e) => e.id)).toEqual(all);

    const aapl = await ledger({ limit: 1, symbol: 'AAPL', kind: 'buy' });
    const rest = await ledger({ limit: 1, symbol: 'AAPL', kind: 'buy', before: aapl.next ?? undefined });
    expect([...aapl.entries, ...rest.entries].map((e) => e.qty)).toEqual(['5', '10']);
    expect(rest.next).toBeNull();
  });

  it('answers the audit log newest first with before and after, a page at a time', async () => {
    const { events, next } = await h.caller(lp).portfolio.activity.auditEvents({ limit: 2 });
    expect(events.map((e) => e.action)).toEqual(['holding.sell-part', 'holding.sell']);
    expect(events[0]?.before).toMatchObject({ symbol: 'AAPL', qty: '5' });
    expect(events[0]?.after).toMatchObject({ symbol: 'AAPL', qty: '3' });
    expect(events[1]?.after).toBeNull();
    const older = await h.caller(lp).portfolio.activity.auditEvents({ limit: 50, before: next ?? undefined });
    expect(older.events.map((e) => e.action)).toEqual(['balances.update', 'holding.add', 'holding.add', 'holding.add']);
    expect(new Set([...events, ...older.events].map((e) => [e.actor_email, e.via].join(' ')))).toEqual(
      new Set(['gp-activity@test.dev user']),
    );
    expect((await h.caller(lp).portfolio.activity.auditEvents({ limit: 50, entity: '' })).events).toHaveLength(6);
  });

  it('exports the whole ledger as CSV to a partner with a token, and to nobody without', async () => {
    const res = await h.inject({ method: 'GET', url: '/api/export/transactions.csv', headers: bearer(lp) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="transactions.csv"');
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'id,book_date,at,kind,source,actor_email,symbol,asset_type,qty,price,amount,settles,cash_before,cash_after,cost_basis,realized_gain,fee,flow',
    );
    expect(lines).toHaveLength(6);
    expect(lines.at(-1)).toMatch(
      /,sell,sell_action,[^,]+,AAPL,stock,12,170,2040\.00,true,50000\.00,52040\.00,1821\.00,219\.00,0\.00,0\.00$/,
    );
    expect((await h.inject({ method: 'GET', url: '/api/export/transactions.csv' })).statusCode).toBe(401);
  });

  it('writes the transactions CSV a page at a time, byte for byte the file written in one go', async () => {
    // The writer before paging (docs/decisions/0022): every row read at once, one toCsv.
    const rows = await h.deps.db.select().from(ledgerEntries).orderBy(asc(ledgerEntries.id));
    const columns = [
      'id',
      'book_date',
      'at',
      'kind',
      'source',
      'actor_email',
      'symbol',
      'asset_type',
      'qty',
      'price',
      'amount',
      'settles',
      'cash_before',
      'cash_after',
      'cost_basis',
      'realized_gain',
      'fee',
      'flow',
    ] as const;
    const before = toCsv(
      columns.map((c) => ({ header: c, value: (v: ReturnType<typeof ledgerView>) => v[c] })),
      rows.map(ledgerView),
    );
    expect(rows).toHaveLength(5);
    // Pages of one row, of two (a last page short), of five (a last page full, then an empty read) and of the default size.
    for (const pageSize of [1, 2, 5, undefined]) expect(await transactionsCsv(h.deps, pageSize)).toBe(before);
    const res = await h.inject({ method: 'GET', url: '/api/export/transactions.csv', headers: bearer(lp) });
    expect(res.body).toBe(before);
  });

  it('writes the transactions CSV again after a new entry, not before', async () => {
    const csv = () => h.inject({ method: 'GET', url: '/api/export/transactions.csv', headers: bearer(lp) });
    const first = (await csv()).body;
    expect((await csv()).body).toBe(first);
    const deposit = await h.inject({
      method: 'POST',
      url: '/api/cash-movements',
      headers: bearer(gp),
      payload: { kind: 'deposit', amount: '12.34', note: 'csv check', confirmed: true },
    });
    expect(deposit.statusCode, deposit.body).toBe(201);
    const after = (await csv()).body.trim().split('\r\n');
    expect(after).toHaveLength(first.trim().split('\r\n').length + 1);
    expect(after.at(-1)).toMatch(/,deposit,[^,]+,gp-activity@test\.dev,/);
  });
});
