/** The errors a query can carry, however drizzle and tRPC wrapped them (each `cause` in turn). */
function* causes(err: unknown): Generator<object> {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 6; depth++) {
    yield e;
    e = 'cause' in e ? e.cause : undefined;
  }
}

function codeOf(e: object): string | undefined {
  const code = (e as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}

/** True when a query failed on a unique constraint (PostgreSQL 23505), however the driver wrapped it. */
export function isUniqueViolation(err: unknown): boolean {
  for (const e of causes(err)) if (codeOf(e) === '23505') return true;
  return false;
}

/** Socket and driver codes that mean "no usable connection to the database right now". */
const CONNECTION_CODES = new Set([
  // Node's socket and name-resolution errors.
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
  // The postgres driver's own.
  'CONNECT_TIMEOUT',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  // PostgreSQL: admin_shutdown, crash_shutdown, cannot_connect_now, too_many_connections.
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);

/**
 * True when a query failed because the database could not be reached or dropped the connection
 * (server stopped, restarting, unreachable), as opposed to a fault in the query or the data. Such
 * a failure is temporary: callers answer 503 and the driver reconnects by itself.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  return unavailableCode(err) !== undefined;
}

/** The code that made isDatabaseUnavailable true (e.g. ECONNREFUSED, 57P01), for a short log line. */
export function unavailableCode(err: unknown): string | undefined {
  for (const e of causes(err)) {
    const code = codeOf(e);
    // SQLSTATE class 08: connection exceptions.
    if (code && (CONNECTION_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return code;
    // The embedded database after it was closed (the process is shutting down).
    if (e instanceof Error && e.message === 'PGlite is closed') return 'PGLITE_CLOSED';
  }
  return undefined;
}
