import postgres from 'postgres';
import { unavailableCode } from './errors';

/**
 * The database could not be used at start-up. The message is one line for an operator: what
 * failed, where (never the password) and which setting to look at.
 */
export class DatabaseStartError extends Error {}

/** `user@host:port/database` of a PostgreSQL URL, without its password. */
export function describeTarget(url: string): string {
  try {
    const u = new URL(url);
    const user = decodeURIComponent(u.username) || 'postgres';
    const database = decodeURIComponent(u.pathname.replace(/^\//, '')) || user;
    return `${user}@${u.hostname || 'localhost'}:${u.port || '5432'}/${database}`;
  } catch {
    return 'the configured server';
  }
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname || 'localhost';
  } catch {
    return '?';
  }
}

/** The innermost error with a code (drizzle wraps the driver's), or the error itself. */
function rootOf(err: unknown): unknown {
  let found = err;
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 6; depth++) {
    if (typeof (e as { code?: unknown }).code === 'string') found = e;
    e = (e as { cause?: unknown }).cause;
  }
  return found;
}

/** Why a connection failed, in words; PostgreSQL's own message when the server answered. */
function reasonFor(failure: unknown, url: string): string {
  const err = rootOf(failure);
  const code = (err as { code?: unknown } | null)?.code;
  switch (code) {
    case 'ECONNREFUSED':
      return 'connection refused';
    case 'ENOTFOUND':
      return `host "${hostOf(url)}" not found`;
    case 'EAI_AGAIN':
      return `host "${hostOf(url)}" could not be looked up (name resolution failed)`;
    case 'ETIMEDOUT':
    case 'CONNECT_TIMEOUT':
      return 'no answer (connection timed out)';
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return 'host unreachable';
    default: {
      const message = err instanceof Error ? err.message : String(err);
      // Driver messages such as "write CONNECTION_CLOSED host:port" read better by their code.
      return typeof code === 'string' && /^[A-Z_]+$/.test(code) && message.includes(code)
        ? code.toLowerCase().replace(/_/g, ' ')
        : (message.split('\n')[0] ?? message);
    }
  }
}

/** One line for a failure to use the database named by DATABASE_URL. */
export function databaseFailureLine(err: unknown, url: string, waitedSeconds?: number): string {
  const target = describeTarget(url);
  const reason = reasonFor(err, url);
  if (waitedSeconds !== undefined && waitedSeconds > 0) {
    return `Could not reach PostgreSQL at ${target} (DATABASE_URL) within ${waitedSeconds} s (DATABASE_WAIT_SECONDS): ${reason}.`;
  }
  return `Could not use PostgreSQL at ${target} (DATABASE_URL): ${reason}.`;
}

export interface WaitOptions {
  /** Told each time the database is not reachable yet and another try follows. */
  onWait?: (reason: string, retryInMs: number) => void;
  /** First pause between tries; it doubles up to maxDelayMs. */
  firstDelayMs?: number;
  maxDelayMs?: number;
}

/**
 * Waits until PostgreSQL at `url` answers `select 1`, trying again with backoff while it is
 * unreachable (refused, unknown host, timing out, starting up) for at most `waitSeconds`. Failures
 * that waiting cannot fix (no such database or role, wrong password) give up at once. Either way
 * the error is a DatabaseStartError with one line naming DATABASE_URL.
 */
export async function waitForPostgres(url: string, waitSeconds: number, options: WaitOptions = {}): Promise<void> {
  const deadline = Date.now() + waitSeconds * 1000;
  let delay = options.firstDelayMs ?? 250;
  for (;;) {
    const remainingMs = deadline - Date.now();
    const client = postgres(url, {
      max: 1,
      onnotice: () => undefined,
      connect_timeout: Math.max(1, Math.min(5, Math.ceil(remainingMs / 1000))),
    });
    try {
      await client`select 1`;
      return;
    } catch (err) {
      const transient = unavailableCode(err) !== undefined;
      const left = deadline - Date.now();
      if (!transient) throw new DatabaseStartError(databaseFailureLine(err, url));
      if (left <= 0) throw new DatabaseStartError(databaseFailureLine(err, url, waitSeconds));
      const pause = Math.min(delay, left);
      options.onWait?.(reasonFor(err, url), pause);
      await new Promise((r) => setTimeout(r, pause));
      delay = Math.min(delay * 2, options.maxDelayMs ?? 5_000);
    } finally {
      await client.end({ timeout: 0 });
    }
  }
}
