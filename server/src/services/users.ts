import type { Queryable } from '../db/open';
import { isUniqueViolation } from '../db/errors';
import { users } from '../db/schema';
import type { Role } from '../contract/roles';
import { fail } from './errors';

export const EMAIL_TAKEN = 'An account with this email already exists.';

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export interface NewUser {
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  /** From hashPassword, made before any transaction (argon2 is slow); null for a Google-only account. */
  passwordHash: string | null;
  googleId?: string | null | undefined;
}

export interface UsersDeps {
  /** The database, or the transaction the account is made in (sign-up uses up its invite there too). */
  db: Queryable;
}

export type UserRow = typeof users.$inferSelect;

/**
 * The one way an account comes into being: sign-up, Google sign-up, `pnpm cli create-user`, the
 * demo seed and the tests. The e-mail is stored normalized; a taken e-mail is a conflict.
 */
export async function createUser(deps: UsersDeps, user: NewUser): Promise<UserRow> {
  try {
    const [row] = await deps.db
      .insert(users)
      .values({
        email: normalizeEmail(user.email),
        firstName: user.firstName,
        lastName: user.lastName,
        role: user.role,
        passwordHash: user.passwordHash,
        googleId: user.googleId ?? null,
      })
      .returning();
    if (!row) throw new Error('insert returned no row');
    return row;
  } catch (err) {
    if (isUniqueViolation(err)) throw fail.conflict(EMAIL_TAKEN);
    throw err;
  }
}
