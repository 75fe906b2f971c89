import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capitalFund, users } from '../../src/db/schema';
import { addDays } from '../../src/domain/dates';
import { dec } from '../../src/domain/money';
import { createSimulatedProvider } from '../../src/services/market/simulated';
import { runHistoryRebuild } from '../../src/services/portfolio/history-rebuild';
import { databaseKinds } from '../support/databases';
import { bearer, createHarness, type Harness } from '../support/harness';

/**
 * Capital accounts mark what an official net account value counts for (docs/decisions/0018-history-from-the-first-entry.md):
 * the account's value of that day, an entry priced at it, and a statement's opening or closing value.
 */

interface Account {
  entries: { kind: string; date: string; unit_value: string | null; official: boolean }[];
  history: { date: string; value: string; official: boolean }[];
}

describe.each(databaseKinds)('official net account values in capital accounts on %s', (kind) => {
  let h: Harness;
  let gp: string;
  let lp: string;
  let lpId: number;
  const DAY = 86_400_000;
  const day = (offsetDays = 0) =>
    new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date(h.clock.now().getTime() + offsetDays * DAY));
  /** The last day of the quarter before today's, and that quarter's and today's names. */
  const quarters = () => {
    const today = day(0);
    const month = Number(today.slice(5, 7));
    const firstMonth = Math.floor((month - 1) / 3) * 3 + 1;
    const first = `${today.slice(0, 4)}-${String(firstMonth).padStart(2, '0')}-01`;
    const closing = addDays(first, -1);
    const name = (d: string) => `${d.slice(0, 4)}-Q${Math.floor((Number(d.slice(5, 7)) - 1) / 3) + 1}`;
    return { closing, previous: name(closing), current: name(today) };
  };
  const send = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = gp) => {
    const res = await h.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res;
  };
  const account = async () => (await send('GET', '/api/capital-account', undefined, lp)).json() as Account;
  const csvFigures = async (quarter: string) => {
    const text = (await send('GET', `/api/capital-account/statement.csv?quarter=${quarter}`, undefined, lp)).body;
    return Object.fromEntries(
      text
        .split(/\r?\n/)
        .filter((l) => /^(opening|closing)_official,/.test(l))
        .map((l) => l.split(',')),
    ) as Record<string, string>;
  };

  beforeAll(async () => {
    h = await createHarness(kind);
    ({ gp, lp } = await h.partners('official'));
    [{ id: lpId }] = (await h.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'lp-official@test.dev'))) as [
      { id: number },
    ];
    // $1,000,000.00 of cash from 150 days back, every past day valued; the fund starts 120 days back.
    h.clock.advance(-150 * DAY);
    await send('PUT', '/api/account-balance', { cash_available: '1000000', margin_debit: 0, accounts_receivable: 0 });
    h.clock.advance(150 * DAY);
    const rebuild = () => runHistoryRebuild({ db: h.database.db, provider: createSimulatedProvider(), now: h.clock.now, log: console });
    await rebuild();
    h.clock.advance(60_000);
    await send('POST', `/api/capital-accounts/${lpId}/entries`, { kind: 'commitment', amount: '500000', date: day(-120) });
    await send('POST', `/api/capital-accounts/${lpId}/entries`, { kind: 'contribution', amount: '100000', date: day(-120) });
    // The days since hold its cash again: nothing provisional.
    h.clock.advance(60_000);
    await rebuild();
  }, 120_000);
  afterAll(() => h.close());

  it('marks the day valued at an official value, and an entry priced at it, official', async () => {
    const before = await account();
    expect(before.history.length).toBeGreaterThan(100);
    expect(before.history.every((p) => !p.official)).toBe(true);
    expect(before.entries.every((e) => !e.official)).toBe(true);

    const date = day(-5);
    await send('PUT', '/api/portfolio/official-nav', { date, value: '1210000', note: 'Administrator' });
    const after = await account();
    expect(after.history.filter((p) => p.official).map((p) => p.date)).toEqual([date]);
    const [fund] = await h.database.db.select().from(capitalFund);
    // 100 units of 1,000 GP units + 100, at the official $1,210,000.00 (computed $1,100,000.00): $110,000.00.
    expect(dec(fund!.gpUnits).toFixed(8)).toBe('1000.00000000');
    expect(after.history.find((p) => p.date === date)).toEqual({ date, value: '110000.00', provisional: false, official: true });

    // A contribution dated that day is priced at it: $1,210,000.00 ÷ 1,100 units = $1,100.00 a unit.
    await send('POST', `/api/capital-accounts/${lpId}/entries`, { kind: 'contribution', amount: '11000', date });
    const priced = (await account()).entries.find((e) => e.date === date)!;
    expect(priced).toMatchObject({ unit_value: '1100.00000000', official: true });
    // The first contribution was priced before any official value: not official.
    expect((await account()).entries.find((e) => e.date === day(-120) && e.kind === 'contribution')?.official).toBe(false);

    // Removed, the day counts its computed value again; the entry stays priced as it was, at the official value then.
    await send('DELETE', `/api/portfolio/official-nav?date=${date}`);
    const removed = await account();
    expect(removed.history.some((p) => p.official)).toBe(false);
    expect(removed.entries.find((e) => e.date === date)?.official).toBe(false);
  });

  it('never marks an entry priced at an official value provisional: it does not rest on a snapshot', async () => {
    // The snapshots of days −3 and −2 were taken before the contribution of day −5 was recorded.
    await send('POST', `/api/capital-accounts/${lpId}/entries`, { kind: 'contribution', amount: '1000', date: day(-3) });
    await send('PUT', '/api/portfolio/official-nav', { date: day(-2), value: '1300000' });
    await send('POST', `/api/capital-accounts/${lpId}/entries`, { kind: 'contribution', amount: '1000', date: day(-2) });
    const entries = (await account()).entries as unknown as { date: string; provisional: boolean; official: boolean }[];
    expect(entries.find((e) => e.date === day(-3))).toMatchObject({ provisional: true, official: false });
    expect(entries.find((e) => e.date === day(-2))).toMatchObject({ provisional: false, official: true });
    await send('DELETE', `/api/portfolio/official-nav?date=${day(-2)}`);
  });

  it("marks a statement's opening and closing values official when that day's value is", async () => {
    const { closing, previous, current } = quarters();
    expect(await csvFigures(previous)).toEqual({ opening_official: 'false', closing_official: 'false' });
    await send('PUT', '/api/portfolio/official-nav', { date: closing, value: '1300000' });
    expect(await csvFigures(previous)).toEqual({ opening_official: 'false', closing_official: 'true' });
    expect(await csvFigures(current)).toEqual({ opening_official: 'true', closing_official: 'false' });
    const pdf = await send('GET', `/api/capital-account/statement.pdf?quarter=${previous}`, undefined, lp);
    expect(pdf.headers['content-type']).toContain('application/pdf');
  });
});
