import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactSubmissions } from '../src/db/schema';
import { databaseKinds } from './support/databases';
import { bearer, createHarness, type Harness } from './support/harness';

/** The contact form's server side: docs/product.md §5's rules, stored rows, the per-IP limit, the GP-only list. */

const PHONE_MESSAGE = 'Phone number must be exactly 10 digits.';

interface Submission {
  id: number;
  name: string;
  email: string;
  phone: string;
  message: string;
  created_at: string;
}

type Inquiry = Record<string, unknown> & { email: string };

let counter = 0;
/** A valid inquiry with an e-mail no other test uses. */
function inquiry(label: string, overrides: Record<string, unknown> = {}): Inquiry {
  counter += 1;
  return {
    name: 'Jane Investor',
    phone: '2125550123',
    message: `Hello from ${label}.`,
    ...overrides,
    email: typeof overrides.email === 'string' ? overrides.email : `${label}-${counter}@example.com`,
  };
}

describe.each(databaseKinds)('contact form on %s', (kind) => {
  let h: Harness;
  let gpToken: string;
  let lpToken: string;

  beforeAll(async () => {
    h = await createHarness(kind);
    await h.createUser({ email: 'gp-contact@test.dev', password: 'Passw0rd!', role: 'GP' });
    await h.createUser({ email: 'lp-contact@test.dev', password: 'Passw0rd!', role: 'LP' });
    gpToken = await h.login('gp-contact@test.dev', 'Passw0rd!');
    lpToken = await h.login('lp-contact@test.dev', 'Passw0rd!');
  });
  afterAll(() => h.close());

  const submit = (payload: Record<string, unknown>, remoteAddress?: string) =>
    h.inject({ method: 'POST', url: '/api/contact', payload, ...(remoteAddress ? { remoteAddress } : {}) });

  const storedFor = (email: string) => h.database.db.select().from(contactSubmissions).where(eq(contactSubmissions.email, email));
  const storedCount = async () => (await h.database.db.select().from(contactSubmissions)).length;

  describe('POST /api/contact', () => {
    it('stores the inquiry and answers 201 without a token', async () => {
      const body = inquiry('stored', { name: 'Ada Lovelace', message: 'I would like to invest.' });
      const res = await submit(body);
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ message: 'Submission successful!' });
      const rows = await storedFor(body.email);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ name: 'Ada Lovelace', email: body.email, phone: '2125550123', message: 'I would like to invest.' });
    });

    it('accepts an empty phone and stores it as empty', async () => {
      const body = inquiry('no-phone', { phone: '' });
      const res = await submit(body);
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ message: 'Submission successful!' });
      const rows = await storedFor(body.email);
      expect(rows.map((r) => r.phone)).toEqual(['']);
    });

    it.each([
      ['9 digits', '212555012'],
      ['11 digits', '21255501234'],
      ['non-digits', '212-555-012'],
      ['letters', 'abcdefghij'],
    ])('rejects a phone of %s and stores nothing', async (_label, phone) => {
      const body = inquiry('bad-phone', { phone });
      const res = await submit(body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: PHONE_MESSAGE });
      expect(await storedFor(body.email)).toEqual([]);
    });

    it.each([
      ['a missing name', { name: undefined }, 'Name is required.'],
      ['a blank name', { name: '   ' }, 'Name is required.'],
      ['a malformed email', { email: 'not-an-email' }, 'Please enter a valid email address.'],
      ['a missing message', { message: undefined }, 'Message is required.'],
      ['a blank message', { message: '  ' }, 'Message is required.'],
    ])('rejects %s with its message and stores nothing', async (_label, change, error) => {
      const before = await storedCount();
      const res = await submit(inquiry('invalid', change));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error });
      expect(await storedCount()).toBe(before);
    });

    it('accepts a message of 5000 characters and rejects one of 5001', async () => {
      const longest = inquiry('long-ok', { message: 'x'.repeat(5000) });
      expect((await submit(longest)).statusCode).toBe(201);
      expect((await storedFor(longest.email))[0]?.message).toHaveLength(5000);

      const tooLong = inquiry('too-long', { message: 'x'.repeat(5001) });
      const res = await submit(tooLong);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'Message must be at most 5000 characters.' });
      expect(await storedFor(tooLong.email)).toEqual([]);
    });

    it('limits one address to 5 inquiries an hour while others still get through', async () => {
      const ip = '198.51.100.23';
      for (let i = 1; i <= 5; i++) {
        const res = await submit(inquiry(`limited-${i}`), ip);
        expect(res.statusCode).toBe(201);
      }
      const sixth = inquiry('limited-6');
      const blocked = await submit(sixth, ip);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({ error: 'Too many inquiries from your network. Please try again in an hour.' });
      expect(await storedFor(sixth.email)).toEqual([]);

      // Without TRUST_PROXY a forged X-Forwarded-For does not reset the count.
      const forged = await h.inject({
        method: 'POST',
        url: '/api/contact',
        payload: inquiry('limited-forged'),
        remoteAddress: ip,
        headers: { 'x-forwarded-for': '192.0.2.99' },
      });
      expect(forged.statusCode).toBe(429);

      const other = inquiry('other-ip');
      const fromElsewhere = await submit(other, '198.51.100.24');
      expect(fromElsewhere.statusCode).toBe(201);
      expect(await storedFor(other.email)).toHaveLength(1);

      // An hour later the first address may write again.
      h.clock.advance(61 * 60_000);
      expect((await submit(inquiry('limited-later'), ip)).statusCode).toBe(201);
    });
  });

  describe('GET /api/contact', () => {
    it('lists submissions to a GP, newest first, with the documented fields', async () => {
      const older = inquiry('list-older', { phone: '' });
      const newer = inquiry('list-newer');
      expect((await submit(older)).statusCode).toBe(201);
      expect((await submit(newer)).statusCode).toBe(201);

      const res = await h.inject({ method: 'GET', url: '/api/contact', headers: { ...bearer(gpToken), accept: 'application/json' } });
      expect(res.statusCode).toBe(200);
      const list = res.json<Submission[]>();
      const stored = await h.database.db.select().from(contactSubmissions);
      expect(list).toHaveLength(stored.length);

      for (const item of list) {
        expect(Object.keys(item).sort()).toEqual(['created_at', 'email', 'handled_at', 'id', 'message', 'name', 'phone']);
      }
      const times = list.map((s) => Date.parse(s.created_at));
      expect(times.every((t) => !Number.isNaN(t))).toBe(true);
      expect([...times].sort((a, b) => b - a)).toEqual(times);

      const newerAt = list.findIndex((s) => s.email === newer.email);
      const olderAt = list.findIndex((s) => s.email === older.email);
      expect(newerAt).toBeGreaterThanOrEqual(0);
      expect(newerAt).toBeLessThan(olderAt);
      expect(list[olderAt]).toEqual({
        id: expect.any(Number),
        name: older.name,
        email: older.email,
        phone: '',
        message: older.message,
        created_at: expect.any(String),
        handled_at: null,
      });
    });

    it('refuses an LP with 403', async () => {
      const res = await h.inject({ method: 'GET', url: '/api/contact', headers: bearer(lpToken) });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: 'Only general partners can do that.' });
    });

    it('refuses a request without a token with 401', async () => {
      const res = await h.inject({ method: 'GET', url: '/api/contact', headers: { accept: 'application/json' } });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'Please log in.' });
    });
  });
});
