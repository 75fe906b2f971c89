import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../client/build/precompress';
import { COMPRESSION_THRESHOLD_BYTES } from '../src/http/compression';
import { databaseKinds } from './support/databases';
import { createHarness, type Harness } from './support/harness';

/** The security headers (computed once at start), compression and caching of what the server sends. */

/** Exactly what @fastify/helmet sent before its per-request work was replaced: a page's and an asset's set. */
const SECURITY_HEADERS = {
  'content-security-policy':
    "default-src 'self';script-src 'self';style-src 'self';img-src 'self' data:;font-src 'self';connect-src 'self';frame-src;object-src 'none';base-uri 'none';form-action 'self';frame-ancestors 'none'",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

/** An API answer's set: data, never a document (OWASP's REST Security Cheat Sheet). */
const DATA_HEADERS = {
  'content-security-policy': "default-src 'none'; base-uri 'none'; frame-ancestors 'none'",
  'cross-origin-opener-policy': undefined,
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': undefined,
  'referrer-policy': undefined,
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': undefined,
  'x-download-options': undefined,
  'x-frame-options': 'DENY',
  'x-permitted-cross-domain-policies': undefined,
  'x-xss-protection': undefined,
};

const GOOGLE_SECURITY_HEADERS = {
  ...SECURITY_HEADERS,
  'content-security-policy':
    "default-src 'self';script-src 'self' https://accounts.google.com;style-src 'self' https://accounts.google.com;img-src 'self' data: https://*.googleusercontent.com;font-src 'self';connect-src 'self' https://accounts.google.com https://www.googleapis.com;frame-src https://accounts.google.com;object-src 'none';base-uri 'none';form-action 'self';frame-ancestors 'none'",
  'cross-origin-opener-policy': 'same-origin-allow-popups',
};

const INDEX = `<!doctype html><html><head><title>Portal</title></head><body><div id="root"></div>${'<!-- padding so the page is worth compressing -->'.repeat(40)}<script type="module" src="/assets/index-AbC123.js"></script></body></html>`;
const SCRIPT = `export const rows = [${Array.from({ length: 200 }, (_, i) => `{ id: ${i}, name: "row ${i}" }`).join(', ')}];`;

function securityHeadersOf(headers: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.keys(SECURITY_HEADERS).map((name) => [name, headers[name]]));
}

