import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openPostgres, type Database } from '../src/db/open';
import { isDatabaseUnavailable } from '../src/db/errors';
import { UNAVAILABLE_MESSAGE } from '../src/contract/errors';
import { createTokenService } from '../src/services/auth/tokens';
import { TEST_JWT_SECRET } from './support/harness';
import { freePort } from './support/pg-cluster';

/**
 * A database that cannot be reached (here: a port of 127.0.0.1 nobody listens on) answers 503 with
 * one readable message on every path, REST and tRPC, public and signed in, and /readyz says so;
 * never a 500, never a wait.
 */
describe('when PostgreSQL cannot be reached', () => {
  let app: FastifyInstance;
  let database: Database;
  let token = '';

  beforeAll(async () => {
    const port = await freePort();
    database = openPostgres(`postgres://portal@127.0.0.1:${port}/portal`);
    const config = loadConfig({ JWT_SECRET: TEST_JWT_SECRET, LOG_LEVEL: 'silent', CLIENT_DIST: '/nonexistent-client-dist' });
    app = await buildApp({ config, database, jwtSecret: TEST_JWT_SECRET, logger: false });
    token = await createTokenService(TEST_JWT_SECRET).sign({ userId: 1, role: 'GP', tokenVersion: 0, sessionId: randomUUID() });
  });

  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const timed = async <T>(work: () => Promise<T>): Promise<{ result: T; ms: number }> => {
    const started = performance.now();
    const result = await work();
    return { result, ms: performance.now() - started };
  };

  it.each([
    ['GET', '/api/holdings', undefined],
    ['GET', '/api/account-balance', undefined],
    ['PUT', '/api/account-balance', { cash_available: 1, margin_debit: 0, accounts_receivable: 0 }],
    ['POST', '/api/users/login', { email: 'gp@example.com', password: 'Passw0rd!' }],
  ] as const)('answers %s %s with 503 { error }', async (method, url, payload) => {
    const { result: res, ms } = await timed(() =>
      app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) }),
    );
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ error: UNAVAILABLE_MESSAGE });
    expect(ms).toBeLessThan(5_000);
  });

  it('answers a tRPC call with 503 and the same message', async () => {
    const res = await app.inject({ method: 'GET', url: '/trpc/portfolio.holdings.list', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(503);
    const body = res.json() as { error: { message: string; data: { code: string; httpStatus: number } } };
    expect(body.error.message).toBe(UNAVAILABLE_MESSAGE);
    expect(body.error.data).toMatchObject({ code: 'SERVICE_UNAVAILABLE', httpStatus: 503 });
  });

  it('says not ready on /readyz, and alive on /healthz', async () => {
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(503);
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});

describe('isDatabaseUnavailable', () => {
  const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: select 1\nparams: '), { cause });

  it.each([
    ['ECONNREFUSED', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ['CONNECT_TIMEOUT', Object.assign(new Error('write CONNECT_TIMEOUT db:5432'), { code: 'CONNECT_TIMEOUT' })],
    ['CONNECTION_CLOSED', Object.assign(new Error('write CONNECTION_CLOSED db:5432'), { code: 'CONNECTION_CLOSED' })],
    ['57P01 admin_shutdown', Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })],
    ['57P03 cannot_connect_now', Object.assign(new Error('the database system is shutting down'), { code: '57P03' })],
    ['08006 connection_failure', Object.assign(new Error('connection failure'), { code: '08006' })],
  ])('is true for %s, also wrapped by drizzle', (_name, err) => {
    expect(isDatabaseUnavailable(err)).toBe(true);
    expect(isDatabaseUnavailable(wrapped(err))).toBe(true);
  });

  it.each([
    ['a unique violation', Object.assign(new Error('duplicate key'), { code: '23505' })],
    ['a missing table', Object.assign(new Error('relation does not exist'), { code: '42P01' })],
    ['a plain error', new Error('boom')],
  ])('is false for %s', (_name, err) => {
    expect(isDatabaseUnavailable(wrapped(err))).toBe(false);
  });
});
