import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TRPCError } from '@trpc/server';
import { accountBalances, dailyCloses, portfolioSnapshots } from '../../src/db/schema';
import { addDays, dayInNewYork } from '../../src/domain/dates';
import { portfolioChanged } from '../../src/services/portfolio/ledger';
import type { ReturnsOutput } from '../../src/contract/returns';
import { parseCsv } from '../support/csv';
import { databaseKinds } from '../support/databases';
import { bearer, createHarness, type Harness } from '../support/harness';

/** The Returns panel's reads: GP and LP alike, nobody without a token, new money left out. */
describe.each(databaseKinds)('the returns on %s', (kind) => {
  let h: Harness;
  let gp: string;
  let lp: string;
  let today: string;

  const get = (url: string, token: string | null) => h.inject({ method: 'GET', url, ...(token ? { headers: bearer(token) } : {}) });
  const returns = async (token: string, query = '') => {
    const res = await get(`/api/portfolio/returns${query}`, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ReturnsOutput;
  };

  beforeAll(async () => {
    h = await createHarness(kind);
    ({ gp, lp } = await h.partners('returns'));
    today = dayInNewYork(h.clock.now());
  });
  afterAll(() => h.close());

  it('says a portfolio with one day has no returns yet', async () => {
    expect(await returns(lp)).toEqual({ asOf: today, periods: [], days: null });
  });

  it('answers GP and LP the same figures, from the days and flows it lists', async () => {
    const values = ['900.00', '950.00', '1000.00', '980.00', '1000.00'];
    const zero = { liquidValue: '0', ventureValue: '0', realEstateValue: '0', marginDebit: '0', accountsReceivable: '0' };
    await h.database.db
      .insert(portfolioSnapshots)
      .values(
        values.map((v, i) => ({ ...zero, date: addDays(today, i - 5), netAccountValue: v, cashAvailable: v, takenAt: h.clock.now() })),
      );
    await h.database.db
      .insert(dailyCloses)
      .values(
        values.map((_, i) => ({ key: '^GSPC', date: addDays(today, i - 5), close: String(5000 + i * 10), source: 'simulated' as const })),
      );
    await h.database.db.insert(accountBalances).values({ id: 1, cashAvailable: '1000.00', marginDebit: '0', accountsReceivable: '0' });
    await portfolioChanged(h.database.db);

    const before = await returns(gp);
    expect(await returns(lp)).toEqual(before);
    const inception = before.periods.find((p) => p.key === 'inception')!;
    expect(before.periods.map((p) => p.key)).toEqual(['mtd', 'qtd', 'ytd', '1y', 'inception']);
    expect(inception).toMatchObject({
      label: 'Since inception',
      from: addDays(today, -5),
      to: today,
      startValue: '900.00',
      endValue: '1000.00',
    });
    // 1000 ÷ 900 − 1, at 12 places; the fall from 1000.00 to 980.00 is the max drawdown.
    expect(inception.twr).toBe('0.111111111111');
    expect(inception.drawdown).toEqual({ depth: '-0.020000000000', peak: addDays(today, -3), trough: addDays(today, -2) });
  });

  it('leaves a deposit out of the time-weighted return and lists it among the flows', async () => {
    const before = (await returns(gp)).periods.find((p) => p.key === 'inception')!;
    const res = await h.inject({
      method: 'POST',
      url: '/api/cash-movements',
      headers: bearer(gp),
      payload: { kind: 'deposit', amount: '500.00', note: 'Capital call', confirmed: true },
    });
    expect(res.statusCode, res.body).toBe(201);
    const after = (await returns(lp)).periods.find((p) => p.key === 'inception')!;
    expect(after.twr).toBe(before.twr);
    expect(after.endValue).toBe('1500.00');
    expect(after.flows).toEqual([{ date: today, amount: '500.00' }]);
    expect(after.mwrFlows).toEqual([
      { date: addDays(today, -5), amount: '-900.00' },
      { date: today, amount: '-500.00' },
      { date: today, amount: '1500.00' },
    ]);
    expect(after.mwr).not.toBeNull();
  });

  it("lists a period's daily rows when asked, and refuses a period it does not know", async () => {
    const { days } = await returns(lp, '?period=inception');
    expect(days?.map((d) => [d.date, d.value, d.flow])).toEqual([
      [addDays(today, -5), '900.00', '0'],
      [addDays(today, -4), '950.00', '0'],
      [addDays(today, -3), '1000.00', '0'],
      [addDays(today, -2), '980.00', '0'],
      [addDays(today, -1), '1000.00', '0'],
      [today, '1500.00', '500.00'],
    ]);
    expect(days?.[1]?.sp500).toBe('5010');
    const bad = await get('/api/portfolio/returns?period=decade', lp);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: 'period must be one of mtd, qtd, ytd, 1y, inception.' });
  });

  it('answers 401 without a token, over REST and tRPC', async () => {
    expect((await get('/api/portfolio/returns', null)).statusCode).toBe(401);
    expect((await get('/api/export/returns.csv', null)).statusCode).toBe(401);
    await expect(h.caller(null).portfolio.returns({})).rejects.toMatchObject({ code: 'UNAUTHORIZED' } satisfies Partial<TRPCError>);
  });

  it('exports every period’s daily rows as CSV, to an LP too', async () => {
    const res = await get('/api/export/returns.csv', lp);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const [header, ...rows] = parseCsv(res.body);
    expect(header).toEqual([
      'period',
      'date',
      'net_account_value',
      'external_flow',
      'day_return',
      'growth',
      'sp500_close',
      'weekday_sampled',
    ]);
    const inception = rows.filter((r) => r[0] === 'inception');
    expect(inception).toHaveLength(6);
    expect(inception.at(-1)?.slice(1, 4)).toEqual([today, '1500.00', '500.00']);
  });
});
