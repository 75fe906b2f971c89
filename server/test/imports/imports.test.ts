import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountBalances, auditEvents, holdings, importLines, imports, ledgerEntries, sessions, users } from '../../src/db/schema';
import { sha256 } from '../../src/platform/secrets';
import { STEP_UP_NEEDED } from '../../src/services/second-factor/factors';
import { databaseKinds } from '../support/databases';
import { bearer, createHarness, type Harness } from '../support/harness';
import { setCash } from '../support/books';

/** Broker imports (docs/imports.md): the three formats' samples through preview and commit, and every kind of bad input. */

const fixture = (name: string) => readFileSync(join(import.meta.dirname, '../fixtures/imports', name), 'utf8');

interface Preview {
  format: string | null;
  sha256: string;
  counts: { lines: number; new: number; duplicates: number; errors: number };
  lines: { line: number; status: string; kind: string | null; becomes: string; fingerprint: string }[];
  problems: { line: number; column: string | null; message: string }[];
}

describe.each(databaseKinds)('broker imports on %s', (kind) => {
  let h: Harness;
  let gp: string;
  let lp: string;

  const post = (url: string, payload: object, token = gp) => h.inject({ method: 'POST', url, headers: bearer(token), payload });
  const preview = async (file_name: string, csv: string, format = 'auto') => {
    const res = await post('/api/imports/preview', { file_name, csv, format });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Preview;
  };
  const commit = (file_name: string, csv: string, format = 'auto') => post('/api/imports', { file_name, csv, format });
  const counts = async () => ({
    ledger: (await h.database.db.select().from(ledgerEntries)).length,
    lots: (await h.database.db.select().from(holdings)).length,
    imports: (await h.database.db.select().from(imports)).length,
    lines: (await h.database.db.select().from(importLines)).length,
  });
  const lotsOf = async (symbol: string) =>
    (await h.database.db.select().from(holdings).where(eq(holdings.symbol, symbol)).orderBy(asc(holdings.id))).map((l) => ({
      qty: l.qty,
      pricePaid: l.pricePaid,
      costBasis: l.costBasis,
      purchaseDate: l.purchaseDate,
    }));
  const cash = async () => (await h.database.db.select().from(accountBalances))[0]?.cashAvailable;

  beforeAll(async () => {
    h = await createHarness(kind);
    ({ gp, lp } = await h.partners('imports'));
    await setCash(h, '0.00');
  });
  afterAll(() => h.close());

  it('previews the IBKR Flex Query sample without writing: every line, what it becomes, the tax joined to its dividend', async () => {
    const before = await counts();
    const csv = fixture('ibkr-flex.csv');
    const p = await preview('flex.csv', csv);
    expect(p.format).toBe('ibkr');
    expect(p.sha256).toBe(sha256(csv));
    expect(p.problems).toEqual([]);
    expect(p.counts).toEqual({ lines: 8, new: 8, duplicates: 0, errors: 0 });
    expect(p.lines.map((l) => [l.line, l.kind, l.becomes])).toEqual([
      [2, 'buy', 'Buy 20 AAPL at $233.28, fee $1.00 on 2025-01-13'],
      [3, 'buy', 'Buy 10 MSFT at $415.67, fee $1.00 on 2025-01-14'],
      [4, 'sell', 'Sell 5 AAPL at $238.03, fee $1.00 on 2025-03-03'],
      [6, 'deposit', 'Deposit $10,000.00 on 2025-01-10 (CASH RECEIPTS / ELECTRONIC FUND TRANSFERS)'],
      [7, 'dividend', 'Dividend of AAPL: $5.00 gross, $0.75 tax withheld on 2025-02-13'],
      [8, 'fee', 'Tax withheld on the dividend of line 7'],
      [9, 'interest', 'Interest received $3.12 on 2025-02-04 (USD CREDIT INT FOR JAN-2025)'],
      [10, 'fee', 'Fee charged $4.50 on 2025-03-03 (SNAPSHOT VALUE FEE)'],
    ]);
    expect(p.lines[0]!.fingerprint).toBe('ibkr:trade:512345601');
    expect(await counts()).toEqual(before);
  });

  it('commits the IBKR sample all at once: lots, ledger entries on their own days, cash, fingerprints and one audit event', async () => {
    const csv = fixture('ibkr-flex.csv');
    const res = await commit('flex.csv', csv);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      message: 'Imported flex.csv (Interactive Brokers Flex Query): 8 lines added.',
      counts: { lines: 8, new: 8, duplicates: 0, errors: 0 },
      import: { file_name: 'flex.csv', format: 'ibkr', added: 8, duplicates: 0, sha256: sha256(csv) },
    });
    // 20 AAPL at 233.28 + 1.00 = 4,666.60; 5 sold first in, first out: 15 left with 3,499.95 of basis.
    expect(await lotsOf('AAPL')).toEqual([
      { qty: '15.00000000', pricePaid: '233.28000000', costBasis: '3499.95', purchaseDate: '2025-01-13' },
    ]);
    const entries = await h.database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.source, 'import'))
      .orderBy(asc(ledgerEntries.id));
    expect(entries.map((e) => [e.kind, e.bookDate, e.amount])).toEqual([
      ['deposit', '2025-01-10', '10000.00'],
      ['buy', '2025-01-13', '4666.60'],
      ['buy', '2025-01-14', '4157.70'],
      ['interest', '2025-02-04', '3.12'],
      ['dividend', '2025-02-13', '4.25'],
      ['sell', '2025-03-03', '1189.15'],
      ['fee', '2025-03-03', '4.50'],
    ]);
    // 10,000 − 4,666.60 − 4,157.70 + 3.12 + 4.25 + 1,189.15 − 4.50
    expect(await cash()).toBe('2367.72');
    const audit = await h.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'import.commit'));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.after).toMatchObject({ file_name: 'flex.csv', sha256: sha256(csv), lines: 8, added: 8, duplicates: 0 });
    expect((await h.database.db.select().from(importLines)).length).toBe(8);
  });

  it('adds nothing when the same file comes again, and reports the duplicates', async () => {
    const before = await counts();
    const csv = fixture('ibkr-flex.csv');
    const p = await preview('flex.csv', csv);
    expect(p.counts).toEqual({ lines: 8, new: 0, duplicates: 8, errors: 0 });
    const res = await commit('flex.csv', csv);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      message: 'Imported flex.csv (Interactive Brokers Flex Query): 0 lines added; 8 already imported, not added again.',
      import: null,
      duplicate_lines: [2, 3, 4, 6, 7, 8, 9, 10],
    });
    expect(await counts()).toEqual(before);
  });

  it('adds only the new lines of an overlapping file', async () => {
    const extra =
      '"U1234567","USD","STK","MSFT","MICROSOFT CORP","272093","512345604","1823456704","20250320","20250320;101502","BUY","2","390.10","-1","USD","-781.2","NASDAQ","LMT"';
    const lines = fixture('ibkr-flex.csv').trimEnd().split('\n');
    const csv = [...lines.slice(0, 4), extra].join('\n');
    const res = await commit('flex-2.csv', csv);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ counts: { new: 1, duplicates: 3 } });
    expect((await lotsOf('MSFT')).map((l) => l.qty)).toEqual(['10.00000000', '2.00000000']);
  });

  it('commits the Schwab sample (newest first, "as of" dates, $ amounts, a totals row)', async () => {
    const csv = fixture('schwab-transactions.csv');
    const p = await preview('Individual_XXX234_Transactions.csv', csv);
    expect(p.format).toBe('schwab');
    expect(p.problems).toEqual([]);
    expect(p.counts).toEqual({ lines: 7, new: 7, duplicates: 0, errors: 0 });
    const res = await commit('Individual_XXX234_Transactions.csv', csv);
    expect(res.statusCode, res.body).toBe(201);
    expect(await lotsOf('KO')).toEqual([
      { qty: '20.00000000', pricePaid: '62.38000000', costBasis: '1247.60', purchaseDate: '2025-01-17' },
    ]);
    expect(await lotsOf('NVDA')).toEqual([
      { qty: '15.00000000', pricePaid: '136.24000000', costBasis: '2043.60', purchaseDate: '2025-01-16' },
    ]);
    const [dividend] = await h.database.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.kind, 'dividend'), eq(ledgerEntries.symbol, 'KO')));
    // $9.70 on 20 shares is $0.485 a share; $1.46 withheld; $8.24 net.
    expect(dividend).toMatchObject({ bookDate: '2025-02-27', qty: '20.00000000', price: '0.48500000', amount: '8.24', source: 'import' });
    const [sale] = await h.database.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.kind, 'sell'), eq(ledgerEntries.symbol, 'NVDA')));
    expect(sale).toMatchObject({ amount: '1195.27', fee: '0.03', bookDate: '2025-03-17' });
    expect((await commit('Individual_XXX234_Transactions.csv', csv)).json()).toMatchObject({ counts: { new: 0, duplicates: 7 } });
  });

  it('commits the generic sample: every kind, a split and crypto included', async () => {
    const csv = fixture('generic.csv');
    const p = await preview('generic.csv', csv, 'generic');
    expect(p.problems).toEqual([]);
    expect(p.counts).toEqual({ lines: 11, new: 11, duplicates: 0, errors: 0 });
    const res = await commit('generic.csv', csv, 'generic');
    expect(res.statusCode, res.body).toBe(201);
    expect(await lotsOf('WMT')).toEqual([
      { qty: '30.00000000', pricePaid: '29.50000000', costBasis: '885.00', purchaseDate: '2025-05-01' },
    ]);
    expect(await lotsOf('BTC')).toEqual([
      { qty: '0.50000000', pricePaid: '96000.00000000', costBasis: '48000.00', purchaseDate: '2025-01-07' },
    ]);
    const kinds = (await h.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.source, 'import'))).map((e) => e.kind);
    for (const k of ['deposit', 'buy', 'dividend', 'sell', 'interest', 'fee', 'margin_interest', 'split', 'withdrawal'])
      expect(kinds).toContain(k);
    const [split] = await h.database.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.kind, 'split'), eq(ledgerEntries.symbol, 'WMT')));
    expect(split).toMatchObject({ bookDate: '2025-06-10', source: 'import' });
    // WMT was not held before: its quote comes at once, not at the next scheduled refresh.
    await expect
      .poll(async () => {
        const holdings = (await h.inject({ method: 'GET', url: '/api/holdings', headers: bearer(gp) })).json<
          { symbol: string; quoteSource: string | null }[]
        >();
        return holdings.find((l) => l.symbol === 'WMT')?.quoteSource ?? null;
      })
      .toBe('simulated');
  });

  it('writes nothing when one line is bad, and names the line and column', async () => {
    const before = await counts();
    const csv =
      'date,kind,symbol,asset_type,quantity,price,fee,amount,note\n2025-01-02,deposit,,,,,,100.00,ok\n2025-02-30,deposit,,,,,,5.00,bad day\n';
    const p = await preview('bad.csv', csv);
    expect(p.counts).toEqual({ lines: 2, new: 1, duplicates: 0, errors: 1 });
    expect(p.problems).toEqual([{ line: 3, column: 'date', message: 'line 3, column date: date 2025-02-30 is not a day' }]);
    const res = await commit('bad.csv', csv);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Nothing was imported: line 3, column date: date 2025-02-30 is not a day.');
    expect(await counts()).toEqual(before);
  });

  const header = 'date,kind,symbol,asset_type,quantity,price,fee,amount,note';
  it.each([
    ['an empty file', '', 'line 1: the file is empty'],
    ['a file of blank lines', '\n\n  \n', 'line 1: the file is empty'],
    [
      'semicolons',
      'date;kind;symbol;amount\n2025-01-02;deposit;;5',
      'line 1: the columns are separated by ";", not commas: save the file as CSV with commas',
    ],
    [
      'no known header',
      'a,b,c\n1,2,3',
      'line 1: no header line of a known format (generic: date,kind,symbol,…; Interactive Brokers Flex Query; Schwab: "Date","Action",…)',
    ],
    [
      'a formula',
      `${header}\n2025-01-02,deposit,,,,,,100.00,=HYPERLINK("http://x")`,
      'line 2, column note: "=HYPERLINK("http://x")" looks like a spreadsheet formula (starts with = + - or @); formulas are refused',
    ],
    [
      'a formula in a number',
      `${header}\n2025-01-02,deposit,,,,,,@SUM(1),x`,
      'line 2, column amount: "@SUM(1)" looks like a spreadsheet formula (starts with = + - or @); formulas are refused',
    ],
    [
      'an unknown symbol',
      `${header}\n2025-01-02,buy,ZZZQX,stock,1,10,,,`,
      'line 2, column symbol: unknown symbol ZZZQX: No market data for ZZZQX.',
    ],
    [
      'a future date',
      `${header}\n2999-01-02,deposit,,,,,,1.00,`,
      'line 2, column date: 2999-01-02 is after today (New York time): future dates are refused',
    ],
    [
      'a sale of more than is held at its date',
      `${header}\n2025-01-02,sell,JNJ,stock,1,10,,,`,
      'line 2, column quantity: sells 1 JNJ on 2025-01-02, but the firm holds 0 JNJ then',
    ],
    [
      'a kind that is no event',
      `${header}\n2025-01-02,correction,JNJ,stock,1,10,,,`,
      "line 2, column kind: kind correction is an edit of the firm's own books and is not imported (docs/imports.md)",
    ],
    ['an unclosed quote', `${header}\n2025-01-02,deposit,,,,,,1.00,"oops\n`, 'line 2: a quoted cell is never closed (a " is missing)'],
  ])('refuses %s with a line-numbered message, and commits nothing', async (_name, csv, message) => {
    const before = await counts();
    const p = await preview('bad.csv', csv);
    expect(p.problems.map((x) => x.message)).toContain(message);
    expect(p.counts.errors).toBeGreaterThan(0);
    const res = await commit('bad.csv', csv);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain(message);
    expect(await counts()).toEqual(before);
  });

  it('checks a sale against what is held at its date, not today', async () => {
    // 10 JNJ bought 2025-01-06, 4 sold 2025-03-03 (the generic sample): 6 held since; none before 2025-01-06.
    const csv = `${header}\n2025-01-03,sell,JNJ,stock,2,150,,,too early\n`;
    const p = await preview('early.csv', csv);
    expect(p.problems).toEqual([
      { line: 2, column: 'quantity', message: 'line 2, column quantity: sells 2 JNJ on 2025-01-03, but the firm holds 0 JNJ then' },
    ]);
  });

  it('reads a file with a byte order mark and Windows line ends', async () => {
    const csv = `\uFEFF${header}\r\n2025-08-01,deposit,,,,,,"1,234.56",BOM and CRLF\r\n`;
    const p = await preview('bom.csv', csv);
    expect(p.problems).toEqual([]);
    expect(p.lines).toMatchObject([{ line: 2, status: 'new', kind: 'deposit', becomes: 'Deposit $1,234.56 on 2025-08-01 (BOM and CRLF)' }]);
    const res = await commit('bom.csv', csv);
    expect(res.statusCode, res.body).toBe(201);
    const [entry] = await h.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.bookDate, '2025-08-01'));
    expect(entry).toMatchObject({ kind: 'deposit', amount: '1234.56', source: 'import' });
  });

  it('answers 413 with a readable message for a 50 MB file', async () => {
    const big = `${header}\n${'2025-01-02,deposit,,,,,,1.00,padding padding padding padding padding padding\n'.repeat(700_000)}`;
    expect(big.length).toBeGreaterThan(50 * 1024 * 1024);
    const res = await post('/api/imports/preview', { file_name: 'big.csv', csv: big });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: 'The file is larger than 20 MB. Split it into smaller files (by date) and import each.' });
  });

  it('answers 413 for a file over 20 MB that fits the body', async () => {
    const big = `${header}\n${'2025-01-02,deposit,,,,,,1.00,padding\n'.repeat(600_000)}`;
    expect(big.length).toBeGreaterThan(20 * 1024 * 1024);
    const res = await post('/api/imports/preview', { file_name: 'big.csv', csv: big });
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toBe('The file is larger than 20 MB. Split it into smaller files (by date) and import each.');
  });

  it('is for GPs only: an LP gets 403 on every path', async () => {
    expect((await post('/api/imports/preview', { file_name: 'x.csv', csv: header }, lp)).statusCode).toBe(403);
    expect((await post('/api/imports', { file_name: 'x.csv', csv: header }, lp)).statusCode).toBe(403);
    expect((await h.inject({ method: 'GET', url: '/api/imports', headers: bearer(lp) })).statusCode).toBe(403);
  });

  it('lists past imports, newest first', async () => {
    const res = await h.inject({ method: 'GET', url: '/api/imports', headers: bearer(gp) });
    expect(res.statusCode).toBe(200);
    const list = res.json().imports as { file_name: string }[];
    expect(list[0]!.file_name).toBe('bom.csv');
    expect(list.map((i) => i.file_name)).toContain('flex.csv');
  });

  it('asks a GP with a second factor for a recent one before committing (403 stepUp)', async () => {
    const id = await h.createUser({ email: 'gp-stepup@imports.test', role: 'GP' });
    await h.database.db.update(users).set({ secondFactor: true }).where(eq(users.id, id));
    const token = await h.tokenFor(id);
    const csv = `${header}\n2025-09-01,deposit,,,,,,7.00,step-up\n`;
    const refused = await post('/api/imports', { file_name: 's.csv', csv }, token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: STEP_UP_NEEDED, stepUp: true });
    // The preview writes nothing and needs no second factor.
    expect((await post('/api/imports/preview', { file_name: 's.csv', csv }, token)).statusCode).toBe(200);
    await h.database.db.update(sessions).set({ secondFactorAt: h.clock.now() }).where(eq(sessions.userId, id));
    expect((await post('/api/imports', { file_name: 's.csv', csv }, token)).statusCode).toBe(201);
  });
  it('vacuums the tables an import wrote to once it has answered, so the planner knows their size (the embedded database has no autovacuum)', async () => {
    const rows = ['date,kind,symbol,asset_type,quantity,price,fee,amount,note'];
    for (let i = 0; i < 400; i += 1) rows.push(`2025-02-03,deposit,,,,,,10.00,sized ${i}`);
    const res = await commit('sized.csv', `${rows.join('\n')}\n`, 'generic');
    expect(res.statusCode, res.body).toBe(201);
    const { ledger } = await counts();
    // Before any VACUUM (or autovacuum's ANALYZE) PostgreSQL records -1: the size was never measured.
    const measured = await h.database.db.execute(sql`select reltuples::int as n from pg_class where relname = 'ledger_entries'`);
    const [row] = (Array.isArray(measured) ? measured : (measured as unknown as { rows: { n: number }[] }).rows) as { n: number }[];
    expect(row!.n).toBeGreaterThanOrEqual(ledger * 0.9);
  });
});
