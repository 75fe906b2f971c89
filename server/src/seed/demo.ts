import { dayInNewYork } from '../domain/dates';
import type { Db } from '../db/open';
import { users } from '../db/schema';
import { backfillSnapshots } from '../services/portfolio/snapshots';
import { updatePredictions } from '../services/market/predictions';
import type { MarketService } from '../services/market/service';
import { hashPassword } from '../services/auth/passwords';
import { createUser } from '../services/users/users';
import { seedDemoPortfolio } from './demo-portfolio';

/** The demo accounts a new embedded database gets; the README prints them. */
export const DEMO_ACCOUNTS = [
  { email: 'gp@demo.partners', password: 'DemoGP#2026', role: 'GP', firstName: 'Grace', lastName: 'Porter' },
  { email: 'lp@demo.partners', password: 'DemoLP#2026', role: 'LP', firstName: 'Leo', lastName: 'Parker' },
] as const;

/** Days of history a new demo database starts with. */
export const DEMO_HISTORY_DAYS = 90;

export interface DemoSeedDeps {
  db: Db;
  now: () => Date;
}

/** Seeds the demo accounts and portfolio into an empty database; does nothing when any user exists. */
export async function seedDemo(deps: DemoSeedDeps): Promise<boolean> {
  const existing = await deps.db.select({ id: users.id }).from(users).limit(1);
  if (existing.length > 0) return false;
  const hashes = await Promise.all(DEMO_ACCOUNTS.map((a) => hashPassword(a.password)));
  await deps.db.transaction(async (tx) => {
    const created = [];
    for (const [i, account] of DEMO_ACCOUNTS.entries()) {
      created.push(await createUser({ db: tx }, { ...account, passwordHash: hashes[i] ?? null }));
    }
    const gp = created[0];
    await seedDemoPortfolio(tx, dayInNewYork(deps.now()), gp ? { id: gp.id, email: gp.email } : null);
  });
  return true;
}

/**
 * Gives a newly seeded portfolio its past: daily closes from the market-data provider, a
 * snapshot per day for DEMO_HISTORY_DAYS, today's quotes and the predictions.
 */
export async function fillDemoHistory(deps: DemoSeedDeps & { market: MarketService }): Promise<void> {
  await deps.market.refreshNow();
  await backfillSnapshots(deps, DEMO_HISTORY_DAYS);
  await updatePredictions(deps);
}
