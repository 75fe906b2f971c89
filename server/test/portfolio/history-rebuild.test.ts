import { and, asc, desc, eq, lte } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, capitalEntries, capitalFund, dailyCloses, portfolioSnapshots, users } from '../../src/db/schema';
import { unitsFor, UNIT_PLACES } from '../../src/domain/capital';
import { dec, fixed, plain } from '../../src/domain/money';
import { databaseKinds } from '../support/databases';
import { bearer, createHarness, type Harness } from '../support/harness';
import { setCash, setQuote } from '../support/books';

/**
 * History from the first entry (docs/decisions/0018-history-from-the-first-entry.md): entries dated
 * in the past make the background rebuild value every day since from the ledger; capital entries
 * dated any day since the first entry are priced from that day's value, before their own cash.
 */
describe.each(databaseKinds)('history from the first entry on %s', (kind) => {
  let h: Harness;
  let gp: string;
  let lp: string;
  let lpId: number;
  const DAY = 86_400_000;
  const day = (offsetDays = 0) =>
    new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date(h.clock.now().getTime() + offsetDays * DAY));
  const back = async <T>(daysAgo: number, work: () => Promise<T>): Promise<T> => {
    h.clock.advance(-daysAgo * DAY);
    try {
      return await work();
    } finally {
      h.clock.advance(daysAgo * DAY);
    }
  };
  const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = gp) =>
    h.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const ok = async (method: 'POST' | 'PUT', url: string, payload: object) => {
    const res = await send(method, url, payload);
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json() as Record<string, unknown>;
  };
  const snapshot = async (date: string) =>
    (await h.database.db.select().from(portfolioSnapshots).where(eq(portfolioSnapshots.date, date)))[0];
  const closeOn = async (key: string, date: string) =>
    (
      await h.database.db
        .select()
        .from(dailyCloses)
        .where(and(eq(dailyCloses.key, key), lte(dailyCloses.date, date)))
        .orderBy(desc(dailyCloses.date))
        .limit(1)
    )[0]?.close;

  beforeAll(async () => {
    h = await createHarness(kind, { env: { HISTORY_REBUILD: '1' } });
    ({ gp, lp } = await h.partners('history'));
    [{ id: lpId }] = (await h.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'lp-history@test.dev'))) as [
      { id: number },
    ];
  });
  afterAll(() => h.close());

  it('values a small book by hand: 10 HRX from day −5 at its closes, the cash the ledger had each day', async () => {
    await setCash(h, '1000.00');
    await setQuote(h, 'HRX', '12');
    await h.database.db.insert(dailyCloses).values([
      { key: 'HRX', date: day(-6), close: '9', source: 'simulated' },
      { key: 'HRX', date: day(-5), close: '10', source: 'simulated' },
      { key: 'HRX', date: day(-3), close: '11.5', source: 'simulated' },
    ]);
    // Bought on day −5 at $10, paid from cash: cash 1,000 → 900.
    await ok('POST', '/api/holdings', {
      symbol: 'HRX',
      asset_type: 'stock',
      settles: true,
      purchases: [{ qty: '10', price_paid: '10', purchase_date: day(-5) }],
    });
    // The ledger starts on day −5: no day before it is valued.
    expect(await snapshot(day(-6))).toBeUndefined();
    // Day −5: 10 × 10 + 900 = 1,000.00; day −4 carries day −5's close; day −3: 10 × 11.5 + 900 = 1,015.00.
    expect((await snapshot(day(-5)))?.netAccountValue).toBe('1000.00');
    expect((await snapshot(day(-4)))?.netAccountValue).toBe('1000.00');
    expect(await snapshot(day(-3))).toMatchObject({ netAccountValue: '1015.00', liquidValue: '115.00', cashAvailable: '900.00' });
    // Today is not a past day: its snapshot is the market job's, not the rebuild's.
    expect(await snapshot(day(0))).toBeUndefined();

    const status = await send('GET', '/api/portfolio/history/rebuild', undefined, lp);
    expect(status.statusCode).toBe(200);
    expect(status.json()).toMatchObject({ state: 'idle', to: day(-1), pending_from: null, error: null });
    const s = status.json() as { day: number; days: number; from: string };
    expect(s.day).toBe(s.days);
    expect(s.from <= day(-5)).toBe(true);
    expect(await h.caller(gp).portfolio.historyRebuild()).toEqual(status.json());
  });

  it('builds a two-year history from the ledger and prices a contribution dated 18 months ago from its rebuilt day', async () => {
    // Two years ago: 100 AAPL bought elsewhere; a year and a half ago, 40 of them sold (settled).
    await ok('POST', '/api/holdings', {
      symbol: 'AAPL',
      asset_type: 'stock',
      purchases: [{ qty: '100', price_paid: '150', purchase_date: day(-730) }],
    });
    await back(600, () => ok('POST', '/api/holdings/sell', { symbol: 'AAPL', qty: '40', price: '160' }));
    const first = day(-730);
    // Recorded with the clock back, the sale was today's then: a GP asks for the rebuild from the first day.
    expect(await ok('POST', '/api/portfolio/history/rebuild', { from: first })).toEqual({
      message: `The history from ${first} on will be rebuilt in the background.`,
    });
    const status = (await send('GET', '/api/portfolio/history/rebuild', undefined, lp)).json() as {
      from: string;
      days: number;
      state: string;
    };
    expect(status).toMatchObject({ state: 'idle', from: first, days: 730 });
    // The provider's closes came for every day held (the simulated provider, offline).
    expect(await closeOn('AAPL', first)).toBeDefined();

    const target = day(-548);
    const row = await snapshot(target);
    // That day: 60 AAPL (100 bought, 40 sold on day −600) at the day's close; HRX had no close yet.
    const close = (await closeOn('AAPL', target))!;
    const hrx = dec('10').times(dec((await closeOn('HRX', target)) ?? '0'));
    expect(row?.liquidValue).toBe(dec('60').times(dec(close)).plus(hrx).round(2, 1).toFixed(2));

    // Capital accounts start on day −560 with the LP's first contribution, then one dated 18 months ago.
    await ok('POST', `/api/capital-accounts/${lpId}/entries`, { kind: 'commitment', amount: '50000', date: day(-560) });
    await ok('POST', `/api/capital-accounts/${lpId}/entries`, { kind: 'contribution', amount: '10000', date: day(-560) });
    const rebuilt = await snapshot(target);
    // The rebuild ran again from day −560: the day now holds the contribution's cash.
    expect(dec(rebuilt!.cashAvailable).minus(dec(row!.cashAvailable)).toFixed(2)).toBe('10000.00');

    await ok('POST', `/api/capital-accounts/${lpId}/entries`, { kind: 'contribution', amount: '20000', date: target });
    const [fund] = await h.database.db.select().from(capitalFund);
    const entries = await h.database.db
      .select()
      .from(capitalEntries)
      .where(eq(capitalEntries.kind, 'contribution'))
      .orderBy(asc(capitalEntries.id));
    const outstanding = dec(fund!.gpUnits).plus(dec(entries[0]!.units));
    const value = dec(rebuilt!.netAccountValue);
    // Units = amount ÷ value per unit of that day, from the day's rebuilt snapshot (before this entry's cash).
    expect(entries[1]!.unitValue).toBe(fixed(value.div(outstanding), UNIT_PLACES));
    expect(plain(dec(entries[1]!.units))).toBe(plain(unitsFor(dec('20000'), value, outstanding)));
  });

  it('uses a GP’s official net account value of a past day in place of the computed one, audited; an LP may not set one', async () => {
    const date = day(-3);
    const refused = await send('PUT', '/api/portfolio/official-nav', { date, value: '2000', note: 'administrator' }, lp);
    expect(refused.statusCode).toBe(403);
    const set = await send('PUT', '/api/portfolio/official-nav', { date, value: '123456.78', note: 'Struck by the administrator' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ message: `The official net account value of ${date} is now $123,456.78.` });
    const list = (await send('GET', '/api/portfolio/official-nav', undefined, lp)).json() as { navs: object[] };
    expect(list.navs).toEqual([
      {
        date,
        value: '123456.78',
        computed: (await snapshot(date))!.netAccountValue,
        note: 'Struck by the administrator',
        set_by: 'gp-history@test.dev',
        set_at: expect.any(String),
      },
    ]);
    const [audit] = await h.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'official-nav.set'));
    expect(audit).toMatchObject({ entity: 'official_nav', entityId: date, actorEmail: 'gp-history@test.dev' });
    // The LP's account values that day at the official figure.
    const account = (await send('GET', '/api/capital-account', undefined, lp)).json() as { history: { date: string; value: string }[] };
    const [fund] = await h.database.db.select().from(capitalFund);
    const all = await h.database.db.select().from(capitalEntries).where(eq(capitalEntries.userId, lpId));
    const units = all.reduce((acc, e) => acc.plus(dec(e.units)), dec(0));
    const outstanding = dec(fund!.gpUnits).plus(units);
    expect(account.history.find((p) => p.date === date)?.value).toBe(units.times(dec('123456.78')).div(outstanding).round(2, 1).toFixed(2));

    const bad = await send('PUT', '/api/portfolio/official-nav', { date: day(0), value: '1' });
    expect(bad.statusCode).toBe(400);
    const removed = await send('DELETE', `/api/portfolio/official-nav?date=${date}`);
    expect(removed.statusCode).toBe(200);
    expect((await send('DELETE', `/api/portfolio/official-nav?date=${date}`)).statusCode).toBe(404);
  });
});
