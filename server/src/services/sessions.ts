import { eq } from 'drizzle-orm';
import type { Database, Queryable } from '../db/open';
import { users } from '../db/schema';
import type { Role } from '../contract/roles';

/**
 * The channel the `users` table's trigger (drizzle/0006_session_changes.sql) notifies with a
 * user's id whenever their role, e-mail or token version changes or the row is deleted, whoever
 * wrote it: this process, another instance, the CLI or an operator's SQL.
 */
export const SESSION_CHANNEL = 'session_changed';

/** What a session check needs of a user's row. */
export interface SessionUser {
  id: number;
  role: Role;
  email: string;
  tokenVersion: number;
}

export interface SessionStore {
  /** The user's current row, or null when there is none. */
  userOf(id: number): Promise<SessionUser | null>;
  close(): Promise<void>;
}

/** At most this many users are kept; past it the store starts again (a user's first request reads the row). */
const MAX_USERS = 10_000;
/** A kept row is read again after this long even without a notification, a bound on any missed one. */
const MAX_AGE_MS = 60_000;

const localForgetters = new Set<(id: number) => void>();

/**
 * Says at once, in this process, that a user's session facts change (called by the code that
 * changes them, inside its transaction). Other instances hear it from the trigger at commit; this
 * one also hears it then, and this call closes the gap before the notification arrives.
 */
export function sessionChanged(id: number): void {
  for (const forget of localForgetters) forget(id);
}

/**
 * Each instance keeps the session facts of the users it has seen, so a signed-in request costs
 * no query, and forgets a user the moment the database says their row changed. While it is not
 * listening (before LISTEN is set up, or on a connection being re-made), every check reads the row.
 */
export function createSessionStore(deps: { db: Queryable; now: () => Date; listen?: Database['listen'] }): SessionStore {
  const kept = new Map<number, { user: SessionUser | null; at: number }>();
  let listening = false;
  /** Bumped on every change heard, so a read that began before it is not kept. */
  let generation = 0;
  const forget = (id: number) => {
    generation++;
    kept.delete(id);
  };
  localForgetters.add(forget);
  const unlisten = deps
    .listen?.(
      SESSION_CHANNEL,
      (payload) => {
        const id = Number(payload);
        if (Number.isSafeInteger(id)) forget(id);
        else {
          generation++;
          kept.clear();
        }
      },
      () => {
        // Notifications may have been missed while the connection was down.
        generation++;
        kept.clear();
        listening = true;
      },
      () => {
        // Changes may go unheard from now on: every check reads the row until listening again.
        listening = false;
        generation++;
        kept.clear();
      },
    )
    .catch(() => undefined);

  async function read(id: number): Promise<SessionUser | null> {
    const [row] = await deps.db
      .select({ id: users.id, role: users.role, email: users.email, tokenVersion: users.tokenVersion })
      .from(users)
      .where(eq(users.id, id));
    return row ?? null;
  }

  return {
    async userOf(id) {
      const now = deps.now().getTime();
      const hit = listening ? kept.get(id) : undefined;
      if (hit && now - hit.at < MAX_AGE_MS) return hit.user;
      const startedAt = generation;
      const user = await read(id);
      if (listening && generation === startedAt) {
        if (kept.size >= MAX_USERS) kept.clear();
        kept.set(id, { user, at: now });
      }
      return user;
    },
    async close() {
      localForgetters.delete(forget);
      kept.clear();
      await (await unlisten)?.().catch(() => undefined);
    },
  };
}
