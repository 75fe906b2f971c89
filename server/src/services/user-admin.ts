import { asc, desc, eq } from 'drizzle-orm';
import { userEditLogs, users } from '../db/schema';
import type { AuthUser } from './accounts';
import type { Db } from '../db/open';
import { fail } from './errors';
import { revokeInvitesCreatedBy } from './invites';
import { sessionChanged } from './sessions';
import { authMethodOf, isoOrNull } from './user-fields';

export interface UserAdminDeps {
  db: Db;
  now: () => Date;
}

export const LAST_GP = 'The last general partner cannot be deleted.';
export const NOT_YOURSELF = 'You cannot delete your own account.';
export const USER_NOT_FOUND = 'User not found.';
const LOG_LIMIT = 1000;

/** Every user and the most recent edit logs; never a password hash or Google id. */
export async function userInfo(deps: UserAdminDeps) {
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
export async function deleteUser(deps: UserAdminDeps, me: AuthUser, id: number): Promise<{ message: string }> {
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
