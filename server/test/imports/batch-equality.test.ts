import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountBalances,
  auditEvents,
  dailyCloses,
  holdings,
  importLines,
  imports,
  ledgerEntries,
  quotes,
  users,
} from '../../src/db/schema';
import { commitImport, writeLineByLine, type LineWriter } from '../../src/services/imports/imports';
import { databaseKinds } from '../support/databases';
import { bearer, createHarness, type Harness } from '../support/harness';
import { setCash } from '../support/books';
import { portfolioChanged } from '../../src/services/portfolio/ledger';

/**
 * The batch commit of an import (docs/decisions/0017-broker-imports.md) against the line-by-line
 * one through the forms' services: the same files committed both ways, on two databases with the
 * same books before, leave the same rows (ledger entries, lots, closes, Cash Available, audit
 * events, fingerprints, ids included) and the same holdings and valuation answers.
 */

const fixture = (name: string) => readFileSync(join(import.meta.dirname, '../fixtures/imports', name), 'utf8');

/** The commit's clock: after every day of the files, before some of the generated file's pay dates. */
const NOW = new Date('2025-11-28T17:00:00Z');

/** ~300 generic lines of every kind: buys and sales (fees, fractions, crypto), splits (one with cash in lieu), dividends (per share, gross, taxed, pending), cash. */
function generated(): string {
  const rows = ['date,kind,symbol,asset_type,quantity,price,fee,amount,note,pay_date'];
  // What the samples committed before leave (the IBKR one: 15 AAPL, 10 MSFT; the Schwab one: 20 KO).
  const held = new Map<string, number>([
    ['AAPL', 15],
    ['MSFT', 10],
    ['KO', 20],
  ]);
  let day = Date.UTC(2025, 7, 1);
  const date = () => new Date(day).toISOString().slice(0, 10);
  for (let i = 0; i < 60; i += 1) {
    day += 86_400_000;
    const d = date();
    const symbol = ['AAPL', 'MSFT', 'KO'][i % 3]!;
    rows.push(`${d},deposit,,,,,,${(500 + i).toFixed(2)},call ${i},`);
    const qty = 3 + (i % 4);
    rows.push(`${d},buy,${symbol},stock,${qty},${(100 + (i % 7) * 1.37).toFixed(2)},${i % 2 === 0 ? '1.00' : ''},,,`);
    held.set(symbol, held.get(symbol)! + qty);
    rows.push(`${d},buy,ETH,crypto,0.${String(12345678 + i).padStart(8, '0')},${(3000 + i).toFixed(2)},0.50,,,`);
    if (i % 2 === 1) {
      const sell = Math.max(1, Math.floor(held.get(symbol)! / 3));
      rows.push(`${d},sell,${symbol},stock,${sell},${(110 + (i % 5)).toFixed(2)},${i % 4 === 1 ? '0.75' : ''},,,`);
      held.set(symbol, held.get(symbol)! - sell);
    }
    if (i % 5 === 4) rows.push(`${d},sell,ETH,crypto,0.1,${(3100 + i).toFixed(2)},,,,`);
    if (i % 6 === 5) rows.push(`${d},interest,,,,,,${(1.11 * i).toFixed(2)},sweep,`);
    if (i % 7 === 6) rows.push(`${d},fee,,,,,,4.50,custody,`);
    if (i % 9 === 8) rows.push(`${d},margin_interest,,,,,,2.${String(i).padStart(2, '0')},,`);
    if (i % 10 === 9) rows.push(`${d},withdrawal,,,,,,${(250 + i).toFixed(2)},distribution,`);
    // An odd number of MSFT before its 3:2 split leaves half a share, paid in cash.
    if (i === 40 && held.get('MSFT')! % 2 === 0) {
      rows.push(`${d},buy,MSFT,stock,1,401.00,,,,`);
      held.set('MSFT', held.get('MSFT')! + 1);
    }
    if (i === 20) rows.push(`${d},split,AAPL,stock,2:1,,,,Two for one,`);
    if (i === 41) rows.push(`${d},split,MSFT,stock,3:2,412.50,,,Three for two with cash in lieu,`);
    if (i % 8 === 3) {
      const payDate = i > 50 ? '2025-12-15' : '';
      rows.push(`${d},dividend,${symbol},stock,,0.${24 + (i % 3)},${i % 16 === 3 ? '0.40' : ''},,Q dividend ${i},${payDate}`);
    }
    // A gross amount: $0.50 a share on the KO held at the start of the day.
    if (i === 30) rows.push(`${d},dividend,KO,stock,,,,${(held.get('KO')! * 0.5).toFixed(2)},gross,`);
  }
  return `${rows.join('\n')}\n`;
}

