import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvCell } from '../../src/platform/csv';
import { parseCsv } from '../support/csv';
import { databaseKinds } from '../support/databases';
import { bearer, createHarness, type Harness } from '../support/harness';

const records = (text: string) => {
  const [header, ...rows] = parseCsv(text);
  return rows.map((r) => Object.fromEntries((header ?? []).map((h, i) => [h, r[i] ?? ''])));
};

describe('a CSV cell', () => {
  it('escapes what a spreadsheet would run as a formula, and keeps numbers numbers', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell('+1 555')).toBe("'+1 555");
    expect(csvCell('-cmd')).toBe("'-cmd");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('-12.50')).toBe('-12.50');
    expect(csvCell('-1-2')).toBe("'-1-2");
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell(null)).toBe('');
  });
});

describe.each(databaseKinds)('CSV exports on %s', (kind) => {
  let h: Harness;
  let gp: string;
  let lp: string;

  beforeAll(async () => {
    h = await createHarness(kind);
    ({ gp, lp } = await h.partners('exports'));
    const post = async (url: string, payload: object) => {
      const res = await h.inject({ method: 'POST', url, headers: bearer(gp), payload });
      if (res.statusCode !== 201) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    };
    await post('/api/holdings', {
      symbol: 'AAPL',
      asset_type: 'stock',
      purchases: [
        { qty: '2.5', price_paid: '100.10', purchase_date: '2024-01-02' },
        { qty: '1', price_paid: '120', purchase_date: '2024-02-01' },
      ],
    });
    await post('/api/illiquid-assets/save', {
      assets: [
        {
          name: '=HYPERLINK("http://evil")',
          description: 'Seed, series A',
          purchase_date: '2023-05-01',
          qty: '10',
          price_paid: '100',
          last_price_at_date: '133.33',
          dividend_dollar: '12.5',
        },
      ],
    });
    await post('/api/real-estate/save', {
      assets: [
        {
          name: '12 Elm St',
          purchase_date: '2022-07-15',
          qty: '1',
          price_paid: '250000',
          last_price_at_date: '260000.01',
          total_rental_income: '1200',
          monthly_rental_income: '1200',
        },
      ],
    });
  });
  afterAll(() => h.close());

  const download = (path: string, token: string | null) =>
    h.inject({ method: 'GET', url: `/api/export/${path}`, ...(token ? { headers: bearer(token) } : {}) });

  it("exports positions and their lots with the engine's figures, to an LP too", async () => {
    const res = await download('holdings.csv', lp);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toBe('attachment; filename="holdings.csv"');
    expect(res.body.split('\r\n')[0]).toBe(
      'level,symbol,asset_type,exchange,lot_id,purchase_date,qty,price_paid,last_price,cost,value,day_gain,gain,gain_pct,pct_of_portfolio',
    );
    const rows = records(res.body);
    const { valuation } = await h.deps.portfolio.current();
    const position = valuation.positions.find((p) => p.symbol === 'AAPL');
    expect(rows.map((r) => `${r.level} ${r.purchase_date} ${r.qty} ${r.price_paid}`)).toEqual([
      `position  3.5 ${position?.avgPricePaid}`,
      'lot 2024-01-02 2.5 100.1',
      'lot 2024-02-01 1 120',
    ]);
    expect(rows[0]).toMatchObject({
      cost: position?.cost,
      value: position?.value,
      gain: position?.gain,
      last_price: position?.lastPrice ?? '',
    });
    expect(rows[0]?.cost).toBe('370.25');
    expect(rows[1]).toMatchObject({ cost: position?.lots[0]?.cost, value: position?.lots[0]?.value });
  });

  it("exports venture rows with their name escaped and the engine's value and gain", async () => {
    const res = await download('venture.csv', lp);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`"'=HYPERLINK(""http://evil"")"`);
    const [row] = records(res.body);
    expect(row).toMatchObject({
      name: `'=HYPERLINK("http://evil")`,
      description: 'Seed, series A',
      purchase_date: '2023-05-01',
      qty: '10',
      price_paid: '100',
      last_price: '133.33',
      dividend_dollar: '12.5',
      cost: '1000.00',
      value: '1333.30',
      gain: '333.30',
    });
  });

  it('exports real estate with rental income and total value', async () => {
    const res = await download('real-estate.csv', gp);
    expect(res.headers['content-disposition']).toBe('attachment; filename="real-estate.csv"');
    const [row] = records(res.body);
    const { valuation } = await h.deps.portfolio.current();
    expect(row).toMatchObject({ name: '12 Elm St', last_price: '260000.01', total_rental_income: '1200', value: '260000.01' });
    expect(row?.total_value).toBe(valuation.properties[0]?.totalValue);
    expect(row?.total_value).toBe('261200.01');
  });

  it('answers an empty table with its header row, and nothing without a token', async () => {
    const empty = await createHarness(kind);
    try {
      const { lp: reader } = await empty.partners('empty-exports');
      const res = await empty.inject({ method: 'GET', url: '/api/export/venture.csv', headers: bearer(reader) });
      expect(res.body).toBe(
        'id,name,description,purchase_date,qty,price_paid,last_price,last_price_date,dividend_dollar,dividend_pct,cost,value,gain,gain_pct\r\n',
      );
    } finally {
      await empty.close();
    }
    for (const path of ['holdings.csv', 'venture.csv', 'real-estate.csv']) expect((await download(path, null)).statusCode).toBe(401);
  });
});
