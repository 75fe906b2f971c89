import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, requireSigningSecret } from '../src/config';
import { databaseKinds } from './support/databases';
import { createHarness, type Harness } from './support/harness';

/** The server as a whole: probes, security headers, CORS, the SPA fallback, tRPC, error hygiene, settings. */

const UNAVAILABLE = 'The service is temporarily unavailable. Please try again in a moment.';
const VALID_SECRET = 'a-jwt-secret-of-at-least-32-bytes-long!!';

describe.each(databaseKinds)('probes, headers and tRPC on %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind);
  });
  afterAll(() => h.close());

  it('GET /healthz answers 200', async () => {
    const res = await h.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('GET /readyz answers 200 while the database answers', async () => {
    const res = await h.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('sends a strict content security policy', async () => {
    const res = await h.inject({ method: 'GET', url: '/api/ping' });
    // An API answer allows nothing at all (object-src falls back to default-src).
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; base-uri 'none'; frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('GET /trpc/ping answers the same message as GET /api/ping', async () => {
    const rest = await h.inject({ method: 'GET', url: '/api/ping' });
    expect(rest.statusCode).toBe(200);
    const { message } = rest.json<{ message: string }>();
    expect(message).toEqual(expect.stringMatching(/\S/));

    const trpc = await h.inject({ method: 'GET', url: '/trpc/ping' });
    expect(trpc.statusCode).toBe(200);
    expect(trpc.json()).toEqual({ result: { data: { message } } });
  });

  it('grants no origin anything without CORS_ORIGINS', async () => {
    const preflight = await h.inject({
      method: 'OPTIONS',
      url: '/api/users/profile/details',
      headers: { origin: 'https://web.test', 'access-control-request-method': 'GET' },
    });
    expect(preflight.statusCode).toBe(404);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.headers['access-control-allow-methods']).toBeUndefined();
    const get = await h.inject({ method: 'GET', url: '/api/ping', headers: { origin: 'https://web.test' } });
    expect(get.statusCode).toBe(200);
    expect(get.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers 404 JSON for an unknown API path when no client is built', async () => {
    const res = await h.inject({ method: 'GET', url: '/api/unknown' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Not found: GET /api/unknown' });
  });
});

describe.each(databaseKinds)('with the database gone on %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind);
    await h.database.close();
  });
  // The database is already closed (and, on PostgreSQL, dropped); only the app is left to close.
  afterAll(() => h.app.close());

  it('GET /readyz answers 503 while /healthz stays 200', async () => {
    const ready = await h.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'unavailable' });
    expect((await h.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });

  it('a REST call answers 503 with the readable unavailable message only', async () => {
    const res = await h.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: 'someone@test.dev', password: 'Passw0rd!' },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ error: UNAVAILABLE });
    expect(res.body).not.toContain('stack');
    expect(res.body).not.toContain('at ');
  });

  it('a tRPC call answers 503 without a stack or the cause', async () => {
    const res = await h.inject({
      method: 'POST',
      url: '/trpc/auth.login',
      payload: { email: 'someone@test.dev', password: 'Passw0rd!' },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ error: { message: UNAVAILABLE } });
    expect(res.body).not.toContain('stack');
    expect(res.body).not.toContain('at ');
  });
});

