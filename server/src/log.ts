import type { FastifyBaseLogger, FastifyRequest, FastifyServerOptions } from 'fastify';
import type { Config } from './config';
import { redactUrl, redactUrlsIn } from './http/redact-url';

/** Fields of an error that are safe and useful in a log: what failed and where, never the data. */
const KEPT_FIELDS = [
  'code',
  'errno',
  'syscall',
  'address',
  'port',
  'statusCode',
  'severity',
  'routine',
  // PostgreSQL's error fields, as the postgres driver names them and as PGlite does.
  'schema_name',
  'table_name',
  'column_name',
  'constraint_name',
  'schema',
  'table',
  'column',
  'constraint',
] as const;

/** Renamed on the way out, so a log reads { table, constraint } rather than the driver's names. */
const RENAMED: Partial<Record<(typeof KEPT_FIELDS)[number], string>> = {
  schema_name: 'schema',
  table_name: 'table',
  column_name: 'column',
  constraint_name: 'constraint',
};

/** The log services write to: the server's own logger, or a test's. */
export type Logger = FastifyBaseLogger;

export interface SerializedError {
  type: string;
  message: string;
  stack: string;
  cause?: SerializedError;
  [field: string]: unknown;
}

/**
 * drizzle's DrizzleQueryError says `Failed query: <sql>\nparams: <values>`; the values are row data
 * (e-mails, password hashes). The statement stays, the values go.
 */
function withoutParams(text: string): string {
  return redactUrlsIn(text.replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/, ''));
}

/**
 * pino's `err` serializer for this server: type, message, stack, the error's code and the table,
 * column and constraint it concerns, and its cause in turn. Nothing else: not drizzle's `params`,
 * not PostgreSQL's `detail` (`Key (email)=(…)`), `where` or `hint`, which carry row values.
 */
export function serializeError(err: unknown, depth = 0): SerializedError {
  if (!(err instanceof Error)) {
    return { type: typeof err, message: withoutParams(String(err)), stack: '' };
  }
  const fields = err as unknown as Record<string, unknown>;
  const out: SerializedError = {
    type: err.constructor.name === 'Error' && err.name !== 'Error' ? err.name : err.constructor.name,
    message: withoutParams(err.message),
    stack: withoutParams(err.stack ?? ''),
  };
  for (const field of KEPT_FIELDS) {
    const value = fields[field];
    if (typeof value === 'string' || typeof value === 'number') out[RENAMED[field] ?? field] = value;
  }
  if (err instanceof AggregateError && depth < 3) out.errors = err.errors.slice(0, 5).map((e: unknown) => serializeError(e, depth + 1));
  if (err.cause !== undefined && depth < 5) out.cause = serializeError(err.cause, depth + 1);
  return out;
}

/** A request as the log shows it (Fastify's fields), its URL without secrets (http/redact-url.ts). */
export function serializeRequest(req: FastifyRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url, req.routeOptions?.url),
    version: [req.headers['accept-version']].flat()[0],
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

/**
 * The logger settings of the server (pino JSON lines): level, redaction and the serializers.
 * Messages are written with the URLs in them redacted too (Fastify's own warnings quote a request's URL).
 */
export function logOptions(level: Config['logLevel']): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level,
    redact: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token'],
    serializers: { err: serializeError, req: serializeRequest },
    hooks: {
      logMethod(args, method) {
        method.apply(this, args.map((arg: unknown) => (typeof arg === 'string' ? redactUrlsIn(arg) : arg)) as Parameters<typeof method>);
      },
    },
  };
}
