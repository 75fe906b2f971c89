import { randomUUID } from 'node:crypto';
import { and, eq, isNull, lt, ne } from 'drizzle-orm';
import type { Database, Queryable } from '../../db/open';
import { sessions, users } from '../../db/schema';
import type { Role } from '../../contract/roles';
import type { TokenService } from './tokens';

/**
 * The channel the database notifies on (drizzle/0006_session_changes.sql and the sessions
 * migration), whoever wrote the change: this process, another instance, the CLI or an operator's
 * SQL. A user's id when their role, e-mail or token version changes or the row is deleted;
 * `s:` and a session's id when the session ends or its row is deleted.
 */
export const SESSION_CHANNEL = 'session_changed';
const SESSION_PAYLOAD = 's:';

/** What a session check needs of a user's row. */
export interface SessionUser {
  id: number;
  role: Role;
  email: string;
  tokenVersion: number;
}

/** What a token check needs of a session's row. */
export interface SessionRow {
  id: string;
  userId: number;
  ended: boolean;
  lastSeenAt: Date;
}

/** Where a sign-in comes from: kept on its session row. */
export interface ClientInfo {
  ip: string;
  userAgent?: string | undefined;
}

export type SignInMethod = 'local' | 'google';

export interface SessionStore {
  /** The user's current row, or null when there is none. */
  userOf(id: number): Promise<SessionUser | null>;
  /** The session's current row, or null when there is none. */
  sessionOf(id: string): Promise<SessionRow | null>;
  /** Notes a request of the session: its row's last_seen_at and ip are written at most once a minute. */
  seen(session: SessionRow, client: ClientInfo): Promise<void>;
  /**
   * Runs `end`, which ends sessions in the database (committed when it returns) and answers their
   * ids. This instance forgets them at once; the others hear the database's notification, which
   * this one waits to hear too (at most a few seconds), so when this resolves every listening
   * instance has been told.
   */
  ending(end: () => Promise<string[]>): Promise<void>;
  close(): Promise<void>;
}

/** At most this many users (and as many sessions) are kept; past it the store starts again. */
const MAX_KEPT = 10_000;
/** A kept row is read again after this long even without a notification, a bound on any missed one. */
const MAX_AGE_MS = 60_000;
/** A session's last_seen_at is written at most this often. */
export const LAST_SEEN_EVERY_MS = 60_000;
/** How long ending a session waits to hear its own notification. */
const ECHO_WAIT_MS = 3_000;
/** Bounds on what is kept of a client: an address, a browser's user agent. */
const MAX_IP = 64;
const MAX_USER_AGENT = 512;

const localForgetters = new Set<(id: number) => void>();

/**
 * Says at once, in this process, that a user's session facts change (called by the code that
 * changes them, inside its transaction). Other instances hear it from the trigger at commit; this
 * one also hears it then, and this call closes the gap before the notification arrives.
 */
export function sessionChanged(id: number): void {
  for (const forget of localForgetters) forget(id);
}

/** Kept rows by key, each with when it was read; reads that began before a change heard are not kept. */
function keptRows<K, V>() {
  const rows = new Map<K, { value: V; at: number }>();
  return {
    get: (key: K, now: number) => {
      const hit = rows.get(key);
      return hit && now - hit.at < MAX_AGE_MS ? hit : undefined;
    },
    set: (key: K, value: V, now: number) => {
      if (rows.size >= MAX_KEPT) rows.clear();
      rows.set(key, { value, at: now });
    },
    delete: (key: K) => rows.delete(key),
    clear: () => rows.clear(),
  };
}

/**
 * Each instance keeps the session facts of the users and sessions it has seen, so a signed-in
 * request costs no query, and forgets a user or a session the moment the database says its row
 * changed. While it is not listening (before LISTEN is set up, or on a connection being re-made),
 * every check reads the rows.
 */
