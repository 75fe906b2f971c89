import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/open';
import { passwordResets, users } from '../../db/schema';
import { PASSWORD_CHANGE, recordEdits } from '../users/edit-log';
import { endSessionsOf, sessionChanged } from './sessions';
import type { Role } from '../../contract/roles';

/**
 * The one way a password changes (reset or change): store the hash, bump the token version so
 * every earlier token stops working, mark the user's sessions ended (but `keepSession`, the one
 * that changed it), log the edit, and void any reset link still pending.
 * Answers the updated user, or undefined when there is no such user.
 */
export async function storeNewPassword(
  tx: Queryable,
  userId: number,
  passwordHash: string,
  changedBy: number,
  now: Date,
  keepSession?: string,
): Promise<{ id: number; email: string; role: Role; tokenVersion: number } | undefined> {
  const [user] = await tx
    .update(users)
    .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, lastEdit: now })
    .where(eq(users.id, userId))
    .returning({ id: users.id, email: users.email, role: users.role, tokenVersion: users.tokenVersion });
  if (!user) return undefined;
  sessionChanged(user.id);
  await endSessionsOf(tx, user.id, now, keepSession);
  await recordEdits(tx, user, [PASSWORD_CHANGE], changedBy, now);
  await tx
    .update(passwordResets)
    .set({ usedAt: now })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
  return user;
}