describe.each(databaseKinds)('what the server sends on %s', (kind) => {
  let dist: string;
  let h: Harness;
  let gpToken: string;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'portal-delivery-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), INDEX);
    writeFileSync(join(dist, 'assets', 'index-AbC123.js'), SCRIPT);
    writeFileSync(join(dist, 'assets', 'tiny-XyZ789.js'), 'export {};');
    await precompressDir(dist);
    h = await createHarness(kind, { env: { CLIENT_DIST: dist } });
    await h.createUser({ email: 'gp-delivery@test.dev', role: 'GP' });
    // Enough partners that the list is well over the compression threshold.
    for (let i = 0; i < 12; i++)
      await h.createUser({ email: `lp-delivery-${i}@test.dev`, role: 'LP', firstName: `Partner${i}`, lastName: 'Delivery' });
    gpToken = await h.login('gp-delivery@test.dev', 'Passw0rd!');
  });
  afterAll(async () => {
    await h.close();
    rmSync(dist, { recursive: true, force: true });
  });

  describe('security headers', () => {
    it.each([
      ['a page', '/gp_dashboard', 200],
      ['a page with a query', '/login?next=/gp_dashboard', 200],
      ['a hashed asset', '/assets/index-AbC123.js', 200],
      ['an unknown page', '/no-such-page', 200],
      ['a missing asset', '/assets/missing-000.js', 404],
    ])('are the page set on %s (%s)', async (_what, url, status) => {
      const res = await h.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(res.statusCode).toBe(status);
      expect(securityHeadersOf(res.headers)).toEqual(SECURITY_HEADERS);
      expect(res.headers['x-powered-by']).toBeUndefined();
    });

    it.each([
      ['the REST API', '/api/ping', 200],
      ['the REST API with a query', '/api/transactions?page=1', 401],
      ['tRPC', '/trpc/ping', 200],
      ['a batch of tRPC calls', '/trpc/ping,ping?batch=1&input=%7B%7D', 200],
      ['an unknown API path', '/api/unknown', 404],
      ['a refused call', '/api/holdings', 401],
      ['a CSV export', '/api/export/transactions.csv', 401],
      ['the OpenAPI document', '/api/openapi.json', 200],
    ])('are the data set on %s (%s)', async (_what, url, status) => {
      const res = await h.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(res.statusCode).toBe(status);
      expect(securityHeadersOf(res.headers)).toEqual(DATA_HEADERS);
      expect(res.headers['x-powered-by']).toBeUndefined();
    });

    it('are the page set on the API reference page, with its own policy', async () => {
      const res = await h.inject({ method: 'GET', url: '/api/docs/' });
      expect(res.statusCode).toBe(200);
      expect(securityHeadersOf(res.headers)).toEqual({
        ...SECURITY_HEADERS,
        'content-security-policy': res.headers['content-security-policy'],
      });
      expect(res.headers['content-security-policy']).toContain("script-src 'self' 'unsafe-inline'");
    });

    it('allow Google sign-in on pages when a Google client is configured; API answers are unchanged', async () => {
      const google = await createHarness(kind, { env: { GOOGLE_CLIENT_ID: 'portal.apps.googleusercontent.com', CLIENT_DIST: dist } });
      try {
        const page = await google.inject({ method: 'GET', url: '/login' });
        expect(Object.fromEntries(Object.keys(GOOGLE_SECURITY_HEADERS).map((n) => [n, page.headers[n]]))).toEqual(GOOGLE_SECURITY_HEADERS);
        const api = await google.inject({ method: 'GET', url: '/api/ping' });
        expect(securityHeadersOf(api.headers)).toEqual(DATA_HEADERS);
      } finally {
        await google.close();
      }
    });
  });

  describe('compression', () => {
    const userInfo = (acceptEncoding?: string) =>
      h.inject({
        method: 'GET',
        url: '/api/users/userinfo',
        headers: { authorization: `Bearer ${gpToken}`, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
      });

    it('answers JSON as it is when the client accepts no encoding', async () => {
      const res = await userInfo();
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);
      expect(res.json<{ users: unknown[] }>().users).toHaveLength(13);
    });

    it('answers JSON with Brotli when accepted, gzip when only gzip is', async () => {
      const plain = (await userInfo()).body;
      const br = await userInfo('gzip, deflate, br');
      expect(br.headers['content-encoding']).toBe('br');
      expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
      expect(br.rawPayload.length).toBeLessThan(plain.length / 2);
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain);

      const gz = await userInfo('gzip');
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).toString()).toBe(plain);
    });

    it('compresses tRPC answers too', async () => {
      const res = await h.inject({
        method: 'GET',
        url: '/trpc/admin.users.list',
        headers: { authorization: `Bearer ${gpToken}`, 'accept-encoding': 'br' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      const body = JSON.parse(brotliDecompressSync(res.rawPayload).toString()) as { result: { data: { users: unknown[] } } };
      expect(body.result.data.users).toHaveLength(13);
    });

    it('sends a CSV file with an ETag of its content, compressed when accepted, 304 while unchanged', async () => {
      const csv = (headers: Record<string, string> = {}) =>
        h.inject({ method: 'GET', url: '/api/export/transactions.csv', headers: { authorization: `Bearer ${gpToken}`, ...headers } });
      // Enough entries that the file is over the compression threshold.
      for (let i = 0; i < 15; i++) {
        const deposit = await h.inject({
          method: 'POST',
          url: '/api/cash-movements',
          headers: { authorization: `Bearer ${gpToken}` },
          payload: { kind: 'deposit', amount: `${100 + i}.00`, note: 'delivery check', confirmed: true },
        });
        expect(deposit.statusCode, deposit.body).toBe(201);
      }
      const plain = await csv();
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);
      const etag = plain.headers.etag as string;
      expect(etag).toMatch(/^"text-/);

      const br = await csv({ 'accept-encoding': 'gzip, br' });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-disposition']).toBe('attachment; filename="transactions.csv"');
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
      expect(br.headers.etag).toBe(etag);
      expect((await csv({ 'if-none-match': etag })).statusCode).toBe(304);

      // A new entry: a new file, a new tag.
      await h.inject({
        method: 'POST',
        url: '/api/cash-movements',
        headers: { authorization: `Bearer ${gpToken}` },
        payload: { kind: 'deposit', amount: '1.00', note: 'one more', confirmed: true },
      });
      const after = await csv({ 'if-none-match': etag });
      expect(after.statusCode).toBe(200);
      expect(after.headers.etag).not.toBe(etag);
      expect(after.body.length).toBeGreaterThan(plain.body.length);
    });

    it('leaves a small answer as it is', async () => {
      const res = await h.inject({ method: 'GET', url: '/api/ping', headers: { 'accept-encoding': 'br, gzip' } });
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.json()).toEqual({ message: expect.any(String) });
    });
  });

  describe('the built client', () => {
    it.each([
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const)('serves the page precompressed with %s and revalidated', async (encoding, decode) => {
      const res = await h.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': encoding } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
      expect(decode(res.rawPayload).toString()).toBe(INDEX);
    });

    it('serves a hashed asset precompressed and cached for a year, immutable', async () => {
      const res = await h.inject({ method: 'GET', url: '/assets/index-AbC123.js', headers: { 'accept-encoding': 'gzip, br' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
    });

    it('serves the plain files to a client that accepts no encoding', async () => {
      const page = await h.inject({ method: 'GET', url: '/team' });
      expect(page.headers['content-encoding']).toBeUndefined();
      expect(page.body).toBe(INDEX);
      const script = await h.inject({ method: 'GET', url: '/assets/index-AbC123.js' });
      expect(script.headers['content-encoding']).toBeUndefined();
      expect(script.body).toBe(SCRIPT);
    });

    it('compresses a file without precompressed copies as it goes, still immutable', async () => {
      const res = await h.inject({ method: 'GET', url: '/assets/tiny-XyZ789.js', headers: { 'accept-encoding': 'br, gzip' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(res.rawPayload).toString()).toBe('export {};');
    });
  });
});