describe.each(databaseKinds)('an import committed in batch and line by line on %s', (kind) => {
  let byLine: Harness;
  let batched: Harness;
  let tokens: { byLine: string; batched: string };

  const seed = async (h: Harness) => {
    const { gp } = await h.partners('equal');
    await setCash(h, '5000.00');
    const res = await h.inject({
      method: 'POST',
      url: '/api/holdings',
      headers: bearer(gp),
      // A lot from before the files: the generic sample's sale of JNJ takes from it first.
      payload: { symbol: 'JNJ', asset_type: 'stock', purchases: [{ qty: '10', price_paid: '140.10', purchase_date: '2024-11-04' }] },
    });
    expect(res.statusCode, res.body).toBe(201);
    // Closes a split divides (the generic sample splits WMT on 2025-06-10, the generated file AAPL and MSFT).
    const closes = ['2025-06-06', '2025-06-09', '2025-06-10', '2025-06-11'].flatMap((date, i) => [
      { key: 'WMT', date, close: (88 + i * 0.37).toFixed(2), source: 'simulated' as const },
      { key: 'AAPL', date: date.replace('-06-', '-08-'), close: (201 + i).toFixed(4), source: 'simulated' as const },
      { key: 'MSFT', date: date.replace('2025-06-', '2025-09-'), close: (405.5 + i).toFixed(2), source: 'simulated' as const },
    ]);
    await h.database.db.insert(dailyCloses).values(closes);
    return gp;
  };

  beforeAll(async () => {
    byLine = await createHarness(kind);
    batched = await createHarness(kind);
    tokens = { byLine: await seed(byLine), batched: await seed(batched) };
  });
  afterAll(async () => {
    await byLine?.close();
    await batched?.close();
  });

  const commit = async (h: Harness, name: string, csv: string, write?: LineWriter) => {
    const deps = { db: h.database.db, now: () => NOW, market: { lookup: () => Promise.resolve('priced' as const) } };
    const [actor] = await h.database.db.select({ id: users.id, email: users.email }).from(users).where(eq(users.role, 'GP'));
    return commitImport(deps, actor!, { file_name: name, format: 'auto', csv }, write);
  };

  /**
   * Every row an import writes or changes, ids included; left out are the times the database stamps
   * itself and those of the seeding before the imports (the clock of each harness).
   */
  const rowsOf = async (h: Harness) => {
    const db = h.database.db;
    const seeded = <R extends { at: Date }>(rows: R[]) =>
      rows.map((r) => ({ ...r, at: r.at.getTime() === NOW.getTime() ? r.at : 'seeded' }));
    return {
      ledger: seeded(await db.select().from(ledgerEntries).orderBy(asc(ledgerEntries.id))),
      lots: (await db.select().from(holdings).orderBy(asc(holdings.id))).map(({ createdAt: _c, ...lot }) => lot),
      cash: (await db.select().from(accountBalances)).map(({ updatedAt: _u, ...b }) => b),
      closes: await db.select().from(dailyCloses).orderBy(asc(dailyCloses.key), asc(dailyCloses.date)),
      audit: seeded(await db.select().from(auditEvents).orderBy(asc(auditEvents.id))),
      imports: await db.select().from(imports).orderBy(asc(imports.id)),
      lines: await db.select().from(importLines).orderBy(asc(importLines.id)),
    };
  };

  const answers = async (h: Harness, token: string) => {
    const get = async (url: string) => {
      const res = await h.inject({ method: 'GET', url, headers: bearer(token) });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as unknown;
    };
    // The moment the valuation was computed is each engine's own.
    const { asOf: _asOf, ...valuation } = (await get('/api/portfolio/valuation')) as { asOf: string };
    return { holdings: await get('/api/holdings'), valuation };
  };

  it.each([
    ['the generic sample', 'generic.csv', () => fixture('generic.csv')],
    ['the IBKR Flex Query sample', 'flex.csv', () => fixture('ibkr-flex.csv')],
    ['the Schwab sample', 'schwab.csv', () => fixture('schwab-transactions.csv')],
    ['a generated file of every kind', 'generated.csv', generated],
  ])('%s leaves the same rows both ways', async (_name, file, csv) => {
    const text = csv();
    const a = await commit(byLine, file, text, writeLineByLine);
    const b = await commit(batched, file, text);
    expect(b).toEqual(a);
    expect(a.counts.new).toBeGreaterThan(0);
    const [rowsA, rowsB] = [await rowsOf(byLine), await rowsOf(batched)];
    expect(rowsB.ledger.length).toBe(rowsA.ledger.length);
    expect(rowsB).toEqual(rowsA);
  });

  it('refuses a line the books cannot take with the same message both ways, and writes nothing', async () => {
    // The plan lets it through (JNJ is held); the sale itself refuses a fee above what it brings.
    const csv =
      'date,kind,symbol,asset_type,quantity,price,fee,amount,note\n2025-10-01,deposit,,,,,,10.00,ok\n2025-10-02,sell,JNJ,stock,1,5.00,9.00,,\n';
    const before = [await rowsOf(byLine), await rowsOf(batched)];
    const refusal = async (h: Harness, write?: LineWriter) => {
      try {
        await commit(h, 'refused.csv', csv, write);
        return 'committed';
      } catch (err) {
        return err instanceof Error ? err.message : String(err);
      }
    };
    const a = await refusal(byLine, writeLineByLine);
    expect(a).toBe('line 3: The fee ($9.00) cannot be more than the sale brings before it ($5.00).');
    expect(await refusal(batched)).toBe(a);
    expect([await rowsOf(byLine), await rowsOf(batched)]).toEqual(before);
  });

  it('the generated file wrote every kind of entry, a split with cash in lieu and a pending dividend', async () => {
    const entries = await batched.database.db.select().from(ledgerEntries);
    const kinds = new Set(entries.map((e) => e.kind));
    for (const k of ['deposit', 'withdrawal', 'buy', 'sell', 'split', 'dividend', 'interest', 'fee', 'margin_interest'])
      expect(kinds).toContain(k);
    expect(entries.some((e) => e.kind === 'split' && e.symbol === 'MSFT' && e.amount !== null)).toBe(true);
    expect(entries.some((e) => e.kind === 'dividend' && !e.settles)).toBe(true);
    const closes = await batched.database.db.select().from(dailyCloses);
    // Divided by the 2:1 split of AAPL on 2025-08-22: the closes before it are half what was stored.
    expect(closes.find((c) => c.key === 'AAPL' && c.date === '2025-08-06')?.close).toBe('100.5');
  });

  it('answers the same holdings and valuation both ways', async () => {
    // The same quotes, stamped with the same moment, on both.
    const at = new Date();
    for (const h of [byLine, batched]) {
      for (const key of ['KO', 'AAPL', 'MSFT', 'JNJ', 'WMT', 'NVDA', 'ETH-USD', 'BTC-USD']) {
        const row = { key, name: key, price: '123.45', change: '0', changePct: '0', source: 'simulated' as const, asOf: at, fetchedAt: at };
        await h.database.db.insert(quotes).values(row).onConflictDoUpdate({ target: quotes.key, set: row });
      }
      await portfolioChanged(h.database.db);
    }
    const [a, b] = [await answers(byLine, tokens.byLine), await answers(batched, tokens.batched)];
    expect(b).toEqual(a);
  });
});
