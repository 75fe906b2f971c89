import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exactInputInUrl } from '../src/http/exact-json';
import { databaseKinds } from './support/databases';
import { bearer, createHarness, type Harness } from './support/harness';

/**
 * Input the rules must see exactly as sent: JSON numbers a double would round, and characters that
 * hide or reorder what a name shows.
 */

const DIRECTION = 'cannot contain characters that change the direction of text (bidirectional overrides or isolates).';

describe.each(databaseKinds)('input at the edge on %s', (kind) => {
  let h: Harness;
  let gp: string;

  beforeAll(async () => {
    h = await createHarness(kind);
    ({ gp } = await h.partners(`edges-${kind}`));
  });
  afterAll(async () => {
    await h.close();
  });

  const putBalances = (body: string) =>
    h.inject({ method: 'PUT', url: '/api/account-balance', headers: { ...bearer(gp), 'content-type': 'application/json' }, payload: body });
  const trpcBalances = (body: string) =>
    h.inject({
      method: 'POST',
      url: '/trpc/portfolio.balances.save',
      headers: { ...bearer(gp), 'content-type': 'application/json' },
      payload: body,
    });
  const balances = (cash: string) => `{"cash_available": ${cash}, "margin_debit": 0, "accounts_receivable": 0}`;

  describe('JSON numbers a double would round', () => {
    it('refuses 17 decimals sent as a number as it refuses them sent as text (REST)', async () => {
      const asText = await putBalances(balances('"100.00000000000000001"'));
      const asNumber = await putBalances(balances('100.00000000000000001'));
      expect(asText.statusCode).toBe(400);
      expect(asNumber.statusCode).toBe(400);
      expect(asNumber.json()).toEqual(asText.json());
      expect(asNumber.json()).toEqual({ error: 'Cash Available can have at most 2 decimal places.' });
    });

    it('refuses them over tRPC too, and a number too large for a double', async () => {
      const rounded = await trpcBalances(balances('100.00000000000000001'));
      expect(rounded.statusCode).toBe(400);
      expect(rounded.json()).toMatchObject({ error: { message: 'Cash Available can have at most 2 decimal places.' } });
      const huge = await trpcBalances(balances('1e400'));
      expect(huge.statusCode).toBe(400);
      expect(huge.json()).toMatchObject({ error: { message: 'Cash Available must be a number.' } });
    });

    it('still takes every number a double holds exactly, with an exponent or 16 digits', async () => {
      const res = await putBalances('{"cash_available": 1234567890.12, "margin_debit": 1e3, "accounts_receivable": 0.1}');
      expect(res.statusCode).toBe(200);
      const stored = await h.inject({ method: 'GET', url: '/api/account-balance', headers: bearer(gp) });
      expect(stored.json()).toMatchObject({ cash_available: 1234567890.12, margin_debit: 1000, accounts_receivable: 0.1 });
    });

    it("keeps a tRPC query's rounded number as text in its URL, and leaves other URLs as they are", () => {
      const url = `/trpc/x?batch=1&input=${encodeURIComponent('{"0":{"amount":100.00000000000000001}}')}`;
      expect(decodeURIComponent(new URL(exactInputInUrl(url), 'http://h').searchParams.get('input') ?? '')).toBe(
        '{"0":{"amount":"100.00000000000000001"}}',
      );
      const exact = `/trpc/x?input=${encodeURIComponent('{"amount":1234567890.12}')}`;
      expect(exactInputInUrl(exact)).toBe(exact);
    });
  });

  describe('characters that hide or reorder a name', () => {
    const contact = (name: string) =>
      h.inject({ method: 'POST', url: '/api/contact', payload: { name, email: 'ann@example.com', message: 'Hello' } });

    it.each([
      ['a right-to-left override', 'Ann \u202egnp.exe'],
      ['a left-to-right embedding', 'Ann \u202aLee'],
      ['a first-strong isolate', 'Ann \u2068Lee\u2069'],
    ])('refuses %s in a name', async (_what, name) => {
      const res = await contact(name);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: `Name ${DIRECTION}` });
    });

    it.each([
      ['next line (U+0085)', 'Ann\u0085Lee'],
      ['a C1 control (U+009B)', 'Ann\u009b31m'],
      ['DEL', 'Ann\u007f'],
    ])('refuses %s in a name as a control character', async (_what, name) => {
      const res = await contact(name);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'Name cannot contain control characters.' });
    });

    it('refuses them in profile names over REST and tRPC alike', async () => {
      const rest = await h.inject({
        method: 'PUT',
        url: '/api/users/profile',
        headers: bearer(gp),
        payload: { first_name: 'G\u202eail', last_name: 'Partner', email: `gp-edges-${kind}@test.dev` },
      });
      expect(rest.statusCode).toBe(400);
      expect(rest.json()).toEqual({ error: `First name ${DIRECTION}` });
      const trpc = await h.inject({
        method: 'POST',
        url: '/trpc/auth.profile.update',
        headers: bearer(gp),
        payload: { first_name: 'Gail', last_name: 'Part\u0085ner', email: `gp-edges-${kind}@test.dev` },
      });
      expect(trpc.statusCode).toBe(400);
      expect(trpc.json()).toMatchObject({ error: { message: 'Last name cannot contain control characters.' } });
    });

    it('keeps right-to-left names and their direction marks', async () => {
      expect((await contact('\u05d3\u05e0\u05d4 \u05dc\u05d5\u05d9\u200f')).statusCode).toBe(201);
      expect((await contact('\u0633\u0627\u0631\u0629\u061c')).statusCode).toBe(201);
    });

    it('still signs in with a password that holds such characters (passwords are compared as sent)', async () => {
      const email = `odd-password-${kind}@test.dev`;
      const password = 'Passw0rd!\u202e\u0085';
      await h.createUser({ email, password, role: 'LP' });
      const res = await h.inject({ method: 'POST', url: '/api/users/login', payload: { email, password } });
      expect(res.statusCode).toBe(200);
    });
  });
});
