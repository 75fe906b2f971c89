import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdings, ledgerEntries } from '../../src/db/schema';
import { amountOf, dec, sum } from '../../src/domain/money';
import { databaseKinds } from '../support/databases';
import { bearer, createHarness, type Harness } from '../support/harness';
import { setCash, setQuote } from '../support/books';

/**
 * After any mix of buys and sells (with fees), splits (with cash in lieu), dividends, interest and
 * fees: basis sold + basis held = basis bought + fees on buys, and Cash Available = where it started
 * + the sum of the ledger's cash legs (docs/decisions/0011-corporate-actions-and-income.md).
 */
describe.each(databaseKinds)('the books after any mix of actions on %s', (kind) => {
  let h: Harness;
  let gp: string;

  beforeAll(async () => {
    h = await createHarness(kind);
    ({ gp } = await h.partners('properties'));
    await setQuote(h, 'AAA', '100');
    await setQuote(h, 'BBB', '7.5');
  });
  afterAll(() => h.close());

  const day = (offset: number) =>
    new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date(h.clock.now().getTime() + offset * 86_400_000));
  const symbol = fc.constantFrom('AAA', 'BBB');
  const cents = (max: number) => fc.integer({ min: 0, max: max * 100 }).map((n) => (n / 100).toFixed(2));
  const action = fc.oneof(
    fc.record({
      type: fc.constant('buy' as const),
      symbol,
      qty: fc.constantFrom('1', '3', '10', '0.5', '7.25', '100'),
      price: fc.integer({ min: 1, max: 100_000 }).map((n) => (n / 100).toFixed(2)),
      fee: cents(20),
      settles: fc.boolean(),
      daysAgo: fc.integer({ min: 2, max: 40 }),
    }),
    fc.record({
      type: fc.constant('sell' as const),
      symbol,
      qty: fc.constantFrom('1', '2', '0.5', '5', '12.5'),
      price: fc.integer({ min: 100, max: 50_000 }).map((n) => (n / 100).toFixed(2)),
      fee: cents(5),
    }),
    fc.record({
      type: fc.constant('split' as const),
      symbol,
      ratio: fc.constantFrom('2:1', '3:1', '10:1', '1:2', '1:3', '1:8'),
      daysAgo: fc.integer({ min: 0, max: 30 }),
      lieu: fc.option(fc.constantFrom('12.5', '85', '3.33'), { nil: undefined }),
    }),
    fc.record({
      type: fc.constant('dividend' as const),
      symbol,
      perShare: fc.constantFrom('0.2350', '1', '0.01', '0.5'),
      daysAgo: fc.integer({ min: 0, max: 30 }),
      percent: fc.constantFrom('0', '15', '30'),
    }),
    fc.record({ type: fc.constantFrom('interest' as const, 'margin_interest' as const, 'fee' as const), amount: cents(50) }),
  );

  type Action = typeof action extends fc.Arbitrary<infer T> ? T : never;

  async function run(a: Action): Promise<number> {
    const post = async (url: string, payload: object) => (await h.inject({ method: 'POST', url, headers: bearer(gp), payload })).statusCode;
    switch (a.type) {
      case 'buy':
        return post('/api/holdings', {
          symbol: a.symbol,
          asset_type: 'stock',
          purchases: [{ qty: a.qty, price_paid: a.price, purchase_date: day(-a.daysAgo), fee: a.fee }],
          settles: a.settles,
          allow_negative_cash: true,
        });
      case 'sell':
        return post('/api/holdings/sell', { symbol: a.symbol, qty: a.qty, price: a.price, fee: a.fee });
      case 'split':
        return post('/api/corporate-actions', {
          kind: 'split',
          symbol: a.symbol,
          ratio: a.ratio,
          ex_date: day(-a.daysAgo),
          ...(a.lieu ? { cash_in_lieu_price: a.lieu } : {}),
        });
      case 'dividend':
        return post('/api/corporate-actions', {
          kind: 'dividend',
          symbol: a.symbol,
          amount_per_share: a.perShare,
          ex_date: day(-a.daysAgo),
          pay_date: day(0),
          tax_withheld_percent: a.percent,
        });
      default:
        return post('/api/corporate-actions', { kind: a.type, amount: a.amount, allow_negative_cash: true });
    }
  }

  it('keeps every dollar of basis and every cent of cash accounted for', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 10 }), async (actions) => {
        await h.database.db.delete(holdings);
        await h.database.db.delete(ledgerEntries);
        await setCash(h, '10000.00');
        for (const a of actions) {
          // A refusal (nothing held, more than held, a fee above the sale) is an answer, never a 500.
          expect([200, 201, 400, 409]).toContain(await run(a));
        }
        const [entries, lots] = await Promise.all([h.database.db.select().from(ledgerEntries), h.database.db.select().from(holdings)]);
        const buys = entries.filter((e) => e.kind === 'buy');
        for (const b of buys) expect(dec(b.amount!).eq(amountOf(b.qty!, b.price!).plus(dec(b.fee ?? '0')))).toBe(true);
        const bought = sum(buys.map((b) => amountOf(b.qty!, b.price!)));
        const fees = sum(buys.map((b) => dec(b.fee ?? '0')));
        const sold = sum(entries.filter((e) => e.kind === 'sell' || e.kind === 'split').map((e) => dec(e.costBasis ?? '0')));
        const held = sum(lots.map((l) => dec(l.costBasis)));
        expect(sold.plus(held).toFixed(2)).toBe(bought.plus(fees).toFixed(2));
        const legs = sum(entries.filter((e) => e.settles).map((e) => dec(e.cashAfter!).minus(dec(e.cashBefore!))));
        const summary = await h.inject({ method: 'GET', url: '/api/portfolio/summary', headers: bearer(gp) });
        expect(summary.json<{ cashAvailable: string }>().cashAvailable).toBe(dec('10000.00').plus(legs).toFixed(2));
        // Income and expense are never new money.
        expect(entries.filter((e) => e.source === 'corporate_action').every((e) => dec(e.flow).eq(0))).toBe(true);
      }),
      { numRuns: 15, seed: 20261126 },
    );
    // Fifteen sequences of up to ten writes each, on a loaded machine.
  }, 300_000);
});
