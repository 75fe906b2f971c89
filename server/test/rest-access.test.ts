import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { restRoutes } from '../src/rest/table';
import { createTokenService } from '../src/services/auth/tokens';
import { databaseKinds } from './support/databases';
import { TEST_JWT_SECRET, bearer, createHarness, type Harness } from './support/harness';

/** docs/product.md §7's calls that this part of the product serves; the table must hold each one. */
const PRODUCT_CALLS = [
  'GET /api/ping',
  'POST /api/users/login',
  'POST /api/users/google-login',
  'POST /api/users/request-password-reset',
  'POST /api/users/signup',
  'POST /api/users/google-signup',
  'POST /api/users/reset-password',
  'PUT /api/users/change-password',
  'GET /api/users/profile/details',
  'PUT /api/users/profile',
  'GET /api/users/userinfo',
  'DELETE /api/users/userinfo/:id',
  'POST /api/invites',
  'POST /api/contact',
  'GET /api/contact',
  'GET /api/market/summary',
  'GET /api/holdings',
  'POST /api/holdings',
  'DELETE /api/holdings/:id',
  'GET /api/illiquid-assets',
  'POST /api/illiquid-assets/save',
  'PUT /api/illiquid-assets/:id',
  'DELETE /api/illiquid-assets/:id',
  'GET /api/real-estate',
  'POST /api/real-estate/save',
  'PUT /api/real-estate/:id',
  'DELETE /api/real-estate/:id',
  'GET /api/account-balance',
  'PUT /api/account-balance',
  'GET /api/predictions',
  'POST /api/ai/prompt',
  'POST /api/ai/confirm',
];

/** The access decisions of docs/security.md, written out so the table cannot quietly loosen one. */
const EXPECTED_ACCESS: Record<string, 'public' | 'user' | 'gp'> = {
  'GET /api/ping': 'public',
  'POST /api/users/login': 'public',
  'POST /api/users/google-login': 'public',
  'POST /api/users/logout': 'user',
  'POST /api/users/request-password-reset': 'public',
  'POST /api/users/signup': 'public',
  'POST /api/users/google-signup': 'public',
  'POST /api/users/reset-password': 'public',
  'PUT /api/users/change-password': 'user',
  'GET /api/users/profile/details': 'user',
  'PUT /api/users/profile': 'user',
  'GET /api/users/profile/document-mail': 'user',
  'PUT /api/users/profile/document-mail': 'user',
  'GET /api/users/userinfo': 'gp',
  'DELETE /api/users/userinfo/:id': 'gp',
  'POST /api/invites': 'gp',
  'POST /api/contact': 'public',
  'GET /api/contact': 'gp',
  'GET /api/market/summary': 'user',
  'GET /api/holdings': 'user',
  'POST /api/holdings': 'gp',
  'DELETE /api/holdings/:id': 'gp',
  'GET /api/illiquid-assets': 'user',
  'POST /api/illiquid-assets/save': 'gp',
  'PUT /api/illiquid-assets/:id': 'gp',
  'DELETE /api/illiquid-assets/:id': 'gp',
  'GET /api/real-estate': 'user',
  'POST /api/real-estate/save': 'gp',
  'PUT /api/real-estate/:id': 'gp',
  'DELETE /api/real-estate/:id': 'gp',
  'GET /api/account-balance': 'user',
  'PUT /api/account-balance': 'gp',
  'GET /api/predictions': 'user',
  'POST /api/ai/prompt': 'gp',
  'POST /api/ai/confirm': 'gp',
  'GET /api/capital-account': 'user',
  'GET /api/capital-accounts': 'gp',
  'POST /api/capital-accounts/:userId/entries': 'gp',
  'DELETE /api/capital-accounts/entries/:id': 'gp',
  'GET /api/capital-account/statement.pdf': 'user',
  'GET /api/capital-account/statement.csv': 'user',
  'POST /api/reconciliations': 'gp',
  'GET /api/reconciliations': 'gp',
  'GET /api/reconciliations/:id': 'gp',
  'GET /api/invites/check': 'public',
  'GET /api/market/symbol-check': 'gp',
  'PUT /api/contact/:id/handled': 'gp',
  'DELETE /api/contact/:id': 'gp',
};

