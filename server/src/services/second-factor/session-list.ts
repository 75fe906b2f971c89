import { and, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import { sessions, users } from '../../db/schema';
import type { SessionList } from '../../contract/second-factor';
import type { Db } from '../../db/open';
import { fail } from '../../platform/errors';
import { endSessionsWhere, type SessionStore } from '../auth/sessions';
import { USER_NOT_FOUND, type AuthUser } from '../users/users';
import { recordAudit } from '../../platform/audit';
import { securityEvent } from './factors';
import { browserOf } from './browser-name';

export interface SessionListDeps {
  db: Db;
  sessions: SessionStore;
  now: () => Date;
}

export const SESSION_NOT_FOUND = 'That session is not open.';

/** The user's open sessions, the latest seen first; the caller's own is marked current. */
export async function listSessions(deps: SessionListDeps, me: AuthUser): Promise<SessionList> {
  const rows = await deps.db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, me.id), isNull(sessions.endedAt), gt(sessions.expiresAt, deps.now())))
    .orderBy(desc(sessions.lastSeenAt));
  return {
    sessions: rows.map((s) => ({
      id: s.id,
      method: s.method,
      created_at: s.createdAt.toISOString(),
      last_seen_at: s.lastSeenAt.toISOString(),
      ip: s.ip,
      browser: browserOf(s.userAgent),
      current: s.id === me.sessionId,
    })),
  };
}

/** Ends one of the user's own sessions: its token answers 401 at once on every instance. */
export async function endOwnSession(deps: SessionListDeps, me: AuthUser, id: string): Promise<{ message: string }> {
  const ended = await endSessionsWhere(deps, and(eq(sessions.id, id), eq(sessions.userId, me.id)));
  if (ended === 0) throw fail.notFound(SESSION_NOT_FOUND);
  await securityEvent(deps, me, 'session.ended', { by: 'self' });
  return { message: 'Session ended.' };
}

/** "Sign out everywhere else": every session of the user but this one. */
export async function endOtherSessions(deps: SessionListDeps, me: AuthUser): Promise<{ message: string }> {
  const ended = await endSessionsWhere(deps, and(eq(sessions.userId, me.id), ne(sessions.id, me.sessionId)));
  if (ended > 0) await securityEvent(deps, me, 'session.ended', { by: 'self', count: ended });
  return { message: ended === 1 ? 'Signed out of 1 other session.' : `Signed out of ${ended} other sessions.` };
}

/** A GP ends every session of another user (User Info). */
export async function endSessionsOfUser(deps: SessionListDeps, me: AuthUser, userId: number): Promise<{ message: string }> {
  const [target] = await deps.db.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, userId));
  if (!target) throw fail.notFound(USER_NOT_FOUND);
  const ended = await endSessionsWhere(deps, eq(sessions.userId, userId));
  await recordAudit(deps.db, me, deps.now(), [
    { action: 'session.ended', entity: 'account', entityId: userId, after: { user: target.email, count: ended } },
  ]);
  return { message: ended === 1 ? 'Ended 1 session.' : `Ended ${ended} sessions.` };
}
