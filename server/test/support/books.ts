import { accountBalances, quotes } from '../../src/db/schema';
import { portfolioChanged } from '../../src/services/portfolio/ledger';
import type { Harness } from './harness';

/** Sets Cash Available as stored (decimal text), as if typed into the balances, and tells the engine. */
export async function setCash(h: Harness, cash: string): Promise<void> {
  await h.database.db
    .insert(accountBalances)
    .values({ id: 1, cashAvailable: cash, marginDebit: '0', accountsReceivable: '0' })
    .onConflictDoUpdate({ target: accountBalances.id, set: { cashAvailable: cash } });
  await portfolioChanged(h.database.db);
}

/** Sets a symbol's cached quote (its key, such as AAPL or BTC-USD) as of now, and tells the engine. */
export async function setQuote(h: Harness, key: string, price: string, change = '0'): Promise<void> {
  const now = h.clock.now();
  const row = { key, name: key, price, change, changePct: '0', source: 'simulated' as const, asOf: now, fetchedAt: now, failedAt: null };
  await h.database.db.insert(quotes).values(row).onConflictDoUpdate({ target: quotes.key, set: row });
  await portfolioChanged(h.database.db);
}
