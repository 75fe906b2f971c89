import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountBalances, auditEvents } from '../../src/db/schema';
import { databaseKinds } from '../support/databases';
import { bearer, createHarness, type Harness } from '../support/harness';

describe.each(databaseKinds)('account balance on %s', (kind) => {
  let h: Harness;
  let gp: string;
  let lp: string;

  beforeAll(async () => {
    h = await createHarness(kind);
    ({ gp, lp } = await h.partners('balances'));
  });
  afterAll(() => h.close());

  const get = async (token: string) =>
    (await h.inject({ method: 'GET', url: '/api/account-balance', headers: bearer(token) })).json() as unknown;
  const put = (token: string, payload: object) => h.inject({ method: 'PUT', url: '/api/account-balance', headers: bearer(token), payload });

  it('answers zeros before anyone has saved balances', async () => {
    expect(await get(lp)).toEqual({ cash_available: 0, margin_debit: 0, accounts_receivable: 0 });
  });

  it('saves the firm-wide row exactly and shows it to every partner', async () => {
    const res = await put(gp, { cash_available: 1234567.89, margin_debit: '250000.10', accounts_receivable: 35000 });
    expect(res.statusCode).toBe(200);
    expect(await get(lp)).toEqual({ cash_available: 1234567.89, margin_debit: 250000.1, accounts_receivable: 35000 });
    await put(gp, { cash_available: 10, margin_debit: 0, accounts_receivable: -5.5 });
    const stored = await h.database.db.select().from(accountBalances);
    expect(stored.map((r) => [r.id, r.cashAvailable, r.marginDebit, r.accountsReceivable])).toEqual([[1, '10.00', '0.00', '-5.50']]);
    const events = await h.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'balances.update'));
    // The audit keeps the exact decimal text stored, never a float.
    expect(events.map((e) => [e.before, e.after])).toEqual([
      [null, { cash_available: '1234567.89', margin_debit: '250000.10', accounts_receivable: '35000.00' }],
      [
        { cash_available: '1234567.89', margin_debit: '250000.10', accounts_receivable: '35000.00' },
        { cash_available: '10.00', margin_debit: '0.00', accounts_receivable: '-5.50' },
      ],
    ]);
  });

  it.each([
    [{ cash_available: 10.555 }, 'Cash Available can have at most 2 decimal places.'],
    [{ margin_debit: '1,000' }, 'Margin Debit must be a number.'],
    [{ accounts_receivable: null }, 'Accounts Receivable must be a number.'],
  ])('refuses %o with "%s" and keeps the saved row', async (bad, message) => {
    const res = await put(gp, { cash_available: 1, margin_debit: 2, accounts_receivable: 3, ...bad });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: message });
    expect(await get(gp)).toEqual({ cash_available: 10, margin_debit: 0, accounts_receivable: -5.5 });
  });

  it('does not let a limited partner save', async () => {
    const res = await put(lp, { cash_available: 1, margin_debit: 2, accounts_receivable: 3 });
    expect(res.statusCode).toBe(403);
    expect(await get(lp)).toEqual({ cash_available: 10, margin_debit: 0, accounts_receivable: -5.5 });
  });
});
