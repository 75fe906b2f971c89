import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { Database } from '../src/db/open';
import { users } from '../src/db/schema';
import { logOptions, serializeError } from '../src/log';
import { hashPassword } from '../src/services/auth/passwords';
import { openTestDatabase } from './support/databases';
import { TEST_JWT_SECRET } from './support/harness';

/**
 * Database errors in the logs: drizzle puts the statement's parameters in its
 * error message and `params`, PostgreSQL puts row values in `detail` (`Key (email)=(…)`). The log
 * keeps what failed and where, never the values.
 */
const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0c2FsdA$not-a-real-hash-but-secret';
const EMAIL = 'row-value@example.com';

describe('serializeError', () => {
  let database: Database;

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
  });
  afterAll(async () => {
    await database.close();
  });

  it('keeps the code, table, constraint and statement of a unique violation, and drops the row values', async () => {
    const row = { email: EMAIL, firstName: 'Row', lastName: 'Value', role: 'LP' as const, passwordHash: HASH };
    await database.db.insert(users).values(row);
    const failure = await database.db
      .insert(users)
      .values(row)
      .then(
        () => undefined,
        (err: unknown) => err,
      );
    expect(failure).toBeInstanceOf(Error);
    // The raw error carries the values: this is what used to reach the log.
    expect(String((failure as Error).message)).toContain(HASH);

    const safe = serializeError(failure);
    const text = JSON.stringify(safe);
    expect(text).not.toContain(HASH);
    expect(text).not.toContain(EMAIL);
    expect(text).not.toMatch(/params|detail/);
    expect(safe.message).toMatch(/^Failed query: insert into "users"/);
    expect(safe.stack).toMatch(/^.*Failed query: insert into "users"/);
    expect(safe.stack).toMatch(/\n\s+at /);
    expect(safe.cause).toMatchObject({ code: '23505', table: 'users', constraint: 'users_email_unique' });
    expect(safe.cause?.message).toMatch(/duplicate key value violates unique constraint/);
  });

  it('serializes what is not an Error too', () => {
    expect(serializeError('plain text')).toEqual({ type: 'string', message: 'plain text', stack: '' });
  });
});

describe('the server log', () => {
  let database: Database;
  const lines: string[] = [];

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
  });
  afterAll(async () => {
    await database.close();
  });

  it('logs a failed query of a request without its parameters', async () => {
    const config = loadConfig({ JWT_SECRET: TEST_JWT_SECRET, LOG_LEVEL: 'info', CLIENT_DIST: '/nonexistent-client-dist' });
    const app = await buildApp({
      config,
      database,
      jwtSecret: TEST_JWT_SECRET,
      logger: { ...logOptions('error'), stream: { write: (line: string) => void lines.push(line) } },
    });
    try {
      await database.db
        .insert(users)
        .values({ email: 'gp@example.com', firstName: 'G', lastName: 'P', role: 'GP', passwordHash: await hashPassword('Passw0rd!') });
      const login = await app.inject({
        method: 'POST',
        url: '/api/users/login',
        payload: { email: 'gp@example.com', password: 'Passw0rd!' },
      });
      const token = (login.json() as { token: string }).token;
      // Break the audit trail so saving balances fails inside its transaction, with values bound.
      await database.db.execute(sql`drop table audit_events`);
      const res = await app.inject({
        method: 'PUT',
        url: '/api/account-balance',
        headers: { authorization: `Bearer ${token}` },
        payload: { cash_available: 987654.32, margin_debit: 0, accounts_receivable: 0 },
      });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ error: 'Something went wrong. Please try again.' });
    } finally {
      await app.close();
    }
    const logged = lines.join('\n');
    expect(logged).toContain('Failed query: insert into \\"audit_events\\"');
    expect(logged).toContain('"code":"42P01"');
    expect(logged).not.toContain('987654.32');
    expect(logged).not.toContain('params');
  });

  it("logs each request under the caller's x-request-id when it is a plain token, else under an id of its own", async () => {
    const logged: { reqId?: string; msg?: string }[] = [];
    const config = loadConfig({ JWT_SECRET: TEST_JWT_SECRET, LOG_LEVEL: 'info', CLIENT_DIST: '/nonexistent-client-dist' });
    const app = await buildApp({
      config,
      database,
      jwtSecret: TEST_JWT_SECRET,
      logger: { ...logOptions('info'), stream: { write: (line: string) => void logged.push(JSON.parse(line) as { reqId?: string }) } },
    });
    try {
      const ping = (headers: Record<string, string>) => app.inject({ method: 'GET', url: '/api/ping', headers });
      await ping({ 'x-request-id': 'lb-7f3a-0001' });
      await ping({ 'x-request-id': 'not a token; <script>' });
      await ping({});
      await ping({});
    } finally {
      await app.close();
    }
    const ids = [...new Set(logged.filter((l) => l.msg === 'request completed').map((l) => l.reqId))];
    expect(ids).toHaveLength(4);
    expect(ids[0]).toBe('lb-7f3a-0001');
    for (const own of ids.slice(1)) expect(own).toMatch(/^[0-9a-f]{12}-[0-9a-z]+$/);
  });
});
