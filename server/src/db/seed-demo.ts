import type { Db } from './open';
import { users } from './schema';
import { hashPassword } from '../services/passwords';

/** The demo accounts a new embedded database gets; the README prints them. */
export const DEMO_ACCOUNTS = [
  { email: 'gp@demo.partners', password: 'DemoGP#2026', role: 'GP', firstName: 'Grace', lastName: 'Porter' },
  { email: 'lp@demo.partners', password: 'DemoLP#2026', role: 'LP', firstName: 'Leo', lastName: 'Parker' },
] as const;

/** Seeds the demo data into an empty database; does nothing when any user exists. */
export async function seedDemo(db: Db): Promise<boolean> {
  const existing = await db.select({ id: users.id }).from(users).limit(1);
  if (existing.length > 0) return false;
  await db.transaction(async (tx) => {
    for (const account of DEMO_ACCOUNTS) {
      await tx.insert(users).values({
        email: account.email,
        firstName: account.firstName,
        lastName: account.lastName,
        role: account.role,
        passwordHash: await hashPassword(account.password),
      });
    }
  });
  return true;
}
