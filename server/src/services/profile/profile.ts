import { desc, eq } from 'drizzle-orm';
import { userEditLogs, users } from '../../db/schema';
import { assertPasswordRule } from '../auth/accounts';
import { EMAIL_TAKEN, normalizeEmail, type AuthUser } from '../users/users';
import { isUniqueViolation } from '../../db/errors';
import type { Db } from '../../db/open';
import type { Mailer } from '../../platform/mail';
import type { RateLimiter } from '../../platform/rate-limit';
import type { TokenService } from '../auth/tokens';
import { recordEdits, type FieldChange } from '../users/edit-log';
import { fail } from '../../platform/errors';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { storeNewPassword } from '../auth/password-store';
import { renewSession, sessionChanged } from '../auth/sessions';
import { authMethodOf, isoOrNull } from '../users/user-fields';
import { easternDateTime } from '../../domain/dates';

export interface ProfileDeps {
  db: Db;
  tokens: TokenService;
  limiter: RateLimiter;
  /** The old address is told of an e-mail change. */
  mailer: Mailer;
  webOrigin: string;
  now: () => Date;
}

export const WRONG_CURRENT_PASSWORD = 'Current password is incorrect.';
export const GOOGLE_EMAIL_LOCKED = 'The email of a Google account cannot be changed.';
export const NO_LOCAL_PASSWORD = 'This account signs in with Google and has no password to change.';
export const PROFILE_CHANGED_MEANWHILE = 'Your email was changed meanwhile. Reload the page and try again.';
export const CURRENT_PASSWORD_FOR_EMAIL = 'Enter your current password to change your email.';
export const TOO_MANY_PASSWORD_CHECKS = 'Too many wrong passwords. Please wait 15 minutes and try again.';

/** Wrong current passwords a signed-in user may send (changing the password or the e-mail) per window. */
const PASSWORD_CHECKS = { max: 10, windowMs: 15 * 60_000 };

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

async function loadUser(deps: ProfileDeps, id: number) {
  const [user] = await deps.db.select().from(users).where(eq(users.id, id));
  if (!user) throw fail.unauthorized();
  return user;
}

export async function profileDetails(deps: ProfileDeps, me: AuthUser): Promise<ProfileDetails> {
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

/**
 * Checks a signed-in user's current password. Each check is counted before argon2 runs, so a
 * stolen session cannot be used to guess the password at speed; a right password clears the count.
 */
async function checkCurrentPassword(deps: ProfileDeps, user: { id: number; passwordHash: string | null }, password: string): Promise<void> {
  const key = `password-check:user:${user.id}`;
  if (!(await deps.limiter.hit(key, PASSWORD_CHECKS))) throw fail.tooMany(TOO_MANY_PASSWORD_CHECKS);
  if (!(await verifyPassword(user.passwordHash, password))) throw fail.badRequest(WRONG_CURRENT_PASSWORD);
  await deps.limiter.reset(key);
}

/**
 * Names and e-mail only; last_login and last_edit are the server's. Each changed field is logged.
 * A new e-mail on an account with a password needs that password, and the old address is told.
 */
export async function updateProfile(
  deps: ProfileDeps,
  me: AuthUser,
  input: { first_name: string; last_name: string; email: string; current_password?: string | undefined },
): Promise<{ message: string }> {
  const email = normalizeEmail(input.email);
  const current = await loadUser(deps, me.id);
  if (email !== current.email) {
    if (current.googleId !== null) throw fail.badRequest(GOOGLE_EMAIL_LOCKED);
    if (current.passwordHash !== null) {
      if (!input.current_password) throw fail.badRequest(CURRENT_PASSWORD_FOR_EMAIL);
      await checkCurrentPassword(deps, current, input.current_password);
    }
  }
  const now = deps.now();
  let emailChange: { from: string; to: string } | null = null;
  try {
    await deps.db.transaction(async (tx) => {
      const [user] = await tx.select().from(users).where(eq(users.id, me.id)).for('update');
      if (!user) throw fail.unauthorized();
      // The password was checked against the e-mail read above; a change in between needs a new try.
      if (email !== user.email && user.email !== current.email) throw fail.conflict(PROFILE_CHANGED_MEANWHILE);
      if (email !== user.email && user.googleId !== null) throw fail.badRequest(GOOGLE_EMAIL_LOCKED);
      const next = { firstName: input.first_name.trim(), lastName: input.last_name.trim(), email };
      const changes: FieldChange[] = [];
      if (next.firstName !== user.firstName) changes.push({ field: 'first_name', oldValue: user.firstName, newValue: next.firstName });
      if (next.lastName !== user.lastName) changes.push({ field: 'last_name', oldValue: user.lastName, newValue: next.lastName });
      if (next.email !== user.email) changes.push({ field: 'email', oldValue: user.email, newValue: next.email });
      if (changes.length === 0) return;
      await tx
        .update(users)
        .set({ ...next, lastEdit: now })
        .where(eq(users.id, me.id));
      sessionChanged(me.id);
      await recordEdits(tx, { id: user.id, email: next.email }, changes, me.id, now);
      if (next.email !== user.email) emailChange = { from: user.email, to: next.email };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw fail.conflict(EMAIL_TAKEN);
    throw err;
  }
  if (emailChange) await tellOldAddress(deps, emailChange, now);
  return { message: 'Profile updated successfully!' };
}

/**
 * The old address learns of the change, so a stolen session cannot quietly take an account over.
 * The change is made either way: a mail server that refuses it does not undo it.
 */
async function tellOldAddress(deps: ProfileDeps, change: { from: string; to: string }, at: Date) {
  await deps.mailer
    .send({
      to: change.from,
      subject: 'Your partner portal email was changed',
      text: [
        `The email address of your partner portal account was changed from ${change.from} to ${change.to} on ${easternDateTime(at)}.`,
        'If you made this change, there is nothing more to do.',
        `If you did not, your account may be in someone else's hands: reset your password at ${deps.webOrigin}/login and tell a general partner at once.`,
      ].join('\n\n'),
    })
    .catch(() => undefined);
}

/**
 * Checks the current password and sets the new one. Every other session ends; the answer carries
 * a fresh token of the same session, so the session that made the change goes on.
 */
export async function changePassword(
  deps: ProfileDeps,
  me: AuthUser,
  input: { currentPassword: string; newPassword: string },
): Promise<{ message: string; token: string }> {
  const user = await loadUser(deps, me.id);
  if (user.passwordHash === null) throw fail.badRequest(NO_LOCAL_PASSWORD);
  await checkCurrentPassword(deps, user, input.currentPassword);
  assertPasswordRule(input.newPassword);
  const passwordHash = await hashPassword(input.newPassword);
  const now = deps.now();
  const updated = await deps.db.transaction(async (tx) => {
    const row = await storeNewPassword(tx, me.id, passwordHash, me.id, now, me.sessionId);
    if (!row) throw fail.unauthorized();
    return row;
  });
  const token = await renewSession(deps, updated, me.sessionId);
  return { message: 'Password changed successfully!', token };
}