describe.each(databaseKinds)('CORS on %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind, { env: { CORS_ORIGINS: 'https://web.test' } });
  });
  afterAll(() => h.close());

  const preflight = (origin: string) =>
    h.inject({
      method: 'OPTIONS',
      url: '/api/users/profile/details',
      headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
    });

  it('answers a preflight from an allowed origin', async () => {
    const res = await preflight('https://web.test');
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('https://web.test');
    expect(String(res.headers['access-control-allow-methods'])).toContain('GET');
    expect(String(res.headers['access-control-allow-headers']).toLowerCase()).toContain('authorization');
  });

  it('gives no CORS grant to a preflight from another origin', async () => {
    const res = await preflight('https://evil.test');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.headers['access-control-allow-methods']).toBeUndefined();
  });

  it('allows a GET from the allowed origin only', async () => {
    const allowed = await h.inject({ method: 'GET', url: '/api/ping', headers: { origin: 'https://web.test' } });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.headers['access-control-allow-origin']).toBe('https://web.test');

    const evil = await h.inject({ method: 'GET', url: '/api/ping', headers: { origin: 'https://evil.test' } });
    expect(evil.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe.each(databaseKinds)('serving the built client on %s', (kind) => {
  const INDEX = '<!doctype html><html><body><div id="root"></div><script src="/assets/app.js"></script></body></html>';
  const SCRIPT = 'console.log("portal client");';
  let dist: string;
  let h: Harness;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'portal-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), INDEX);
    writeFileSync(join(dist, 'assets', 'app.js'), SCRIPT);
    h = await createHarness(kind, { env: { CLIENT_DIST: dist } });
  });
  afterAll(async () => {
    await h.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it.each(['/', '/gp_dashboard', '/signup?invite=x'])('GET %s answers index.html', async (url) => {
    const res = await h.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toBe(INDEX);
  });

  it('GET /assets/app.js answers the file', async () => {
    const res = await h.inject({ method: 'GET', url: '/assets/app.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.body).toBe(SCRIPT);
  });

  it.each(['/api/unknown', '/assets/missing.js'])('GET %s answers 404 JSON, not the page', async (url) => {
    const res = await h.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ error: `Not found: GET ${url}` });
  });

  it('still serves the API beside the client', async () => {
    const res = await h.inject({ method: 'GET', url: '/api/ping' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: expect.any(String) });
  });
});

describe('loadConfig', () => {
  function configError(env: Record<string, string>): ConfigError {
    try {
      loadConfig(env);
    } catch (err) {
      if (err instanceof ConfigError) return err;
      throw err;
    }
    throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
  }

  it('accepts an empty environment with the documented defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.marketDataProvider).toBe('simulated');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.google.clientId).toBeUndefined();
  });

  it('waits 30 s for PostgreSQL unless DATABASE_WAIT_SECONDS says otherwise', () => {
    expect(loadConfig({}).databaseWaitSeconds).toBe(30);
    expect(loadConfig({ DATABASE_WAIT_SECONDS: '0' }).databaseWaitSeconds).toBe(0);
  });

  it('says what is wrong with each bad setting in one line', () => {
    expect(configError({ PORT: '', DATABASE_WAIT_SECONDS: 'x' }).message.split('\n')).toEqual([
      'Invalid setting: PORT must be a whole number from 0 to 65535 (it is empty); leave it out for 3000',
      'Invalid setting: DATABASE_WAIT_SECONDS must be a whole number from 0 to 3600 (it is "x"); leave it out for 30',
    ]);
  });

  it('asks for JWT_SECRET with PostgreSQL only where sessions are signed: the server, not the CLI', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://db.internal/portal' });
    expect(config.jwtSecret).toBeUndefined();
    expect(() => requireSigningSecret(config)).toThrow(/JWT_SECRET is required when DATABASE_URL is set/);
    expect(() =>
      requireSigningSecret(loadConfig({ DATABASE_URL: 'postgres://db.internal/portal', JWT_SECRET: VALID_SECRET })),
    ).not.toThrow();
    expect(() => requireSigningSecret(loadConfig({}))).not.toThrow();
  });

  it('accepts PostgreSQL with a long enough JWT_SECRET', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://db.internal/portal', JWT_SECRET: VALID_SECRET });
    expect(config.databaseUrl).toBe('postgres://db.internal/portal');
  });

  it.each([
    ['PORT is not a number', 'PORT', { PORT: 'abc' }],
    ['PORT is empty', 'PORT', { PORT: '' }],
    ['PORT is out of range', 'PORT', { PORT: '70000' }],
    ['DATABASE_WAIT_SECONDS is not a whole number', 'DATABASE_WAIT_SECONDS', { DATABASE_WAIT_SECONDS: '1.5' }],
    ['JWT_SECRET is too short', 'JWT_SECRET', { JWT_SECRET: 'short' }],
    ['DATABASE_URL is not PostgreSQL', 'DATABASE_URL', { DATABASE_URL: 'mysql://x', JWT_SECRET: VALID_SECRET }],
    ['MARKET_DATA_PROVIDER is unknown', 'MARKET_DATA_PROVIDER', { MARKET_DATA_PROVIDER: 'nope' }],
  ])('throws a ConfigError when %s, naming the setting', (_label, setting, env) => {
    expect(configError(env).message).toMatch(new RegExp(`\\b${setting}\\b`));
  });
});
