import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema';
import { eq } from 'drizzle-orm';
import { databaseKinds } from '../support/databases';
import { bearer, createHarness, type Harness } from '../support/harness';
import { setCash, storeSnapshots } from './books';

/**
 * decision 0014: capital accounts, an LP's account, the history and the valuation are computed once
 * per version of the books and answered with an ETag (304 while unchanged); a write is visible in
 * the very next read, whoever reads.
 */
describe.each(databaseKinds)('derived answers kept per version of the books on %s', (kind) => {
  let h: Harness;
  let gp: string;
  let lp: string;
  let lpId: number;
  const get = (url: string, token: string, etag?: string) =>
    h.inject({ method: 'GET', url, headers: { ...bearer(token), ...(etag ? { 'if-none-match': etag } : {}) } });
  const entry = (payload: object) =>
    h.inject({ method: 'POST', url: `/api/capital-accounts/${lpId}/entries`, headers: bearer(gp), payload });

  beforeAll(async () => {
    h = await createHarness(kind);
    await h.createUser({ email: 'gp-derived@test.dev', password: 'Passw0rd!', role: 'GP' });
    lpId = await h.createUser({ email: 'lp-derived@test.dev', password: 'Passw0rd!', role: 'LP', firstName: 'Lee', lastName: 'Park' });
    gp = await h.login('gp-derived@test.dev', 'Passw0rd!');
    lp = await h.login('lp-derived@test.dev', 'Passw0rd!');
    const today = new Date(h.clock.now()).toISOString().slice(0, 10);
    await storeSnapshots(h, { '2020-01-02': '1000000.00' }, () => new Date('2020-01-02T21:00:00Z'));
    await setCash(h, gp, '1000000.00');
    expect(today > '2020-01-02').toBe(true);
  });
  afterAll(() => h.close());

  it('answers the GP capital accounts with an ETag, 304 while unchanged, new figures right after a commitment', async () => {
    const first = await get('/api/capital-accounts', gp);
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"capital-accounts-/);
    expect((await get('/api/capital-accounts', gp, etag)).statusCode).toBe(304);

    expect((await entry({ kind: 'commitment', amount: '250000', date: '2020-01-02' })).statusCode).toBe(201);
    const after = await get('/api/capital-accounts', gp, etag);
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    const accounts = (after.json() as { accounts: { user_id: number; figures: { commitment: string } }[] }).accounts;
    expect(accounts.find((a) => a.user_id === lpId)?.figures.commitment).toBe('250000.00');
  });

  it("shows a contribution in the LP's own account at the next read, and a renamed LP in the GP's list", async () => {
    const before = await get('/api/capital-account', lp);
    expect(before.statusCode).toBe(200);
    expect((await get('/api/capital-account', lp, before.headers.etag as string)).statusCode).toBe(304);
    expect((await entry({ kind: 'contribution', amount: '100000', date: '2020-01-02' })).statusCode).toBe(201);
    const after = await get('/api/capital-account', lp, before.headers.etag as string);
    expect(after.statusCode).toBe(200);
    expect((after.json() as { figures: { contributed: string } }).figures.contributed).toBe('100000.00');

    // A change outside the books (a partner's name) is seen at once too.
    await h.database.db.update(users).set({ lastName: 'Parker' }).where(eq(users.id, lpId));
    const list = (await get('/api/capital-accounts', gp)).json() as { accounts: { user_id: number; name: string }[] };
    expect(list.accounts.find((a) => a.user_id === lpId)?.name).toBe('Lee Parker');
  });

  it('keeps the derived answers and their ETags when the books are only older, not changed', async () => {
    const paths = ['/api/capital-accounts', '/api/portfolio/history?days=30'];
    const first = await Promise.all(paths.map((path) => get(path, gp)));
    const dayOf = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(h.clock.now());
    const day = dayOf();
    // Past the engine's 30 s: a new view of the same books, made for the quotes' age alone.
    h.clock.advance(31_000);
    const later = await Promise.all(paths.map((path, i) => get(path, gp, first[i]!.headers.etag as string)));
    // Across midnight in New York the day's figures are new; any other time they are the same answers.
    for (const answer of later) expect(answer.statusCode).toBe(dayOf() === day ? 304 : 200);

    const deposit = await h.inject({
      method: 'POST',
      url: '/api/cash-movements',
      headers: bearer(gp),
      payload: { kind: 'deposit', amount: '10.00', note: 'aged view check', confirmed: true },
    });
    expect(deposit.statusCode).toBe(201);
    for (const [i, path] of paths.entries()) expect((await get(path, gp, first[i]!.headers.etag as string)).statusCode).toBe(200);
  });

  it('answers the history and the valuation with ETags and changes both after a deposit', async () => {
    const history = await get('/api/portfolio/history?days=30', gp);
    const valuation = await get('/api/portfolio/valuation', gp);
    expect(history.statusCode).toBe(200);
    expect(valuation.statusCode).toBe(200);
    expect((await get('/api/portfolio/history?days=30', gp, history.headers.etag as string)).statusCode).toBe(304);
    expect((await get('/api/portfolio/valuation', gp, valuation.headers.etag as string)).statusCode).toBe(304);
    const cashBefore = (valuation.json() as { totals: { cashAvailable: string } }).totals.cashAvailable;

    const deposit = await h.inject({
      method: 'POST',
      url: '/api/cash-movements',
      headers: bearer(gp),
      payload: { kind: 'deposit', amount: '1234.56', note: 'test' },
    });
    expect(deposit.statusCode, deposit.body).toBe(201);

    const valuationAfter = await get('/api/portfolio/valuation', gp, valuation.headers.etag as string);
    expect(valuationAfter.statusCode).toBe(200);
    expect((valuationAfter.json() as { totals: { cashAvailable: string } }).totals.cashAvailable).not.toBe(cashBefore);
    const historyAfter = await get('/api/portfolio/history?days=30', gp, history.headers.etag as string);
    expect(historyAfter.statusCode).toBe(200);
    const days = (historyAfter.json() as { days: { netFlow: string }[] }).days;
    expect(days.at(-1)?.netFlow).not.toBe((history.json() as { days: { netFlow: string }[] }).days.at(-1)?.netFlow);
  });

  it('draws a statement once per version of the books: the same file again, a new one after an entry of its quarter', async () => {
    const pdf = await get('/api/capital-account/statement.pdf?quarter=2020-Q1', lp);
    const csv = await get('/api/capital-account/statement.csv?quarter=2020-Q1', lp);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect((await get('/api/capital-account/statement.pdf?quarter=2020-Q1', lp)).rawPayload.equals(pdf.rawPayload)).toBe(true);
    expect((await get('/api/capital-account/statement.csv?quarter=2020-Q1', lp)).body).toBe(csv.body);

    expect((await entry({ kind: 'contribution', amount: '5000', date: '2020-01-02' })).statusCode).toBe(201);
    const csvAfter = await get('/api/capital-account/statement.csv?quarter=2020-Q1', lp);
    expect(csvAfter.body).not.toBe(csv.body);
    expect(csvAfter.body).toContain('5000.00');
    expect((await get('/api/capital-account/statement.pdf?quarter=2020-Q1', lp)).rawPayload.equals(pdf.rawPayload)).toBe(false);
  });

  it("keeps the valuation answer and its tag through a view made again for the quotes' age alone, and changes both after a write", async () => {
    const first = await get('/api/portfolio/valuation', gp);
    const positions = await get('/api/portfolio/positions', gp);
    expect(first.statusCode).toBe(200);
    // Past the engine's 30 s: a new view of the same books.
    h.clock.advance(31_000);
    const again = await get('/api/portfolio/valuation', gp, first.headers.etag as string);
    expect(again.statusCode).toBe(304);
    expect((await get('/api/portfolio/positions', gp, positions.headers.etag as string)).statusCode).toBe(304);

    const deposit = await h.inject({
      method: 'POST',
      url: '/api/cash-movements',
      headers: bearer(gp),
      payload: { kind: 'deposit', amount: '10.00', note: 'test', confirmed: true },
    });
    expect(deposit.statusCode, deposit.body).toBe(201);
    const after = await get('/api/portfolio/valuation', gp, first.headers.etag as string);
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(first.headers.etag);
    expect((await get('/api/portfolio/positions', gp, positions.headers.etag as string)).statusCode).toBe(200);
  });
});
