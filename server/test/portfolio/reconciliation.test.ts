import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, reconciliations } from '../../src/db/schema';
import { dayInNewYork } from '../../src/domain/dates';
import { databaseKinds } from '../support/databases';
import { bearer, createHarness, type Harness } from '../support/harness';
import { setQuote } from '../support/books';

/**
 * Reconciliation with the broker (docs/reconciliation.md): the books hold 10 AAPL, 2.5 MSFT and
 * $50,000.00 of Cash Available; each run sends the broker's file for today.
 */
describe.each(databaseKinds)('reconciliation on %s', (kind) => {
  let h: Harness;
  let gp: string;
  let lp: string;
  let today: string;

  const run = (csv: string, extra: object = {}, token = gp) =>
    h.inject({
      method: 'POST',
      url: '/api/reconciliations',
      headers: bearer(token),
      payload: { date: today, file_name: 'positions.csv', csv, ...extra },
    });
  const refused = async (csv: string, extra: object = {}) => {
    const res = await run(csv, extra);
    expect(res.statusCode, res.body).toBe(400);
    return (res.json() as { error: string }).error;
  };

  beforeAll(async () => {
    h = await createHarness(kind);
    ({ gp, lp } = await h.partners('reconcile'));
    today = dayInNewYork(h.clock.now());
    await setQuote(h, 'AAPL', '200');
    await setQuote(h, 'MSFT', '400');
    for (const [symbol, qty] of [
      ['AAPL', '4'],
      ['AAPL', '6'],
      ['MSFT', '2.5'],
    ] as const) {
      const res = await h.inject({
        method: 'POST',
        url: '/api/holdings',
        headers: bearer(gp),
        payload: { symbol, asset_type: 'stock', purchases: [{ qty, price_paid: '100', purchase_date: '2025-01-02' }] },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const cash = await h.inject({
      method: 'PUT',
      url: '/api/account-balance',
      headers: bearer(gp),
      payload: { cash_available: '50000.00', margin_debit: '0', accounts_receivable: '0' },
    });
    expect(cash.statusCode, cash.body).toBe(200);
  });
  afterAll(() => h.close());

  it('finds no differences when the broker agrees, cash included, and says so plainly', async () => {
    const csv = 'symbol,quantity\nAAPL,10\nMSFT,2.50\nCash,50000\n';
    const res = await run(csv);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      date: today,
      run_by: 'gp-reconcile@test.dev',
      file_name: 'positions.csv',
      file_sha256: createHash('sha256').update(csv).digest('hex'),
      clean: true,
      difference_count: 0,
      message: `No differences: the portal agrees with the broker on ${today}.`,
      cash: { here: '50000.00', broker: '50000.00', difference: '0.00', agrees: true },
    });
    expect(body.lines).toEqual([
      { symbol: 'AAPL', here: '10', broker: '10', difference: '0', agrees: true },
      { symbol: 'MSFT', here: '2.5', broker: '2.5', difference: '0', agrees: true },
    ]);
    const [stored] = await h.database.db.select().from(reconciliations).where(eq(reconciliations.id, body.id));
    expect(stored).toMatchObject({ date: today, runByEmail: 'gp-reconcile@test.dev', clean: true, differenceCount: 0 });
    const audit = await h.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'reconciliation.run'));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ entity: 'reconciliation', entityId: String(body.id), actorEmail: 'gp-reconcile@test.dev' });
  });

  it('finds 2 differences with exact quantities: 2.5 more AAPL at the broker, and 3 NVDA the books do not hold', async () => {
    const res = await run('symbol,quantity\r\nAAPL,12.5\r\nMSFT,2.5\r\nNVDA,3\r\n');
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ clean: false, difference_count: 2, cash: null, message: `2 differences with the broker on ${today}.` });
    expect(body.lines).toEqual([
      { symbol: 'AAPL', here: '10', broker: '12.5', difference: '2.5', agrees: false },
      { symbol: 'MSFT', here: '2.5', broker: '2.5', difference: '0', agrees: true },
      { symbol: 'NVDA', here: '0', broker: '3', difference: '3', agrees: false },
    ]);
  });

  it('counts a symbol missing at the broker and a hundred-millionth of a share, exactly', async () => {
    const body = (await run('symbol,quantity\nMSFT,2.49999999\n')).json();
    expect(body.difference_count).toBe(2);
    expect(body.lines).toEqual([
      { symbol: 'AAPL', here: '10', broker: '0', difference: '-10', agrees: false },
      { symbol: 'MSFT', here: '2.5', broker: '2.49999999', difference: '-0.00000001', agrees: false },
    ]);
  });

  it("reads a Schwab positions export (title line, quoted cells, $ and commas, BOM, CRLF) and finds a cent's cash difference", async () => {
    const csv = [
      '\uFEFF"Positions for account Individual ...123 as of 04:10 PM ET, 2026/11/20","","",""',
      '',
      '"Symbol","Description","Quantity","Price","Market Value"',
      '"AAPL","APPLE INC","10","$200.00","$2,000.00"',
      '"MSFT","MICROSOFT CORP","2.5","$400.00","$1,000.00"',
      '"Cash & Cash Investments","--","--","--","$49,999.99"',
      '"Account Total","--","--","--","$52,999.99"',
      '',
    ].join('\r\n');
    const res = await run(csv, { file_name: 'Individual-Positions-2026-11-20.csv' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      clean: false,
      difference_count: 1,
      file_name: 'Individual-Positions-2026-11-20.csv',
      cash: { here: '50000.00', broker: '49999.99', difference: '-0.01', agrees: false },
      message: `1 difference with the broker on ${today}.`,
    });
    expect(res.json().lines.every((l: { agrees: boolean }) => l.agrees)).toBe(true);
  });

  it('accepts a cash column, a BOM with Windows line ends, and a share class as Schwab writes it', async () => {
    const res = await run('\uFEFFsymbol,quantity,cash\r\nAAPL,10,\r\nMSFT,"2.5",\r\n,,"$50,000.00"\r\nBRK/B,"1,000",\r\n');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ clean: false, difference_count: 1, cash: { broker: '50000.00', agrees: true } });
    expect(res.json().lines[1]).toEqual({ symbol: 'BRK.B', here: '0', broker: '1000', difference: '1000', agrees: false });
  });

  it('refuses bad files with a message naming the line, never a 500', async () => {
    expect(await refused('')).toBe('The file is empty: it has no header and no positions.');
    expect(await refused('\uFEFF\r\n  \r\n')).toBe('The file is empty: it has no header and no positions.');
    expect(await refused('symbol;quantity\nAAPL;10\n')).toBe(
      'line 1: the cells are separated by semicolons, not commas. Save the file as CSV (comma delimited) and try again.',
    );
    expect(await refused('symbol\tquantity\nAAPL\t10\n')).toBe(
      'line 1: the cells are separated by tabs, not commas. Save the file as CSV (comma delimited) and try again.',
    );
    expect(await refused('ticker,amount\nAAPL,10\n')).toBe(
      'line 1: no header with a symbol and a quantity column was found. The file must start with symbol,quantity (see the format on the page).',
    );
    expect(await refused('symbol,quantity\n')).toBe('The file has no positions: there is nothing after the header on line 1.');
    expect(await refused('symbol,quantity\nAAPL,10\nMSFT,2.5\nNVDA,abc\n')).toBe('line 4: quantity abc is not a number.');
    expect(await refused('symbol,quantity\nAAPL,=1+2\n')).toBe(
      'line 2: the cell =1+2 looks like a spreadsheet formula; the file must hold values only.',
    );
    expect(await refused('symbol,quantity\n@SUM(A1),10\n+AAPL,1\n-cmd,1\n')).toBe(
      'line 2: the cell @SUM(A1) looks like a spreadsheet formula; the file must hold values only. ' +
        'line 3: the cell +AAPL looks like a spreadsheet formula; the file must hold values only. ' +
        'line 4: the cell -cmd looks like a spreadsheet formula; the file must hold values only.',
    );
    expect(await refused('symbol,quantity\nAAPL,10\nAAPL,5\n')).toBe('line 3: AAPL is listed again (first on line 2).');
    expect(await refused('symbol,quantity\nAAPL,1.123456789\n')).toBe('line 2: quantity 1.123456789 has more than 8 decimal places.');
    expect(await refused('symbol,quantity\nAAPL,\n')).toBe('line 2: the quantity of AAPL is missing.');
    expect(await refused('symbol,quantity\nAAPL,10\n"MSFT,2\n')).toBe('line 3: a quoted cell is never closed (a " is missing).');
    expect(await refused('symbol,quantity\nCash,1\ncash,2\n')).toBe('line 3: cash is given again (first on line 2).');
    expect(await refused('symbol,quantity\nCash,12.345\n')).toBe('line 2: cash 12.345 has more than 2 decimal places.');
    const many = ['symbol,quantity', ...Array.from({ length: 7 }, (_, i) => `S${i},x`)].join('\n');
    expect(await refused(many)).toMatch(
      /^line 2: quantity x is not a number\. .* line 6: quantity x is not a number\. \(2 more lines with problems\.\)$/,
    );
  });

  it('refuses a day after today (New York) and a date that is no date', async () => {
    const tomorrow = dayInNewYork(new Date(h.clock.now().getTime() + 86_400_000 + 3_600_000));
    expect(await refused('symbol,quantity\nAAPL,10\n', { date: tomorrow })).toBe(
      `The date ${tomorrow} is in the future: positions can be compared for today (${today}) or an earlier day.`,
    );
    expect(await refused('symbol,quantity\nAAPL,10\n', { date: '2026-02-30' })).toBe('Date must be a date in YYYY-MM-DD form.');
  });

  it('answers 413 for a file past 100 KB, and for a request past the body limit', async () => {
    const big = `symbol,quantity\n${'AAPL,10\n'.repeat(14_000)}`;
    const res = await run(big);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: 'The file is too large: a positions file can be at most 100 KB.' });
    const huge = await run(`symbol,quantity\n${'AAPL,10\n'.repeat(40_000)}`);
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ error: expect.stringMatching(/too large/) });
  });

  it('is for GPs only: an LP gets 403 on every path and no run is kept', async () => {
    const before = (await h.database.db.select().from(reconciliations)).length;
    expect((await run('symbol,quantity\nAAPL,10\n', {}, lp)).statusCode).toBe(403);
    expect((await h.inject({ method: 'GET', url: '/api/reconciliations', headers: bearer(lp) })).statusCode).toBe(403);
    expect((await h.inject({ method: 'GET', url: '/api/reconciliations/1', headers: bearer(lp) })).statusCode).toBe(403);
    expect((await h.database.db.select().from(reconciliations)).length).toBe(before);
  });

  it('lists every run newest first, with who ran it and how many differences, and opens one', async () => {
    const list = await h.inject({ method: 'GET', url: '/api/reconciliations', headers: bearer(gp) });
    expect(list.statusCode).toBe(200);
    const runs = (list.json() as { runs: { id: number; date: string; run_by: string; clean: boolean; difference_count: number }[] }).runs;
    expect(runs.map((r) => r.difference_count)).toEqual([1, 1, 2, 2, 0]);
    expect(runs.every((r) => r.run_by === 'gp-reconcile@test.dev' && r.date === today)).toBe(true);
    expect(runs.map((r) => r.clean)).toEqual([false, false, false, false, true]);
    const one = await h.inject({ method: 'GET', url: `/api/reconciliations/${runs[3]!.id}`, headers: bearer(gp) });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ difference_count: 2, message: `2 differences with the broker on ${today}.` });
    expect(one.json().lines).toHaveLength(3);
    const missing = await h.inject({ method: 'GET', url: '/api/reconciliations/999999', headers: bearer(gp) });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'No reconciliation with that id.' });
  });

  it("compares with the books as they were at the end of the day asked (the ledger's replay), not today's", async () => {
    const before = (await run('symbol,quantity\nAAPL,10\nMSFT,2.5\n', { date: '2025-01-01' })).json();
    expect(before.lines).toEqual([
      { symbol: 'AAPL', here: '0', broker: '10', difference: '10', agrees: false },
      { symbol: 'MSFT', here: '0', broker: '2.5', difference: '2.5', agrees: false },
    ]);
    const bought = (await run('symbol,quantity\nAAPL,10\nMSFT,2.5\n', { date: '2025-01-02' })).json();
    expect(bought).toMatchObject({ clean: true, message: 'No differences: the portal agrees with the broker on 2025-01-02.' });
  });
});
