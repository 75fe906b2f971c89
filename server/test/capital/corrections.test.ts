import fc from 'fast-check';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountBalances, auditEvents, capitalEntries, capitalFund, ledgerEntries } from '../../src/db/schema';
import { dec } from '../../src/domain/money';
import { databaseKinds } from '../support/databases';
import { bearer, createHarness, type Harness } from '../support/harness';
import { recordEntries, setCash, storeSnapshots } from './books';

/**
 * A distribution may redeem only units the account still holds on every day from its date on, and
 * corrections in the reverse order of recording always succeed and put the books back exactly.
 */

/** The test's clock: 2026-11-30 at noon in New York. */
const NOW = '2026-11-30T17:00:00Z';

/** Net account value by day: 5,000 GP units at 1,000.00 when the fund starts on 2026-10-27. */
const SNAPSHOTS: Record<string, string> = {
  '2026-10-01': '4900000.00',
  '2026-10-02': '4950000.00',
  '2026-10-05': '4990000.00',
  '2026-10-06': '5010000.00',
  '2026-10-07': '4980000.00',
  '2026-10-08': '5020000.00',
  '2026-10-09': '5060000.00',
  '2026-10-27': '5000000.00',
  // Taken before the contribution dated 2026-10-27 was recorded, these lack its $100,000.00, which
  // pricing adds back (docs/decisions/0018): 5,080,000.00, 5,095,000.00 and 5,115,151.50 with it.
  '2026-11-02': '4980000.00',
  '2026-11-06': '4995000.00',
  // 99,294.11 redeems 98.99999267 of the LP's 100 units here, leaving 1.00000733.
  '2026-11-26': '5015151.50',
};

const CASH = '10000000.00';

/** The issue's new LP: 100,000 committed and contributed on 2026-10-27, 99,294.11 distributed on 2026-11-26. */
const ISSUE_SEQUENCE = [
  { kind: 'commitment', amount: '100000.00', date: '2026-10-27' },
  { kind: 'contribution', amount: '100000.00', date: '2026-10-27' },
  { kind: 'distribution', amount: '99294.11', date: '2026-11-26' },
];

