import { eq } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, recoveryCodes, totpFactors, users } from '../src/db/schema';
import { INVALID_CODE, STEP_UP_NEEDED, TOO_MANY_CODES } from '../src/services/second-factor/factors';
import { SIGN_IN_EXPIRED } from '../src/services/second-factor/challenges';
import { ConfigError, loadConfig } from '../src/config';
import { createSecretBox, secondFactorKeyMaterial } from '../src/services/second-factor/secret-box';
import { databaseKinds } from './support/databases';
import { bearer, createHarness, freshIp, type Harness } from './support/harness';

const PASSWORD = 'Passw0rd!';
const STEP_MS = 30_000;

/**
 * Two-factor sign-in (docs/decisions/0015) and step-up (docs/decisions/0016), through the REST
 * paths as a client sees them. TOTP codes are computed here from the secret the set-up shows, at
 * the harness's clock, which the tests move on by a 30-second step whenever a new code is needed
 * (a code is accepted once).
 */
describe.each(databaseKinds)('second factors on %s', (kind) => {
  let a: Harness;
  let b: Harness;

  beforeAll(async () => {
    a = await createHarness(kind);
    // A second instance on the same database: limits and ended sessions hold across instances.
    b = await createHarness(kind, { database: a.database, clock: a.clock });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  const post = (h: Harness, url: string, payload?: object, token?: string, ip = freshIp()) =>
    h.app.inject({ method: 'POST', url, remoteAddress: ip, ...(payload ? { payload } : {}), ...(token ? { headers: bearer(token) } : {}) });

  /** A code of the secret at the harness's clock, after moving the clock on to a step of its own. */
  function codeOf(secret: string): string {
    a.clock.advance(STEP_MS);
    return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
      timestamp: a.clock.now().getTime(),
    });
  }

  /** A user with TOTP on: their password session's token, the secret and the recovery codes. */
  async function enrolled(email: string, role: 'GP' | 'LP' = 'GP') {
    await a.createUser({ email, role });
    const token = await a.login(email, PASSWORD);
    const start = await a.caller(token).auth.secondFactor.startTotp();
    expect(start.qrCode).toMatch(/^data:image\/png;base64,/);
    expect(start.uri).toContain(`secret=${start.secret}`);
    const { recoveryCodes: codes } = await a.caller(token).auth.secondFactor.confirmTotp({ code: codeOf(start.secret) });
    return { token, secret: start.secret, codes };
  }

  it('keeps the answer of users without a factor exactly {token, role}', async () => {
    await a.createUser({ email: 'plain@2fa.test', role: 'LP' });
    const res = await post(a, '/api/users/login', { email: 'plain@2fa.test', password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(['role', 'token']);
  });

  it('enrols with a first code, stores the secret sealed and the recovery codes hashed, and mails the user', async () => {
    const { secret, codes } = await enrolled('enrol@2fa.test');
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const [user] = await a.database.db.select().from(users).where(eq(users.email, 'enrol@2fa.test'));
    expect(user?.secondFactor).toBe(true);
    const [factor] = await a.database.db.select().from(totpFactors).where(eq(totpFactors.userId, user!.id));
    expect(factor?.secret).not.toContain(secret);
    expect(factor?.confirmedAt).not.toBeNull();
    const stored = await a.database.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user!.id));
    expect(stored).toHaveLength(10);
    for (const code of codes) expect(stored.map((r) => r.codeHash).join()).not.toContain(code.replace(/-/g, ''));
    expect(a.mails.some((m) => m.to === 'enrol@2fa.test' && m.subject === 'Two-factor sign-in was turned on')).toBe(true);
  });

  it('answers a challenge instead of a token, and the right code gives {token, role}', async () => {
    const { secret } = await enrolled('challenge@2fa.test');
    const first = await post(a, '/api/users/login', { email: 'challenge@2fa.test', password: PASSWORD });
    expect(first.statusCode).toBe(200);
    const answer = first.json() as { secondFactor: string; challenge: string; methods: string[]; token?: string };
    expect(answer).toMatchObject({ secondFactor: 'required', methods: ['totp', 'recovery'] });
    expect(answer.token).toBeUndefined();

    const wrong = await post(a, '/api/users/login/second-factor', { challenge: answer.challenge, code: '000000' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: INVALID_CODE });

    // On the other instance: the challenge lives in the database.
    const right = await post(b, '/api/users/login/second-factor', { challenge: answer.challenge, code: codeOf(secret) });
    expect(right.statusCode).toBe(200);
    const session = right.json() as { token: string; role: string };
    expect(session.role).toBe('GP');
    // The first sign-in from this address and browser is mailed to the user.
    await b.deps.background.idle();
    expect(b.mails.filter((m) => m.to === 'challenge@2fa.test' && m.subject === 'New sign-in to your partner portal account')).toHaveLength(
      1,
    );
    expect((await a.inject({ method: 'GET', url: '/api/users/profile/details', headers: bearer(session.token) })).statusCode).toBe(200);

    // The challenge is used up.
    const again = await post(a, '/api/users/login/second-factor', { challenge: answer.challenge, code: codeOf(secret) });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ error: SIGN_IN_EXPIRED });

    const failures = await a.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'second_factor.failed'));
    expect(failures.some((e) => e.actorEmail === 'challenge@2fa.test')).toBe(true);
  });

  it('refuses a code a second time (replay)', async () => {
    const { secret } = await enrolled('replay@2fa.test');
    const code = codeOf(secret);
    const challengeOf = async () =>
      ((await post(a, '/api/users/login', { email: 'replay@2fa.test', password: PASSWORD })).json() as { challenge: string }).challenge;
    expect((await post(a, '/api/users/login/second-factor', { challenge: await challengeOf(), code })).statusCode).toBe(200);
    expect((await post(a, '/api/users/login/second-factor', { challenge: await challengeOf(), code })).statusCode).toBe(401);
  });

  it('limits wrong codes per user across instances: the sixth is 429, even with the right code', async () => {
    const { secret } = await enrolled('limited@2fa.test');
    const { challenge } = (await post(a, '/api/users/login', { email: 'limited@2fa.test', password: PASSWORD })).json() as {
      challenge: string;
    };
    for (let i = 0; i < 5; i++) {
      const res = await post(i % 2 ? a : b, '/api/users/login/second-factor', { challenge, code: '111111' });
      expect(res.statusCode).toBe(401);
    }
    const sixth = await post(b, '/api/users/login/second-factor', { challenge, code: codeOf(secret) });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual({ error: TOO_MANY_CODES });
  });

  it('signs in with a recovery code once', async () => {
    const { codes } = await enrolled('recovery@2fa.test', 'LP');
    const challengeOf = async () =>
      ((await post(a, '/api/users/login', { email: 'recovery@2fa.test', password: PASSWORD })).json() as { challenge: string }).challenge;
    const code = codes[3]!;
    const ok = await post(a, '/api/users/login/second-factor', { challenge: await challengeOf(), code: code.toLowerCase() });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ role: 'LP' });
    const reused = await post(a, '/api/users/login/second-factor', { challenge: await challengeOf(), code });
    expect(reused.statusCode).toBe(401);
    const used = await a.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'second_factor.recovery_code_used'));
    expect(used.some((e) => e.actorEmail === 'recovery@2fa.test')).toBe(true);
  });

  it('asks for a recent second factor before a guarded change (403 stepUp), then lets it through', async () => {
    const { secret } = await enrolled('stepup@2fa.test');
    await a.createUser({ email: 'doomed@2fa.test', role: 'LP' });
    const [doomed] = await a.database.db.select().from(users).where(eq(users.email, 'doomed@2fa.test'));
    const { challenge } = (await post(a, '/api/users/login', { email: 'stepup@2fa.test', password: PASSWORD })).json() as {
      challenge: string;
    };
    const { token } = (await post(a, '/api/users/login/second-factor', { challenge, code: codeOf(secret) })).json() as { token: string };
    // Signed in with a code just now: guarded changes go through for 10 minutes; past that they need a code.
    a.clock.advance(11 * 60_000);
    const remove = () => a.inject({ method: 'DELETE', url: `/api/users/userinfo/${doomed!.id}`, headers: bearer(token) });
    const refused = await remove();
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: STEP_UP_NEEDED, stepUp: true });
    const wrong = await post(a, '/api/users/step-up', { code: '000000' }, token);
    expect(wrong.statusCode).toBe(400);
    expect((await post(a, '/api/users/step-up', { code: codeOf(secret) }, token)).statusCode).toBe(200);
    expect((await remove()).statusCode).toBe(200);
  });

  it('tells the flag over tRPC too', async () => {
    const { token } = await enrolled('trpc-flag@2fa.test');
    a.clock.advance(11 * 60_000);
    const res = await a.app.inject({
      method: 'POST',
      url: '/trpc/admin.invites.create',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: { role: 'GP' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: { message: STEP_UP_NEEDED, data: { stepUp: true, httpStatus: 403 } } });
  });

  it('turns the factor off only with a current code', async () => {
    const { token, secret } = await enrolled('off@2fa.test', 'LP');
    expect((await post(a, '/api/users/second-factor/totp/disable', { code: '123456' }, token)).statusCode).toBe(400);
    const off = await post(a, '/api/users/second-factor/totp/disable', { code: codeOf(secret) }, token);
    expect(off.statusCode).toBe(200);
    const res = await post(a, '/api/users/login', { email: 'off@2fa.test', password: PASSWORD });
    expect(Object.keys(res.json()).sort()).toEqual(['role', 'token']);
    expect(a.mails.some((m) => m.to === 'off@2fa.test' && m.subject === 'Two-factor sign-in was turned off')).toBe(true);
  });
});