const key = (r: { method: string; path: string }) => `${r.method} ${r.path}`;

describe('the REST table', () => {
  it('serves every docs/product.md §7 call', () => {
    const served = restRoutes.map(key);
    for (const call of PRODUCT_CALLS) expect(served).toContain(call);
  });

  it('declares the access docs/security.md decides for each path', () => {
    expect(restRoutes.map(key).filter((k) => !EXPECTED_ACCESS[k] && k.includes('capital'))).toEqual([]);
    for (const r of restRoutes) {
      if (EXPECTED_ACCESS[key(r)]) expect(`${key(r)} ${r.access}`).toBe(`${key(r)} ${EXPECTED_ACCESS[key(r)]}`);
    }
  });
});

describe.each(databaseKinds)('REST access on %s', (kind) => {
  let h: Harness;
  const tokens: Record<string, string | null> = {};

  beforeAll(async () => {
    h = await createHarness(kind);
    await h.createUser({ email: 'gp-access@test.dev', password: 'Passw0rd!', role: 'GP' });
    const lpId = await h.createUser({ email: 'lp-access@test.dev', password: 'Passw0rd!', role: 'LP' });
    tokens.none = null;
    tokens.GP = await h.login('gp-access@test.dev', 'Passw0rd!');
    tokens.LP = await h.login('lp-access@test.dev', 'Passw0rd!');
    // The LP's own session: these tokens fail for what the comment says, not for a missing session.
    const sid = (JSON.parse(Buffer.from(tokens.LP.split('.')[1] ?? '', 'base64url').toString()) as { sid: string }).sid;
    // Signed with our secret but already expired.
    tokens.expired = await new SignJWT({ role: 'LP', ver: 0, sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(lpId))
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    // Claims a GP role, signed with another secret.
    tokens.forged = await createTokenService('some-other-secret-of-at-least-32-bytes!').sign({
      userId: lpId,
      role: 'GP',
      tokenVersion: 0,
      sessionId: sid,
    });
    tokens.unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(
      JSON.stringify({ sub: String(lpId), role: 'GP', ver: 0, sid }),
    ).toString('base64url')}.`;
  });
  afterAll(() => h.close());

  /** docs/security.md: no or bad token 401; valid token with the wrong role 403; otherwise past the gate. */
  function expectedGate(access: 'public' | 'user' | 'gp', who: string): 401 | 403 | 'pass' {
    if (access === 'public') return 'pass';
    if (who === 'GP') return 'pass';
    if (who === 'LP') return access === 'gp' ? 403 : 'pass';
    return 401;
  }

  const whos = ['none', 'LP', 'GP', 'expired', 'forged', 'unsigned'];
  const cases = restRoutes.flatMap((r) => whos.map((who) => ({ r, who })));

  it.each(cases.map((c) => [`${c.r.method} ${c.r.path} as ${c.who}`, c] as const))('%s', async (_name, { r, who }) => {
    // Logging out ends the session it is called with: it gets a session of its own.
    const ownSession = r.procedure === 'auth.logout' && (who === 'GP' || who === 'LP');
    const token = ownSession ? await h.login(`${who.toLowerCase()}-access@test.dev`, 'Passw0rd!') : tokens[who];
    const res = await h.inject({
      method: r.method,
      url: r.path.replace(/:(id|userId)\b/, '999999'),
      headers: token ? bearer(token) : {},
      ...(r.input === 'body' || r.input === 'id+body' ? { payload: {} } : {}),
    });
    const gate = expectedGate(r.access, who);
    if (gate === 'pass') {
      expect([401, 403]).not.toContain(res.statusCode);
    } else {
      expect(res.statusCode).toBe(gate);
    }
    if (res.statusCode >= 400) {
      expect(res.json()).toEqual({ error: expect.any(String) });
    }
    expect(res.statusCode).toBeLessThan(500);
  });
});
