import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, passkeys, users } from '../src/db/schema';
import { STEP_UP_NEEDED, TOO_MANY_CODES } from '../src/services/second-factor/factors';
import { PASSKEY_FAILED } from '../src/services/second-factor/passkeys';
import { ConfigError, loadConfig } from '../src/config';
import { databaseKinds } from './support/databases';
import { bearer, createHarness, freshIp, type Harness } from './support/harness';
import { SoftAuthenticator } from './support/soft-authenticator';

const PASSWORD = 'Passw0rd!';

/**
 * Passkeys (docs/decisions/0015 "Passkeys") through the REST paths, with a software authenticator
 * whose attestation and assertions the server verifies as it would a real one's.
 */
describe.each(databaseKinds)('passkeys on %s', (kind) => {
  let h: Harness;

  beforeAll(async () => {
    h = await createHarness(kind);
  });
  afterAll(() => h?.close());

  const post = (url: string, payload?: object, token?: string, ip = freshIp()) =>
    h.app.inject({ method: 'POST', url, remoteAddress: ip, ...(payload ? { payload } : {}), ...(token ? { headers: bearer(token) } : {}) });
  const get = (url: string, token: string) => h.app.inject({ method: 'GET', url, remoteAddress: freshIp(), headers: bearer(token) });

  /** A user with one passkey registered from the profile: their token and the authenticator. */
  async function withPasskey(email: string, role: 'GP' | 'LP' = 'GP') {
    await h.createUser({ email, role });
    const token = await h.login(email, PASSWORD);
    const start = await post('/api/users/passkeys/options', undefined, token);
    expect(start.statusCode).toBe(200);
    const options = start.json().options as { challenge: string; rp: { id: string } };
    expect(options.rp.id).toBe(h.deps.webauthn.rpId);
    const key = new SoftAuthenticator(h.deps.webauthn.rpId, h.deps.webauthn.origin);
    const done = await post('/api/users/passkeys', { name: 'MacBook Touch ID', response: key.register(options) }, token);
    expect(done.statusCode).toBe(201);
    return { token, key };
  }

  /** Password, then the challenge answer. */
  async function firstStep(email: string) {
    const res = await post('/api/users/login', { email, password: PASSWORD });
    expect(res.statusCode).toBe(200);
    return res.json() as { challenge: string; methods: string[] };
  }

  it('stores a verified registration, lists it, and makes it a second factor', async () => {
    const { token, key } = await withPasskey('add@passkey.test');
    const [user] = await h.database.db.select().from(users).where(eq(users.email, 'add@passkey.test'));
    expect(user?.secondFactor).toBe(true);
    const rows = await h.database.db.select().from(passkeys).where(eq(passkeys.userId, user!.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ credentialId: key.id, name: 'MacBook Touch ID', counter: 0, transports: 'internal' });
    const list = await get('/api/users/passkeys', token);
    expect(list.json().passkeys).toEqual([expect.objectContaining({ name: 'MacBook Touch ID', last_used_at: null })]);
    expect(h.mails.some((m) => m.to === 'add@passkey.test' && m.subject === 'A passkey was added')).toBe(true);
  });

  it('refuses a registration answering a challenge it was not given', async () => {
    await h.createUser({ email: 'forged@passkey.test', role: 'LP' });
    const token = await h.login('forged@passkey.test', PASSWORD);
    const key = new SoftAuthenticator(h.deps.webauthn.rpId, h.deps.webauthn.origin);
    const res = await post('/api/users/passkeys', { name: 'Forged', response: key.register({ challenge: 'bm90LWdpdmVu' }) }, token);
    expect(res.statusCode).toBe(400);
    expect(await h.database.db.select().from(passkeys)).not.toContainEqual(expect.objectContaining({ name: 'Forged' }));
  });

  it('signs in with password and passkey: options, a verified assertion, {token, role}, the counter moved', async () => {
    const { key } = await withPasskey('signin@passkey.test');
    const challenge = await firstStep('signin@passkey.test');
    expect(challenge.methods).toEqual(['passkey']);
    const opts = await post('/api/users/login/passkey/options', { challenge: challenge.challenge });
    expect(opts.statusCode).toBe(200);
    const options = opts.json().options as { challenge: string; allowCredentials: { id: string }[] };
    expect(options.allowCredentials.map((c) => c.id)).toEqual([key.id]);
    const res = await post('/api/users/login/passkey', { challenge: challenge.challenge, response: key.assert(options) });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(['role', 'token']);
    expect(res.json().role).toBe('GP');
    const [row] = await h.database.db.select().from(passkeys).where(eq(passkeys.credentialId, key.id));
    expect(row?.counter).toBe(1);
    expect(row?.lastUsedAt).not.toBeNull();
    // The challenge is used up.
    const again = await post('/api/users/login/passkey/options', { challenge: challenge.challenge });
    expect(again.statusCode).toBe(401);
  });

  it('refuses a bad assertion with 401, counts it like a wrong code, logs and audits it', async () => {
    const { key } = await withPasskey('bad@passkey.test');
    const [user] = await h.database.db.select().from(users).where(eq(users.email, 'bad@passkey.test'));
    const challenge = await firstStep('bad@passkey.test');
    const ip = freshIp();
    for (let i = 0; i < 5; i++) {
      const opts = await post('/api/users/login/passkey/options', { challenge: challenge.challenge }, undefined, ip);
      const res = await post(
        '/api/users/login/passkey',
        { challenge: challenge.challenge, response: key.assert(opts.json().options, 'https://evil.example') },
        undefined,
        ip,
      );
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: PASSKEY_FAILED });
    }
    const opts = await post('/api/users/login/passkey/options', { challenge: challenge.challenge }, undefined, ip);
    const sixth = await post(
      '/api/users/login/passkey',
      { challenge: challenge.challenge, response: key.assert(opts.json().options) },
      undefined,
      ip,
    );
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual({ error: TOO_MANY_CODES });
    const audit = await h.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.entityId, String(user!.id)));
    expect(audit.filter((e) => e.action === 'second_factor.failed')).toHaveLength(5);
    expect(audit.some((e) => e.action === 'second_factor.limited')).toBe(true);
  });

  it('keeps passkeys to their owner: an LP sees only their own and cannot remove another', async () => {
    const gp = await withPasskey('owner@passkey.test');
    await h.createUser({ email: 'reader@passkey.test', role: 'LP' });
    const lp = await h.login('reader@passkey.test', PASSWORD);
    expect((await get('/api/users/passkeys', lp)).json()).toEqual({ passkeys: [] });
    const [row] = await h.database.db.select().from(passkeys).where(eq(passkeys.credentialId, gp.key.id));
    const res = await h.app.inject({
      method: 'DELETE',
      url: `/api/users/passkeys/${row!.id}`,
      remoteAddress: freshIp(),
      headers: bearer(lp),
    });
    expect(res.statusCode).toBe(404);
    expect(await h.database.db.select().from(passkeys).where(eq(passkeys.id, row!.id))).toHaveLength(1);
    expect((await get('/api/users/passkeys', lp)).statusCode).toBe(200);
    expect((await h.app.inject({ method: 'GET', url: '/api/users/passkeys', remoteAddress: freshIp() })).statusCode).toBe(401);
  });

  it('removes a passkey only after step-up, which a passkey assertion gives', async () => {
    const { key } = await withPasskey('remove@passkey.test', 'LP');
    const challenge = await firstStep('remove@passkey.test');
    const opts = await post('/api/users/login/passkey/options', { challenge: challenge.challenge });
    const signedIn = await post('/api/users/login/passkey', { challenge: challenge.challenge, response: key.assert(opts.json().options) });
    const token = signedIn.json().token as string;
    const [row] = await h.database.db.select().from(passkeys).where(eq(passkeys.credentialId, key.id));
    h.clock.advance(11 * 60_000);
    const del = () =>
      h.app.inject({ method: 'DELETE', url: `/api/users/passkeys/${row!.id}`, remoteAddress: freshIp(), headers: bearer(token) });
    const refused = await del();
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: STEP_UP_NEEDED, stepUp: true });
    const stepOpts = await post('/api/users/step-up/passkey/options', undefined, token);
    expect(stepOpts.statusCode).toBe(200);
    const stepped = await post('/api/users/step-up/passkey', { response: key.assert(stepOpts.json().options) }, token);
    expect(stepped.statusCode).toBe(200);
    const removed = await del();
    expect(removed.statusCode).toBe(200);
    const [user] = await h.database.db.select().from(users).where(eq(users.email, 'remove@passkey.test'));
    expect(user?.secondFactor).toBe(false);
    // Without a second factor left, the password alone signs in again.
    const plain = await post('/api/users/login', { email: 'remove@passkey.test', password: PASSWORD });
    expect(Object.keys(plain.json()).sort()).toEqual(['role', 'token']);
  });
});

describe('passkey settings', () => {
  it('default to the app origin and its host, and refuse an id that is not that host', () => {
    expect(loadConfig({ WEB_ORIGIN: 'https://portal.example.com' }).webauthn).toEqual({
      rpId: 'portal.example.com',
      origin: 'https://portal.example.com',
    });
    expect(loadConfig({ WEB_ORIGIN: 'https://portal.example.com', WEBAUTHN_RP_ID: 'example.com' }).webauthn.rpId).toBe('example.com');
    expect(() => loadConfig({ WEB_ORIGIN: 'https://portal.example.com', WEBAUTHN_RP_ID: 'other.com' })).toThrow(ConfigError);
    expect(() => loadConfig({ WEBAUTHN_RP_ID: 'https://x.com/' })).toThrow(/WEBAUTHN_RP_ID must be a host name/);
  });
});
