import { dayInNewYork } from '../domain/dates';
import { backfillSnapshots } from '../services/portfolio/snapshots';
import { updatePredictions } from '../services/market/predictions';
import type { MarketService } from '../services/market/service';
import { hashPassword } from '../services/passwords';
import { seedDemoPortfolio } from './demo-portfolio';
import type { Db } from './open';
import { users } from './schema';

/** The demo accounts a new embedded database gets; the README prints them. */
export const DEMO_ACCOUNTS = [
  { email: 'gp@demo.partners', password: 'DemoGP#2026', role: 'GP', firstName: 'Grace', lastName: 'Porter' },
  { email: 'lp@demo.partners', password: 'DemoLP#2026', role: 'LP', firstName: 'Leo', lastName: 'Parker' },
] as const;

/** Days of history a new demo database starts with. */
export const DEMO_HISTORY_DAYS = 90;

/** Seeds the demo accounts and portfolio into an empty database; does nothing when any user exists. */
export async function seedDemo(db: Db, now: Date = new Date()): Promise<boolean> {
  const existing = await db.select({ id: users.id }).from(users).limit(1);
  if (existing.length > 0) return false;
  const hashes = await Promise.all(DEMO_ACCOUNTS.map((a) => hashPassword(a.password)));
  await db.transaction(async (tx) => {
    const created = await tx
      .insert(users)
      .values(
        DEMO_ACCOUNTS.map((account, i) => ({
          email: account.email,
          firstName: account.firstName,
          lastName: account.lastName,
          role: account.role,
          passwordHash: hashes[i] ?? null,
        })),
      )
      .returning({ id: users.id, email: users.email });
    await seedDemoPortfolio(tx, dayInNewYork(now), created[0] ? { id: created[0].id, email: created[0].email } : null);
  });
  return true;
}

/**
 * Gives a newly seeded portfolio its past: daily closes from the market-data provider, a
 * snapshot per day for DEMO_HISTORY_DAYS, today's quotes and the predictions.
 */
export async function fillDemoHistory(db: Db, market: MarketService, now: Date = new Date()): Promise<void> {
  await market.refreshNow();
  await backfillSnapshots(db, dayInNewYork(now), DEMO_HISTORY_DAYS, now);
  await updatePredictions(db, now);
}
