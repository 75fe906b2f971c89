import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema';
import { createSimulatedProvider } from '../../src/services/market/simulated';
import { runHistoryRebuild } from '../../src/services/portfolio/history-rebuild';
import { databaseKinds } from '../support/databases';
import { bearer, createHarness, type Harness } from '../support/harness';

/**
 * A capital contribution recorded today but dated ten days back (docs/decisions/0012-returns.md,
 * docs/decisions/0018-history-from-the-first-entry.md): its cash is new money on the first day
 * whose value holds it, today's until the days since its date are valued again, its own date
 * afterwards. The books hold only cash, so every day's return is exactly zero either way: neither
 * its date nor the day it was recorded shows a jump that is only the cash arriving.
 */

interface Day {
  date: string;
  value: string;
  flow: string;
  dayReturn: string | null;
  growth: string;
}
interface Period {
  key: string;
  twr: string;
  mwr: string | null;
  flows: { date: string; amount: string }[];
}

describe.each(databaseKinds)('back-dated capital flows in the returns on %s', (kind) => {
  let h: Harness;
  let gp: string;
  let lpId: number;
  const DAY = 86_400_000;
  const day = (offsetDays = 0) =>
    new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date(h.clock.now().getTime() + offsetDays * DAY));
  const send = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
    const res = await h.inject({ method, url, headers: bearer(gp), ...(payload ? { payload } : {}) });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json() as unknown;
  };
  const rebuild = () => runHistoryRebuild({ db: h.database.db, provider: createSimulatedProvider(), now: h.clock.now, log: console });
  const returns = async () => (await send('GET', '/api/portfolio/returns?period=inception')) as { periods: Period[]; days: Day[] };
  const history = async () =>
    (await send('GET', '/api/portfolio/history?days=30')) as { days: { date: string; netFlow: string; returnPct: string }[] };
  const rowOf = (days: Day[], date: string) => days.find((d) => d.date === date)!;

  beforeAll(async () => {
    h = await createHarness(kind);
    ({ gp } = await h.partners('flows'));
    [{ id: lpId }] = (await h.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'lp-flows@test.dev'))) as [
      { id: number },
    ];
    // $1,000,000.00 of cash from twenty days back (the clock turned back while it was typed in), then every past day valued.
    h.clock.advance(-20 * DAY);
    await send('PUT', '/api/account-balance', { cash_available: '1000000', margin_debit: 0, accounts_receivable: 0 });
    h.clock.advance(20 * DAY);
    expect(await rebuild()).toBeGreaterThanOrEqual(20);
    h.clock.advance(60_000);
  }, 120_000);
  afterAll(() => h.close());

  it('puts the cash on the day it was recorded while the days since its date lack it', async () => {
    await send('POST', `/api/capital-accounts/${lpId}/entries`, { kind: 'commitment', amount: '500000', date: day(-10) });
    await send('POST', `/api/capital-accounts/${lpId}/entries`, { kind: 'contribution', amount: '250000', date: day(-10) });
    const { days } = await returns();
    // The snapshots from day −10 to yesterday were taken before the entry: $1,000,000.00 each.
    expect(rowOf(days, day(-10))).toMatchObject({ value: '1000000.00', flow: '0', dayReturn: '0.000000000000' });
    expect(rowOf(days, day(-1))).toMatchObject({ value: '1000000.00', flow: '0', dayReturn: '0.000000000000' });
    // Today: 1,250,000 ÷ (1,000,000 + 250,000) − 1 = 0.
    expect(rowOf(days, day(0))).toMatchObject({ value: '1250000.00', flow: '250000.00', dayReturn: '0.000000000000' });
    expect(days.every((d) => d.growth === '1.000000000000')).toBe(true);
  });

  it('puts it on its own date once the days are valued again: no jump on that day, no fall on the day it was recorded', async () => {
    h.clock.advance(60_000);
    expect(await rebuild()).toBeGreaterThanOrEqual(10);
    const { periods, days } = await returns();
    // Day −11 had the cash of before; from day −10 on the rebuilt days hold the $250,000.00.
    expect(rowOf(days, day(-11))).toMatchObject({ value: '1000000.00', flow: '0', dayReturn: '0.000000000000' });
    // Day −10: 1,250,000 ÷ (1,000,000 + 250,000) − 1 = 0, not +25 %.
    expect(rowOf(days, day(-10))).toMatchObject({ value: '1250000.00', flow: '250000.00', dayReturn: '0.000000000000' });
    expect(rowOf(days, day(-9))).toMatchObject({ value: '1250000.00', flow: '0', dayReturn: '0.000000000000' });
    // Today: 1,250,000 ÷ 1,250,000 − 1 = 0, not −20 %: the flow is not counted a second time.
    expect(rowOf(days, day(0))).toMatchObject({ value: '1250000.00', flow: '0.00', dayReturn: '0.000000000000' });
    expect(days.every((d) => d.growth === '1.000000000000')).toBe(true);
    const inception = periods.find((p) => p.key === 'inception')!;
    expect(inception.twr).toBe('0.000000000000');
    expect(inception.flows).toEqual([{ date: day(-10), amount: '250000.00' }]);
    expect(inception.mwr).toBe('0.0000');
    // The history chart's series is the same computation.
    const chart = await history();
    expect(chart.days.find((d) => d.date === day(-10))).toMatchObject({ netFlow: '250000.00', returnPct: '0.00' });
    expect(chart.days.find((d) => d.date === day(0))).toMatchObject({ netFlow: '0.00', returnPct: '0.00' });
  });

  it('counts a contribution dated today on today, as before', async () => {
    await send('POST', `/api/capital-accounts/${lpId}/entries`, { kind: 'contribution', amount: '50000', date: day(0) });
    const { days } = await returns();
    expect(rowOf(days, day(0))).toMatchObject({ value: '1300000.00', flow: '50000.00', dayReturn: '0.000000000000' });
    expect(rowOf(days, day(-10))).toMatchObject({ flow: '250000.00', dayReturn: '0.000000000000' });
  });
});
