import { asc, desc, eq } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/open';
import { isUniqueViolation } from '../../db/errors';
import { userEditLogs, users } from '../../db/schema';
import type { Role } from '../../contract/roles';
import { fail } from '../../platform/errors';
import { revokeInvitesCreatedBy } from '../invites/invites';
import { sessionChanged } from '../auth/sessions';
import { authMethodOf, isoOrNull } from './user-fields';

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

/** The users' rows, written in the caller's database or transaction. */
export interface UserBookDeps {
  /** The database, or the transaction the account is made in (sign-up uses up its invite there too). */
  db: Queryable;
}

/** The User info page (admin.users): every user, the edit logs, and deleting a user. */
export interface UsersDeps {
  db: Db;
  now: () => Date;
}

export type UserRow = typeof users.$inferSelect;

/** The signed-in user a valid token stands for. */
export interface AuthUser {
  id: number;
  role: Role;
  email: string;
  /** The session the request's token belongs to. */
  sessionId: string;
}

/**
 * The one way an account comes into being: sign-up, Google sign-up, `pnpm cli create-user`, the
 * demo seed and the tests. The e-mail is stored normalized; a taken e-mail is a conflict.
 */
export async function createUser(deps: UserBookDeps, user: NewUser): Promise<UserRow> {
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

export const LAST_GP = 'The last general partner cannot be deleted.';
export const NOT_YOURSELF = 'You cannot delete your own account.';
export const USER_NOT_FOUND = 'User not found.';
const LOG_LIMIT = 1000;

/** Every user and the most recent edit logs; never a password hash or Google id. */
export async function userInfo(deps: UsersDeps) {
  const rows = await deps.db.select().from(users).orderBy(asc(users.id));
  const logs = await deps.db.select().from(userEditLogs).orderBy(desc(userEditLogs.changedAt), desc(userEditLogs.id)).limit(LOG_LIMIT);
  return {
    users: rows.map((u) => ({
      id: u.id,
      first_name: u.firstName,
      last_name: u.lastName,
      email: u.email,
      role: u.role,
      auth_method: authMethodOf(u),
      last_login: isoOrNull(u.lastLogin),
      last_edit: isoOrNull(u.lastEdit),
      created_at: u.createdAt.toISOString(),
    })),
    logs: logs.map((l) => ({
      id: l.id,
      user_id: l.userId,
      user_email: l.userEmail,
      field_changed: l.fieldChanged,
      old_value: l.oldValue,
      new_value: l.newValue,
      changed_by: l.changedBy,
      changed_at: l.changedAt.toISOString(),
    })),
  };
}

/**
 * Deletes a user; their tokens stop working because the row is gone, and the invites they made
 * and nobody used yet are revoked with them. Never the last GP.
 */
export async function deleteUser(deps: UsersDeps, me: AuthUser, id: number): Promise<{ message: string }> {
  if (id === me.id) throw fail.conflict(NOT_YOURSELF);
  await deps.db.transaction(async (tx) => {
    // Lock the GP rows so two deletes cannot both pass the last-GP check.
    const gps = await tx.select({ id: users.id }).from(users).where(eq(users.role, 'GP')).for('update');
    const [target] = await tx.select({ id: users.id, role: users.role }).from(users).where(eq(users.id, id));
    if (!target) throw fail.notFound(USER_NOT_FOUND);
    if (target.role === 'GP' && gps.length <= 1) throw fail.conflict(LAST_GP);
    await revokeInvitesCreatedBy({ db: tx, now: deps.now }, id, me.id);
    await tx.delete(users).where(eq(users.id, id));
    sessionChanged(id);
  });
  return { message: 'User deleted.' };
}