describe.each(databaseKinds)('capital corrections on %s', (kind) => {
  let h: Harness;
  let gp: string;
  const post = (userId: number, payload: object) =>
    h.inject({ method: 'POST', url: `/api/capital-accounts/${userId}/entries`, headers: bearer(gp), payload });
  const remove = (id: number) => h.inject({ method: 'DELETE', url: `/api/capital-accounts/entries/${id}`, headers: bearer(gp) });

  /** Everything a capital entry or its correction touches, in a form two moments can be compared by. */
  async function books() {
    const db = h.database.db;
    const [entries, [balance], [fund], [ledger], [audits]] = await Promise.all([
      db
        .select({
          id: capitalEntries.id,
          userId: capitalEntries.userId,
          kind: capitalEntries.kind,
          amount: capitalEntries.amount,
          date: capitalEntries.date,
          units: capitalEntries.units,
          unitValue: capitalEntries.unitValue,
        })
        .from(capitalEntries)
        .orderBy(asc(capitalEntries.id)),
      db.select({ cash: accountBalances.cashAvailable }).from(accountBalances).where(eq(accountBalances.id, 1)),
      db.select().from(capitalFund),
      db.select({ flow: sql<string>`coalesce(sum(${ledgerEntries.flow}), 0)::text` }).from(ledgerEntries),
      db.select({ count: sql<number>`count(*)::int` }).from(auditEvents),
    ]);
    return {
      entries,
      cash: balance?.cash ?? null,
      fund: fund ? { startDate: fund.startDate, startValue: fund.startValue, gpUnits: fund.gpUnits } : null,
      // The ledger's net new money: a correction's movement undoes its entry's.
      netFlow: dec(ledger?.flow ?? '0').toFixed(2),
      audits: audits?.count ?? 0,
    };
  }

  /** Units an LP holds at the end of each day on which an entry falls, from the stored entries. */
  async function shortestHolding(): Promise<number> {
    const rows = await h.database.db.select().from(capitalEntries).orderBy(asc(capitalEntries.date), asc(capitalEntries.id));
    let fewest = 0;
    const held = new Map<number, number>();
    let day = '';
    const check = () => {
      for (const v of held.values()) fewest = Math.min(fewest, v);
    };
    for (const r of rows) {
      if (r.date !== day) check();
      day = r.date;
      // Units have 8 places: scaled to integers, the sums are exact.
      held.set(r.userId, (held.get(r.userId) ?? 0) + Math.round(Number(r.units) * 1e8));
    }
    check();
    return fewest;
  }

  beforeAll(async () => {
    h = await createHarness(kind);
    h.clock.advance(Date.parse(NOW) - Date.now());
    await h.createUser({ email: 'gp-corrections@test.dev', password: 'Passw0rd!', role: 'GP' });
    gp = await h.login('gp-corrections@test.dev', 'Passw0rd!');
    await storeSnapshots(h, SNAPSHOTS, (day) => new Date(`${day}T21:00:00Z`));
    await setCash(h, gp, CASH);
  });
  afterAll(() => h.close());

  it('refuses back-dated distributions of units already paid out, storing nothing, and undoes the rest in reverse', async () => {
    const lp = await h.createUser({ email: 'new-lp@test.dev', role: 'LP', firstName: 'Nia', lastName: 'New' });
    const start = await books();
    const recorded = await recordEntries(h, gp, lp, ISSUE_SEQUENCE);
    const account = (await h.inject({ method: 'GET', url: `/api/capital-account?userId=${lp}`, headers: bearer(gp) })).json() as {
      figures: { units: string };
    };
    expect(account.figures.units).toBe('1.00000733');
    const before = await books();

    // On its own day the account still held 100 units, but they were paid out on 2026-11-26.
    for (const [payload, error] of [
      [
        { kind: 'distribution', amount: '85000.00', date: '2026-11-06' },
        'The distribution of $85,000.00 on 2026-11-06 would redeem 85.08341511 units, but after the entries dated up to 2026-11-26 ' +
          'the account holds only 1.00000733 units on that day. Correct the later distributions first, or record a smaller amount.',
      ],
      [
        { kind: 'distribution', amount: '80000.00', date: '2026-11-01' },
        // Valued by 2026-10-27's snapshot with the contribution's cash: 5,100,000.00 for 5,100 units.
        'The distribution of $80,000.00 on 2026-11-01 would redeem 80.00000000 units, but after the entries dated up to 2026-11-26 ' +
          'the account holds only 1.00000733 units on that day. Correct the later distributions first, or record a smaller amount.',
      ],
    ] as const) {
      const res = await post(lp, payload);
      expect([res.statusCode, res.json()]).toEqual([400, { error }]);
    }
    expect(await books()).toEqual(before);
    // What is left can still be paid out, on the last day or before it.
    const rest = await post(lp, { kind: 'distribution', amount: '500.00', date: '2026-11-06' });
    expect(rest.statusCode, rest.body).toBe(201);
    recorded.push((rest.json() as { entry: { id: number } }).entry.id);
    expect(await shortestHolding()).toBeGreaterThanOrEqual(0);

    for (const id of recorded.reverse()) {
      const res = await remove(id);
      expect(res.statusCode, res.body).toBe(200);
    }
    const end = await books();
    expect({ ...end, audits: 0 }).toEqual({ ...start, audits: 0 });
    // Capital accounts start again with the next contribution.
    expect(end.fund).toBeNull();
  });

  it('lets a GP undo distributions that books from before this rule left short of units', async () => {
    const lp = await h.createUser({ email: 'short-lp@test.dev', role: 'LP', firstName: 'Sam', lastName: 'Short' });
    const ids = await recordEntries(h, gp, lp, ISSUE_SEQUENCE);
    // As the old rule stored them: priced on their own day, each within what was held that day.
    const [short] = await h.database.db
      .insert(capitalEntries)
      .values({ userId: lp, kind: 'distribution', amount: '85000.00', date: '2026-11-06', units: '-85.07360157', unitValue: '999.13' })
      .returning();
    const contribution = await remove(ids[1]!);
    expect([contribution.statusCode, contribution.json()]).toEqual([
      409,
      { error: 'Units of this contribution have been distributed since; correct the later distributions first.' },
    ]);
    const res = await remove(short!.id);
    expect([res.statusCode, res.json()]).toEqual([200, { message: 'The distribution of $85,000.00 on 2026-11-06 was removed.' }]);
    for (const id of ids.reverse()) expect((await remove(id)).statusCode).toBe(200);
  });

  it('corrects any sequence of entries in the reverse order of recording, back to the books before each', async () => {
    const lps = [
      await h.createUser({ email: 'prop-a@test.dev', role: 'LP', firstName: 'Pia', lastName: 'A' }),
      await h.createUser({ email: 'prop-b@test.dev', role: 'LP', firstName: 'Pat', lastName: 'B' }),
    ];
    const days = Object.keys(SNAPSHOTS);
    const entry = fc.record({
      lp: fc.integer({ min: 0, max: 1 }),
      kind: fc.constantFrom('commitment', 'contribution', 'contribution', 'distribution', 'distribution'),
      cents: fc.integer({ min: 1, max: 20_000_000 }),
      day: fc.integer({ min: 0, max: days.length - 1 }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(entry, { minLength: 1, maxLength: 8 }), async (sequence) => {
        const states = [];
        const recorded: number[] = [];
        for (const e of sequence) {
          const state = await books();
          const res = await post(lps[e.lp]!, { kind: e.kind, amount: (e.cents / 100).toFixed(2), date: days[e.day] });
          if (res.statusCode === 201) {
            states.push(state);
            recorded.push((res.json() as { entry: { id: number } }).entry.id);
            expect(await shortestHolding()).toBeGreaterThanOrEqual(0);
          } else {
            // A refusal is a readable 400 that changed nothing.
            expect([res.statusCode, typeof (res.json() as { error?: unknown }).error]).toEqual([400, 'string']);
            expect(await books()).toEqual(state);
          }
        }
        while (recorded.length > 0) {
          const id = recorded.pop()!;
          const res = await remove(id);
          expect(res.statusCode, res.body).toBe(200);
          const expected = states.pop()!;
          // The audit log keeps both the entry and its removal; everything else is as it was.
          expect({ ...(await books()), audits: 0 }).toEqual({ ...expected, audits: 0 });
        }
      }),
      { numRuns: 15 },
    );
  });
});
