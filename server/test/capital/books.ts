import { expect } from 'vitest';
import { portfolioSnapshots } from '../../src/db/schema';
import { bearer, type Harness } from '../support/harness';

/** Snapshots of the firm holding nothing but cash: each day's net account value, taken when `takenAt` says. */
export async function storeSnapshots(h: Harness, values: Record<string, string>, takenAt: (day: string) => Date): Promise<void> {
  const zero = '0.00';
  await h.database.db.insert(portfolioSnapshots).values(
    Object.entries(values).map(([date, value]) => ({
      date,
      netAccountValue: value,
      liquidValue: zero,
      ventureValue: zero,
      realEstateValue: zero,
      cashAvailable: value,
      marginDebit: zero,
      accountsReceivable: zero,
      takenAt: takenAt(date),
    })),
  );
}

/** Sets Cash Available (nothing owed or receivable) as a GP does. */
export async function setCash(h: Harness, gpToken: string, cash: string): Promise<void> {
  const res = await h.inject({
    method: 'PUT',
    url: '/api/account-balance',
    headers: bearer(gpToken),
    payload: { cash_available: cash, margin_debit: 0, accounts_receivable: 0 },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** Records capital entries for an LP as a GP does, each answered 201: their ids, in order. */
export async function recordEntries(h: Harness, gpToken: string, userId: number, entries: readonly object[]): Promise<number[]> {
  const ids: number[] = [];
  for (const payload of entries) {
    const res = await h.inject({ method: 'POST', url: `/api/capital-accounts/${userId}/entries`, headers: bearer(gpToken), payload });
    expect(res.statusCode, res.body).toBe(201);
    ids.push((res.json() as { entry: { id: number } }).entry.id);
  }
  return ids;
}