describe.each(databaseKinds)('sessions on %s', (kind) => {
  let a: Harness;
  let b: Harness;

  beforeAll(async () => {
    a = await createHarness(kind);
    b = await createHarness(kind, { database: a.database, clock: a.clock });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  const profile = (h: Harness, token: string) => h.inject({ method: 'GET', url: '/api/users/profile/details', headers: bearer(token) });

  it('lists the sessions with this device marked, and ending one makes its token 401 on both instances at once', async () => {
    await a.createUser({ email: 'many@sessions.test', role: 'LP' });
    const here = await a.login('many@sessions.test', PASSWORD);
    const there = await a.login('many@sessions.test', PASSWORD);
    // Both instances have checked (and keep) the other session.
    expect((await profile(a, there)).statusCode).toBe(200);
    expect((await profile(b, there)).statusCode).toBe(200);

    const list = await a.inject({
      method: 'GET',
      url: '/api/users/sessions',
      headers: { ...bearer(here), 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0' },
    });
    expect(list.statusCode).toBe(200);
    const { sessions } = list.json() as { sessions: { id: string; current: boolean; browser: string; ip: string }[] };
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    const other = sessions.find((s) => !s.current)!;

    const end = await a.inject({ method: 'DELETE', url: `/api/users/sessions/${other.id}`, headers: bearer(here) });
    expect(end.statusCode).toBe(200);
    expect((await profile(a, there)).statusCode).toBe(401);
    expect((await profile(b, there)).statusCode).toBe(401);
    expect((await profile(a, here)).statusCode).toBe(200);

    // Someone else's session is not theirs to end.
    await a.createUser({ email: 'stranger@sessions.test', role: 'LP' });
    const stranger = await a.login('stranger@sessions.test', PASSWORD);
    const mine = (await a.caller(stranger).auth.sessions.list()).sessions[0]!;
    expect((await a.inject({ method: 'DELETE', url: `/api/users/sessions/${mine.id}`, headers: bearer(here) })).statusCode).toBe(404);
    expect((await profile(a, stranger)).statusCode).toBe(200);
  });

  it('signs out everywhere else, and a GP ends every session of another user', async () => {
    await a.createUser({ email: 'roam@sessions.test', role: 'LP' });
    const keep = await a.login('roam@sessions.test', PASSWORD);
    const others = [await a.login('roam@sessions.test', PASSWORD), await a.login('roam@sessions.test', PASSWORD)];
    const res = await a.inject({ method: 'POST', url: '/api/users/sessions/end-others', headers: bearer(keep) });
    expect(res.json()).toEqual({ message: 'Signed out of 2 other sessions.' });
    for (const t of others) expect((await profile(b, t)).statusCode).toBe(401);
    expect((await profile(b, keep)).statusCode).toBe(200);

    await a.createUser({ email: 'gp@sessions.test', role: 'GP' });
    const gp = await a.login('gp@sessions.test', PASSWORD);
    const [lp] = await a.database.db.select().from(users).where(eq(users.email, 'roam@sessions.test'));
    expect((await a.inject({ method: 'POST', url: `/api/users/userinfo/${lp!.id}/end-sessions`, headers: bearer(keep) })).statusCode).toBe(
      403,
    );
    const ended = await a.inject({ method: 'POST', url: `/api/users/userinfo/${lp!.id}/end-sessions`, headers: bearer(gp) });
    expect(ended.json()).toEqual({ message: 'Ended 1 session.' });
    expect((await profile(b, keep)).statusCode).toBe(401);
  });
});

describe('the GP policy (REQUIRE_GP_SECOND_FACTOR=1)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness('pglite', { env: { REQUIRE_GP_SECOND_FACTOR: '1' } });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('sends a GP without a factor to enrolment and refuses everything else until done; LPs are not held', async () => {
    await h.createUser({ email: 'gp@policy.test', role: 'GP' });
    await h.createUser({ email: 'lp@policy.test', role: 'LP' });
    const res = await h.inject({ method: 'POST', url: '/api/users/login', payload: { email: 'gp@policy.test', password: PASSWORD } });
    const { token, secondFactorSetup } = res.json() as { token: string; secondFactorSetup: string };
    expect(secondFactorSetup).toBe('required');
    const blocked = await h.inject({ method: 'GET', url: '/api/holdings', headers: bearer(token) });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toMatchObject({ enrolSecondFactor: true });
    expect((await h.inject({ method: 'GET', url: '/api/users/profile/details', headers: bearer(token) })).statusCode).toBe(200);

    const lp = await h.login('lp@policy.test', PASSWORD);
    expect((await h.inject({ method: 'GET', url: '/api/holdings', headers: bearer(lp) })).statusCode).toBe(200);

    const start = await h.caller(token).auth.secondFactor.startTotp();
    h.clock.advance(STEP_MS);
    const code = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(start.secret) }).generate({ timestamp: h.clock.now().getTime() });
    await h.caller(token).auth.secondFactor.confirmTotp({ code });
    expect((await h.inject({ method: 'GET', url: '/api/holdings', headers: bearer(token) })).statusCode).toBe(200);
    // A GP under the policy keeps the factor.
    await expect(h.caller(token).auth.secondFactor.disableTotp({ code: '000000' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});

describe('the second-factor settings and key', () => {
  it('requires a second factor of GPs by default with DATABASE_URL only, and REQUIRE_GP_SECOND_FACTOR decides when set', () => {
    const url = 'postgres://u@db/portal';
    expect(loadConfig({}).requireGpSecondFactor).toBe(false);
    expect(loadConfig({ DATABASE_URL: url }).requireGpSecondFactor).toBe(true);
    expect(loadConfig({ DATABASE_URL: url, REQUIRE_GP_SECOND_FACTOR: '0' }).requireGpSecondFactor).toBe(false);
    expect(loadConfig({ REQUIRE_GP_SECOND_FACTOR: '1' }).requireGpSecondFactor).toBe(true);
    expect(() => loadConfig({ REQUIRE_GP_SECOND_FACTOR: 'yes' })).toThrow(ConfigError);
    expect(() => loadConfig({ SECOND_FACTOR_KEY: 'short' })).toThrow('SECOND_FACTOR_KEY must be at least 32 bytes long');
  });

  it('seals a secret so that only the same key opens it, and keys the recovery-code hash', () => {
    const box = createSecretBox(secondFactorKeyMaterial(undefined, 'a-signing-secret-of-at-least-32-bytes!!'));
    const other = createSecretBox(
      secondFactorKeyMaterial('another-key-of-at-least-thirty-two-bytes', 'a-signing-secret-of-at-least-32-bytes!!'),
    );
    const sealed = box.seal('JBSWY3DPEHPK3PXP');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.seal('JBSWY3DPEHPK3PXP')).not.toBe(sealed);
    expect(box.open(sealed)).toBe('JBSWY3DPEHPK3PXP');
    expect(() => other.open(sealed)).toThrow();
    expect(box.mac('ABCD')).not.toBe(other.mac('ABCD'));
  });
});
