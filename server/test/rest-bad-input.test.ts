import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT } from '../src/app';
import { restRoutes } from '../src/rest/table';
import { databaseKinds } from './support/databases';
import { bearer, createHarness, type Harness } from './support/harness';

const ASSET_ROW = { name: 'Acme', purchase_date: '2025-03-01', qty: 10, price_paid: 5, last_price_at_date: 6 };
const VENTURE_ROW = { ...ASSET_ROW, dividend_dollar: 0, dividend_pct: 0 };
const PROPERTY_ROW = { ...ASSET_ROW, total_rental_income: 100, monthly_rental_income: 10, annual_rental_income_pct: 1.2 };

/** A well-formed body for every REST path that takes one; the bad-input cases are made from it. */
const SAMPLE_BODIES: Record<string, Record<string, unknown>> = {
  'POST /api/users/login': { email: 'a@b.co', password: 'Passw0rd!' },
  'POST /api/users/google-login': { email: 'a@b.co', googleId: '123', credential: 'x.y.z' },
  'POST /api/users/signup': {
    firstName: 'Ann',
    lastName: 'Lee',
    email: 'a@b.co',
    password: 'Passw0rd!',
    confirmPassword: 'Passw0rd!',
    inviteCode: 'code',
  },
  'POST /api/users/google-signup': {
    email: 'a@b.co',
    firstName: 'Ann',
    lastName: 'Lee',
    googleId: '123',
    inviteCode: 'code',
    credential: 'x.y.z',
  },
  'POST /api/users/request-password-reset': { email: 'a@b.co' },
  'POST /api/users/reset-password': { token: 'abc', newPassword: 'Passw0rd!' },
  'PUT /api/users/change-password': { currentPassword: 'Passw0rd!', newPassword: 'Passw0rd!2' },
  'PUT /api/users/profile': { first_name: 'Ann', last_name: 'Lee', email: 'a@b.co', last_login: null, last_edit: null },
  'POST /api/invites': { validityHours: 24, role: 'LP' },
  'POST /api/contact': { name: 'Ann', email: 'a@b.co', phone: '5551234567', message: 'Hello' },
  'POST /api/holdings': { symbol: 'AAPL', asset_type: 'stock', purchases: [{ qty: 1, price_paid: 100, purchase_date: '2026-01-05' }] },
  'POST /api/illiquid-assets/save': { assets: [VENTURE_ROW] },
  'PUT /api/illiquid-assets/:id': VENTURE_ROW,
  'POST /api/real-estate/save': { assets: [PROPERTY_ROW] },
  'PUT /api/real-estate/:id': PROPERTY_ROW,
  'PUT /api/account-balance': { cash_available: 1000, margin_debit: 200, accounts_receivable: 50 },
  'POST /api/ai/prompt': { prompt: 'what do I hold?' },
  'POST /api/ai/confirm': { confirm: false },
};

/** A value of the wrong type for a field whose sample is the given value. */
const wrongType = (sample: unknown): unknown => (typeof sample === 'number' ? 'twenty-four' : 12345);

const bodyRoutes = restRoutes.filter((r) => r.input === 'body' || r.input === 'id+body');
const routeKey = (r: { method: string; path: string }) => `${r.method} ${r.path}`;

describe('bad-input samples', () => {
  it('has a sample body for every REST path that takes a body', () => {
    expect(bodyRoutes.map(routeKey).filter((k) => !SAMPLE_BODIES[k])).toEqual([]);
  });
});

describe.each(databaseKinds)('REST bad input on %s', (kind) => {
  let h: Harness;
  let gpToken: string;

  beforeAll(async () => {
    h = await createHarness(kind);
    await h.createUser({ email: 'gp-input@test.dev', password: 'Passw0rd!', role: 'GP' });
    gpToken = await h.login('gp-input@test.dev', 'Passw0rd!');
  });
  afterAll(() => h.close());

  async function send(method: string, path: string, payload: string | object, contentType = 'application/json') {
    const res = await h.inject({
      method: method as 'POST',
      url: path.replace(':id', '1'),
      headers: { ...bearer(gpToken), 'content-type': contentType },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });
    const body = res.json() as unknown;
    expect(body).toEqual({ error: expect.any(String) });
    expect(res.body).not.toMatch(/\bat .*\.(ts|js):\d+/);
    return { status: res.statusCode, error: (body as { error: string }).error };
  }

  describe.each(bodyRoutes.map((r) => [routeKey(r), r] as const))('%s', (key, r) => {
    const sample = SAMPLE_BODIES[key] ?? {};

    it('answers malformed JSON with 400', async () => {
      const res = await send(r.method, r.path, '{"email": "a@b.co",');
      expect(res).toEqual({ status: 400, error: 'The request body is not valid JSON.' });
    });

    it('answers a body that is not an object with 400', async () => {
      for (const body of ['[]', '"text"', '42', 'null']) {
        expect((await send(r.method, r.path, body)).status).toBe(400);
      }
    });

    it.each(Object.keys(sample))('answers a wrong type for %s with 400', async (field) => {
      const res = await send(r.method, r.path, { ...sample, [field]: wrongType(sample[field]) });
      expect(res.status).toBe(400);
    });

    it('answers missing fields with 400', async () => {
      expect((await send(r.method, r.path, {})).status).toBe(400);
    });

    it('answers an unknown field with 400 naming it', async () => {
      const res = await send(r.method, r.path, { ...sample, isAdmin: true });
      expect(res.status).toBe(400);
      expect(res.error).toContain('isAdmin');
    });

    it('answers an oversized body with 413', async () => {
      const res = await send(r.method, r.path, { ...sample, padding: 'x'.repeat(BODY_LIMIT + 1) });
      expect(res.status).toBe(413);
    });

    it('answers a body that is not JSON with 415', async () => {
      expect((await send(r.method, r.path, 'email=a@b.co', 'application/x-www-form-urlencoded')).status).toBe(415);
    });
  });

  it('answers a malformed tRPC input with 400 and a readable message', async () => {
    const res = await h.inject({
      method: 'POST',
      url: '/trpc/auth.login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'not-an-email', password: 'x' }),
    });
    expect(res.statusCode).toBe(400);
    expect((res.json() as { error: { message: string } }).error.message).toBe('Please enter a valid email address.');
    expect(res.body).not.toContain('stack');
  });
});
