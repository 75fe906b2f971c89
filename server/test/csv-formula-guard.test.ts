import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdings, ledgerEntries, privateAssets } from '../src/db/schema';
import { dayInNewYork } from '../src/domain/dates';
import { csvCell, csvText } from '../src/platform/csv';
import { parseCsv } from './support/csv';
import { databaseKinds } from './support/databases';
import { bearer, createHarness, type Harness } from './support/harness';

/**
 * No file the product exports lets a spreadsheet run a cell: text that could start a formula is
 * written with a leading apostrophe, in every export and in both the LP's and the GP's statement.
 */

/** The payload and its variants: each would run as a formula if written as it is. */
const HOSTILE = [
  "-2+3+cmd|' /C calc'!A0",
  '-1+1',
  '-2e3+cmd',
  '=1+1',
  '+1+1',
  '@SUM(1+1)',
  '\t=1+1',
  '\r=1+1',
  '  =1+1',
  '\uFF1D1+1',
  '\uFF0D2+3+cmd',
  '=HYPERLINK("http://evil","x")',
];

describe('the one CSV cell rule', () => {
  it('keeps plain numbers as they are and neutralises any other text that could start a formula', () => {
    for (const number of ['-12.50', '0', '12', '-0.00000001', '1234567.89']) expect(csvCell(number)).toBe(number);
    expect(csvCell(-12.5)).toBe('-12.5');
    for (const text of HOSTILE) {
      const [[cell]] = parseCsv(csvText([[text]])) as [[string]];
      expect(cell).toBe(`'${text}`);
    }
    expect(csvCell("-2+3+cmd|' /C calc'!A0")).toBe("'-2+3+cmd|' /C calc'!A0");
    expect(csvCell('Ann-Marie')).toBe('Ann-Marie');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell(null)).toBe('');
  });
});

describe.each(databaseKinds)('every CSV export on %s', (kind) => {
  let h: Harness;
  let gp: string;
  let lp: string;
  let lpId: number;
  const get = async (url: string, token: string) => {
    const res = await h.inject({ method: 'GET', url, headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(200);
    return parseCsv(res.body);
  };
  /** Every hostile text is in the file, each only as text. */
  const expectGuarded = (rows: string[][], texts: readonly string[]) => {
    const cells = rows.flat();
    for (const text of texts) expect(cells, JSON.stringify(text)).toContain(`'${text}`);
    for (const cell of cells) {
      if (/^\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]|^[\t\r]/.test(cell)) expect(cell, JSON.stringify(cell)).toMatch(/^-?\d+(\.\d+)?$/);
    }
  };

  beforeAll(async () => {
    h = await createHarness(kind);
    await h.createUser({ email: 'gp-csv@test.dev', password: 'Passw0rd!', role: 'GP' });
    lpId = await h.createUser({
      email: 'lp-csv@test.dev',
      password: 'Passw0rd!',
      role: 'LP',
      firstName: "-2+3+cmd|' /C calc'!A0",
      lastName: '=1+1',
    });
    gp = await h.login('gp-csv@test.dev', 'Passw0rd!');
    lp = await h.login('lp-csv@test.dev', 'Passw0rd!');
    const db = h.database.db;
    const today = dayInNewYork(h.clock.now());
    // Straight into the tables: whatever a form lets through today or tomorrow, the writer guards it.
    await db
      .insert(ledgerEntries)
      .values(
        HOSTILE.map((text) => ({ kind: 'deposit' as const, source: 'cash' as const, actorEmail: text, bookDate: today, amount: '1.00' })),
      );
    await db.insert(holdings).values(
      HOSTILE.map((text, i) => ({
        symbol: `Q${String.fromCharCode(65 + i)}`,
        assetType: 'stock' as const,
        exchange: text,
        qty: '1',
        pricePaid: '10',
        purchaseDate: '2024-01-02',
        costBasis: '10.00',
      })),
    );
    for (const assetKind of ['venture', 'real_estate'] as const) {
      await db.insert(privateAssets).values(
        HOSTILE.map((text) => ({
          kind: assetKind,
          name: text,
          description: text,
          purchaseDate: '2024-01-02',
          qty: '1',
          pricePaid: '10',
          lastPriceAtDate: '12',
        })),
      );
    }
  });
  afterAll(() => h.close());

  it('guards the ledger, holdings, venture and real estate exports, for a GP and an LP', async () => {
    for (const token of [gp, lp]) {
      expectGuarded(await get('/api/export/transactions.csv', token), HOSTILE);
      expectGuarded(await get('/api/export/holdings.csv', token), HOSTILE);
      expectGuarded(await get('/api/export/venture.csv', token), HOSTILE);
      expectGuarded(await get('/api/export/real-estate.csv', token), HOSTILE);
    }
  });

  it("guards the capital account statement, the LP's copy and the GP's", async () => {
    const quarter = (() => {
      const day = dayInNewYork(h.clock.now());
      return `${day.slice(0, 4)}-Q${Math.floor((Number(day.slice(5, 7)) - 1) / 3) + 1}`;
    })();
    const name = "-2+3+cmd|' /C calc'!A0 =1+1";
    for (const [url, token] of [
      [`/api/capital-account/statement.csv?quarter=${quarter}`, lp],
      [`/api/capital-account/statement.csv?quarter=${quarter}&userId=${lpId}`, gp],
    ] as const) {
      const rows = await get(url, token);
      expect(rows.find((r) => r[0] === 'limited_partner')).toEqual(['limited_partner', `'${name}`]);
      expectGuarded(rows, [name]);
    }
  });
});