export function createSessionStore(deps: { db: Queryable; now: () => Date; listen?: Database['listen'] }): SessionStore {
  const keptUsers = keptRows<number, SessionUser | null>();
  const keptSessions = keptRows<string, SessionRow | null>();
  let listening = false;
  /** Bumped on every change heard, so a read that began before it is not kept. */
  let generation = 0;
  /** Ends of sessions heard, for those waiting on them (ending()). */
  const endWatchers = new Set<(id: string) => void>();
  const forgetUser = (id: number) => {
    generation++;
    keptUsers.delete(id);
  };
  const forgetSession = (id: string) => {
    generation++;
    keptSessions.delete(id);
  };
  const forgetAll = () => {
    generation++;
    keptUsers.clear();
    keptSessions.clear();
  };
  localForgetters.add(forgetUser);
  const unlisten = deps
    .listen?.(
      SESSION_CHANNEL,
      (payload) => {
        if (payload.startsWith(SESSION_PAYLOAD)) {
          const id = payload.slice(SESSION_PAYLOAD.length);
          forgetSession(id);
          for (const watch of endWatchers) watch(id);
          return;
        }
        const id = Number(payload);
        if (Number.isSafeInteger(id)) forgetUser(id);
        else forgetAll();
      },
      () => {
        // Notifications may have been missed while the connection was down.
        forgetAll();
        listening = true;
      },
      () => {
        // Changes may go unheard from now on: every check reads the rows until listening again.
        listening = false;
        forgetAll();
      },
    )
    .catch(() => undefined);

  /** A kept row, or the row read now (and kept when no change was heard meanwhile). */
  async function cached<K, V>(kept: ReturnType<typeof keptRows<K, V>>, key: K, read: () => Promise<V>): Promise<V> {
    const now = deps.now().getTime();
    const hit = listening ? kept.get(key, now) : undefined;
    if (hit) return hit.value;
    const startedAt = generation;
    const value = await read();
    if (listening && generation === startedAt) kept.set(key, value, now);
    return value;
  }

  return {
    userOf: (id) =>
      cached(keptUsers, id, async () => {
        const [row] = await deps.db
          .select({ id: users.id, role: users.role, email: users.email, tokenVersion: users.tokenVersion })
          .from(users)
          .where(eq(users.id, id));
        return row ?? null;
      }),

    sessionOf: (id) =>
      cached(keptSessions, id, async () => {
        const [row] = await deps.db
          .select({ id: sessions.id, userId: sessions.userId, endedAt: sessions.endedAt, lastSeenAt: sessions.lastSeenAt })
          .from(sessions)
          .where(eq(sessions.id, id));
        return row ? { id: row.id, userId: row.userId, ended: row.endedAt !== null, lastSeenAt: row.lastSeenAt } : null;
      }),

    async seen(session, client) {
      const now = deps.now();
      if (now.getTime() - session.lastSeenAt.getTime() < LAST_SEEN_EVERY_MS) return;
      // Noted on the kept row first, so the requests that follow at once do not write too.
      session.lastSeenAt = now;
      await deps.db
        .update(sessions)
        .set({ lastSeenAt: now, ip: client.ip.slice(0, MAX_IP) })
        .where(and(eq(sessions.id, session.id), lt(sessions.lastSeenAt, new Date(now.getTime() - LAST_SEEN_EVERY_MS))));
    },

    async ending(end) {
      const heard = new Set<string>();
      let wanted: Set<string> | null = null;
      let done: () => void = () => undefined;
      const allHeard = new Promise<void>((resolve) => (done = resolve));
      const watch = (id: string) => {
        heard.add(id);
        if (wanted && [...wanted].every((w) => heard.has(w))) done();
      };
      endWatchers.add(watch);
      try {
        const ids = await end();
        for (const id of ids) forgetSession(id);
        wanted = new Set(ids.filter((id) => !heard.has(id)));
        // Not listening: nothing is kept here, and there is no notification to wait for.
        if (wanted.size === 0 || !listening) return;
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([allHeard, new Promise<void>((resolve) => (timer = setTimeout(resolve, ECHO_WAIT_MS)))]);
        clearTimeout(timer);
      } finally {
        endWatchers.delete(watch);
      }
    },

    async close() {
      localForgetters.delete(forgetUser);
      forgetAll();
      await (await unlisten)?.().catch(() => undefined);
    },
  };
}

export interface StartSessionDeps {
  db: Queryable;
  tokens: TokenService;
  now: () => Date;
}

/** A new session for a user who has just signed in: its row, and a token that carries its id. */
export async function startSession(
  deps: StartSessionDeps,
  user: { id: number; role: Role; tokenVersion: number },
  client: ClientInfo,
  method: SignInMethod,
): Promise<string> {
  const now = deps.now();
  const id = randomUUID();
  await deps.db.insert(sessions).values({
    id,
    userId: user.id,
    method,
    createdAt: now,
    lastSeenAt: now,
    ip: client.ip.slice(0, MAX_IP),
    userAgent: (client.userAgent ?? '').slice(0, MAX_USER_AGENT),
    expiresAt: new Date(now.getTime() + deps.tokens.ttlSeconds * 1000),
  });
  return deps.tokens.sign({ userId: user.id, role: user.role, tokenVersion: user.tokenVersion, sessionId: id });
}

/** A fresh token for a session that goes on (after a password change): the session's expiry moves with it. */
export async function renewSession(
  deps: StartSessionDeps,
  user: { id: number; role: Role; tokenVersion: number },
  sessionId: string,
): Promise<string> {
  await deps.db
    .update(sessions)
    .set({ expiresAt: new Date(deps.now().getTime() + deps.tokens.ttlSeconds * 1000) })
    .where(eq(sessions.id, sessionId));
  return deps.tokens.sign({ userId: user.id, role: user.role, tokenVersion: user.tokenVersion, sessionId });
}

/** Ends one session (logging out): its tokens stop working at once on every instance. */
export async function endSession(deps: { db: Queryable; sessions: SessionStore; now: () => Date }, sessionId: string): Promise<void> {
  await deps.sessions.ending(async () => {
    const ended = await deps.db
      .update(sessions)
      .set({ endedAt: deps.now() })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.endedAt)))
      .returning({ id: sessions.id });
    return ended.map((s) => s.id);
  });
}

/**
 * Marks every open session of a user ended but `keep` (a password change keeps the one that made
 * it), inside the caller's transaction. The token version the caller bumps is what ends their
 * tokens at once (the user's row notifies); this keeps the rows telling the truth.
 */
export async function endSessionsOf(tx: Queryable, userId: number, now: Date, keep?: string): Promise<void> {
  await tx
    .update(sessions)
    .set({ endedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.endedAt), ...(keep ? [ne(sessions.id, keep)] : [])));
}
