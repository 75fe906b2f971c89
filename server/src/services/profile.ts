import { desc, eq } from 'drizzle-orm';
import { userEditLogs, users } from '../db/schema';
import { assertPasswordRule, normalizeEmail, EMAIL_TAKEN, type AuthUser } from './accounts';
import { isUniqueViolation } from './db-errors';
import type { ServiceDeps } from './deps';
import { recordEdits, type FieldChange } from './edit-log';
import { fail } from './errors';
import { hashPassword, verifyPassword } from './passwords';
import { storeNewPassword } from './password-store';
import { authMethodOf, isoOrNull } from './user-fields';

export const WRONG_CURRENT_PASSWORD = 'Current password is incorrect.';
export const GOOGLE_EMAIL_LOCKED = 'The email of a Google account cannot be changed.';
export const NO_LOCAL_PASSWORD = 'This account signs in with Google and has no password to change.';

export interface ProfileUser {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  role: string;
  auth_method: 'local' | 'google';
  last_login: string | null;
  last_edit: string | null;
}

export interface ProfileDetails {
  user: ProfileUser;
  lastLogin: string | null;
  lastEdit: string | null;
  mostRecentEdit: { field_changed: string; old_value: string | null; new_value: string | null; changed_at: string } | null;
}

async function loadUser(deps: Pick<ServiceDeps, 'db'>, id: number) {
  const [user] = await deps.db.select().from(users).where(eq(users.id, id));
  if (!user) throw fail.unauthorized();
  return user;
}

export async function profileDetails(deps: Pick<ServiceDeps, 'db'>, me: AuthUser): Promise<ProfileDetails> {
  const user = await loadUser(deps, me.id);
  const [edit] = await deps.db
    .select()
    .from(userEditLogs)
    .where(eq(userEditLogs.userId, me.id))
    .orderBy(desc(userEditLogs.changedAt), desc(userEditLogs.id))
    .limit(1);
  return {
    user: {
      id: user.id,
      first_name: user.firstName,
      last_name: user.lastName,
      email: user.email,
      role: user.role,
      auth_method: authMethodOf(user),
      last_login: isoOrNull(user.lastLogin),
      last_edit: isoOrNull(user.lastEdit),
    },
    lastLogin: isoOrNull(user.lastLogin),
    lastEdit: isoOrNull(user.lastEdit),
    mostRecentEdit: edit
      ? {
          field_changed: edit.fieldChanged,
          old_value: edit.oldValue,
          new_value: edit.newValue,
          changed_at: edit.changedAt.toISOString(),
        }
      : null,
  };
}

/** Names and e-mail only; last_login and last_edit are the server's. Each changed field is logged. */
export async function updateProfile(
  deps: Pick<ServiceDeps, 'db' | 'now'>,
  me: AuthUser,
  input: { first_name: string; last_name: string; email: string },
): Promise<{ message: string }> {
  const now = deps.now();
  try {
    await deps.db.transaction(async (tx) => {
      const [user] = await tx.select().from(users).where(eq(users.id, me.id)).for('update');
      if (!user) throw fail.unauthorized();
      const email = normalizeEmail(input.email);
      if (email !== user.email && user.googleId !== null) throw fail.badRequest(GOOGLE_EMAIL_LOCKED);
      const next = { firstName: input.first_name.trim(), lastName: input.last_name.trim(), email };
      const changes: FieldChange[] = [];
      if (next.firstName !== user.firstName) changes.push({ field: 'first_name', oldValue: user.firstName, newValue: next.firstName });
      if (next.lastName !== user.lastName) changes.push({ field: 'last_name', oldValue: user.lastName, newValue: next.lastName });
      if (next.email !== user.email) changes.push({ field: 'email', oldValue: user.email, newValue: next.email });
      if (changes.length === 0) return;
      await tx.update(users).set({ ...next, lastEdit: now }).where(eq(users.id, me.id));
      await recordEdits(tx, { id: user.id, email: next.email }, changes, me.id, now);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw fail.conflict(EMAIL_TAKEN);
    throw err;
  }
  return { message: 'Profile updated successfully!' };
}

/**
 * Checks the current password and sets the new one. Every other session ends; the answer carries
 * a fresh token so the session that made the change goes on.
 */
export async function changePassword(
  deps: Pick<ServiceDeps, 'db' | 'now' | 'tokens'>,
  me: AuthUser,
  input: { currentPassword: string; newPassword: string },
): Promise<{ message: string; token: string }> {
  const user = await loadUser(deps, me.id);
  if (user.passwordHash === null) throw fail.badRequest(NO_LOCAL_PASSWORD);
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) throw fail.badRequest(WRONG_CURRENT_PASSWORD);
  assertPasswordRule(input.newPassword);
  const passwordHash = await hashPassword(input.newPassword);
  const now = deps.now();
  const updated = await deps.db.transaction(async (tx) => {
    const row = await storeNewPassword(tx, me.id, passwordHash, me.id, now);
    if (!row) throw fail.unauthorized();
    return row;
  });
  const token = await deps.tokens.sign({ userId: me.id, role: updated.role, tokenVersion: updated.tokenVersion });
  return { message: 'Password changed successfully!', token };
}
