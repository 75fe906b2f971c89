import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { invites, users } from '../src/db/schema';
import { hashOptionsFor } from '../src/services/auth/passwords';
import { databaseKinds } from './support/databases';
import { WEB_ORIGIN, bearer, createHarness, freshIp, type Harness } from './support/harness';

/** docs/product.md §5 and the server's own messages, written out so a changed text fails here. */
const INVALID_LOGIN = 'Invalid email or password.';
const TOO_MANY_LOGINS = 'Too many failed login attempts. Please wait 15 minutes and try again.';
const LOGIN_SLOWED = 'Too many login attempts for this account. Please wait a minute and try again.';
const PASSWORD_RULE_MESSAGE =
  'Password must be 8–14 characters long and include at least one uppercase letter, one number, and one special character.';
const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';
const EMAIL_TAKEN = 'An account with this email already exists.';
const INVALID_INVITE = 'This invite link is invalid, expired or already used. Ask a general partner for a new one.';
/** argon2id with the cost in force: the tests' (vitest.config.ts), checked against production's below. */
const ARGON2ID_PREFIX = '$argon2id$v=19$m=1024,t=1,p=1$';

const PASSWORD = 'Passw0rd!';
const sha256Hex = (value: string) => createHash('sha256').update(value).digest('hex');
const HOUR = 3_600_000;

describe('password hashing cost', () => {
  it("is OWASP's minimum (19 MiB, 2 iterations, 1 lane) everywhere but inside the test runner when asked", () => {
    const owasp = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };
    expect(hashOptionsFor({ NODE_ENV: 'production' })).toMatchObject(owasp);
    expect(hashOptionsFor({ ARGON2_TEST_COST: 'low' })).toMatchObject(owasp);
    expect(hashOptionsFor({ VITEST: 'true' })).toMatchObject(owasp);
    expect(hashOptionsFor({ VITEST: 'true', ARGON2_TEST_COST: 'low' })).toMatchObject({ memoryCost: 1024, timeCost: 1 });
  });
});

describe.each(databaseKinds)('accounts on %s', (kind) => {
  let h: Harness;
  let gpId: number;
  let gpToken: string;
  let counter = 0;
  /** A new address for each use, so rate limits and rows of one test never touch another. */
  const uniqueEmail = (tag: string) => `${tag}-${++counter}@accounts-${kind}.test`;

  beforeAll(async () => {
    h = await createHarness(kind);
    gpId = await h.createUser({ email: 'gp-accounts@test.dev', password: PASSWORD, role: 'GP' });
    gpToken = await h.login('gp-accounts@test.dev', PASSWORD);
  });
  afterAll(() => h.close());

  const postLogin = (email: string, password: string) =>
    h.inject({ method: 'POST', url: '/api/users/login', payload: { email, password } });

  async function userRow(email: string) {
    const [row] = await h.database.db.select().from(users).where(eq(users.email, email));
    return row;
  }

  async function inviteRowByCode(code: string) {
    const [row] = await h.database.db
      .select()
      .from(invites)
      .where(eq(invites.codeHash, sha256Hex(code)));
    if (!row) throw new Error('no invite row for that code');
    return row;
  }

  /** Creates an invite as the GP through REST and answers the code carried by its link. */
  async function newInviteCode(role: 'GP' | 'LP'): Promise<string> {
    const res = await h.inject({
      method: 'POST',
      url: '/api/invites',
      headers: bearer(gpToken),
      payload: { validityHours: 24, role },
    });
    expect(res.statusCode).toBe(201);
    const { link } = res.json<{ link: string }>();
    const code = new URL(link).searchParams.get('invite');
    if (!code) throw new Error(`no invite code in ${link}`);
    return code;
  }

  interface SignupBody {
    firstName: string;
    lastName: string;
    email: string;
    password: string;
    confirmPassword: string;
    inviteCode: string;
    [extra: string]: unknown;
  }

  const signupBody = (inviteCode: string, overrides: Partial<SignupBody> = {}): SignupBody => ({
    firstName: 'Nora',
    lastName: 'Newcomer',
    email: uniqueEmail('signup'),
    password: 'Str0ng!Pass',
    confirmPassword: 'Str0ng!Pass',
    inviteCode,
    ...overrides,
  });

  const postSignup = (body: SignupBody): Promise<LightMyRequestResponse> =>
    h.inject({ method: 'POST', url: '/api/users/signup', payload: body });

  describe('login', () => {
    it.each(['GP', 'LP'] as const)('answers {token, role} for a %s and records last_login', async (role) => {
      const email = uniqueEmail(`login-${role.toLowerCase()}`);
      await h.createUser({ email, password: PASSWORD, role });
      expect((await userRow(email))?.lastLogin).toBeNull();

      const before = h.clock.now().getTime();
      const res = await postLogin(email, PASSWORD);
      const after = h.clock.now().getTime();

      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ token: expect.any(String), role });
      const lastLogin = (await userRow(email))?.lastLogin;
      expect(lastLogin).toBeInstanceOf(Date);
      expect(lastLogin?.getTime()).toBeGreaterThanOrEqual(before);
      expect(lastLogin?.getTime()).toBeLessThanOrEqual(after);

      // The token is a working session for that user.
      const { token } = res.json<{ token: string }>();
      const details = await h.inject({ method: 'GET', url: '/api/users/profile/details', headers: bearer(token) });
      expect(details.statusCode).toBe(200);
      expect(details.json<{ user: { email: string; role: string } }>().user).toMatchObject({ email, role });
    });

    it('answers 401 with one message for a wrong password and for an unknown e-mail', async () => {
      const email = uniqueEmail('wrong');
      await h.createUser({ email, password: PASSWORD, role: 'LP' });

      const wrongPassword = await postLogin(email, 'Wr0ng!Pass');
      expect(wrongPassword.statusCode).toBe(401);
      expect(wrongPassword.json()).toEqual({ error: INVALID_LOGIN });

      const unknown = await postLogin(uniqueEmail('nobody'), PASSWORD);
      expect(unknown.statusCode).toBe(401);
      expect(unknown.json()).toEqual({ error: INVALID_LOGIN });

      expect((await userRow(email))?.lastLogin).toBeNull();
    });

    it('treats the e-mail case-insensitively', async () => {
      const email = uniqueEmail('casing');
      await h.createUser({ email, password: PASSWORD, role: 'LP' });

      const res = await postLogin(email.toUpperCase(), PASSWORD);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ token: expect.any(String), role: 'LP' });

      const padded = await postLogin(`  ${email.replace('casing', 'CaSiNg')}  `, PASSWORD);
      expect(padded.statusCode).toBe(200);
    });

    it('slows an e-mail after 10 failed logins from different addresses, without locking the owner out', async () => {
      const email = uniqueEmail('limited');
      const bystander = uniqueEmail('bystander');
      await h.createUser({ email, password: PASSWORD, role: 'GP' });
      await h.createUser({ email: bystander, password: PASSWORD, role: 'LP' });

      // h.inject gives every request a fresh client address, so only the per-e-mail limit applies.
      for (let i = 0; i < 10; i++) {
        const res = await postLogin(email, `Wr0ng!${i}xx`);
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ error: INVALID_LOGIN });
      }

      const slowed = await postLogin(email, PASSWORD);
      expect(slowed.statusCode).toBe(429);
      expect(slowed.json()).toEqual({ error: LOGIN_SLOWED });
      // Whatever the casing of the address.
      expect((await postLogin(email.toUpperCase(), PASSWORD)).statusCode).toBe(429);
      expect((await userRow(email))?.lastLogin).toBeNull();

      // Another account is not affected.
      expect((await postLogin(bystander, PASSWORD)).statusCode).toBe(200);

      // A minute later the owner gets in: ten wrong passwords cannot lock an account for 15 minutes.
      h.clock.advance(61_000);
      const again = await postLogin(email, PASSWORD);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual({ token: expect.any(String), role: 'GP' });
    });

    it('blocks one address for one e-mail for 15 minutes after 10 failures, then starts a new window', async () => {
      const email = uniqueEmail('rewindow');
      await h.createUser({ email, password: PASSWORD, role: 'LP' });
      const ip = freshIp();
      const fromIp = (password: string) =>
        h.inject({ method: 'POST', url: '/api/users/login', payload: { email, password }, remoteAddress: ip });
      for (let i = 0; i < 10; i++) expect((await fromIp('Wr0ng!Pass')).statusCode).toBe(401);
      const blocked = await fromIp(PASSWORD);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({ error: TOO_MANY_LOGINS });

      h.clock.advance(16 * 60_000);
      for (let i = 0; i < 10; i++) expect((await fromIp('Wr0ng!Pass')).statusCode).toBe(401);
      const again = await fromIp(PASSWORD);
      expect(again.statusCode).toBe(429);
      expect(again.json()).toEqual({ error: TOO_MANY_LOGINS });
    });

    it('blocks a client address after 20 failed logins, whatever the e-mail', async () => {
      const ip = freshIp();
      const email = uniqueEmail('same-ip');
      await h.createUser({ email, password: PASSWORD, role: 'LP' });
      const fromIp = (e: string, password: string) =>
        h.inject({ method: 'POST', url: '/api/users/login', payload: { email: e, password }, remoteAddress: ip });

      for (let i = 0; i < 20; i++) expect((await fromIp(uniqueEmail('spray'), PASSWORD)).statusCode).toBe(401);
      const blocked = await fromIp(email, PASSWORD);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({ error: TOO_MANY_LOGINS });
      // The same account from another address is fine.
      expect((await postLogin(email, PASSWORD)).statusCode).toBe(200);
    });

    it('does not block an e-mail after 9 failed logins', async () => {
      const email = uniqueEmail('nine');
      await h.createUser({ email, password: PASSWORD, role: 'LP' });
      for (let i = 0; i < 9; i++) expect((await postLogin(email, 'Wr0ng!Pass')).statusCode).toBe(401);
      expect((await postLogin(email, PASSWORD)).statusCode).toBe(200);
    });
  });

  describe('invites', () => {
    it('answers 201 {link} and stores only a SHA-256 of the code, valid for 24 hours', async () => {
      const before = h.clock.now().getTime();
      const res = await h.inject({
        method: 'POST',
        url: '/api/invites',
        headers: bearer(gpToken),
        payload: { validityHours: 24, role: 'LP' },
      });
      const after = h.clock.now().getTime();

      expect(res.statusCode).toBe(201);
      const body = res.json<{ link: string }>();
      expect(Object.keys(body)).toEqual(['link']);
      expect(body.link.startsWith(`${WEB_ORIGIN}/signup?invite=`)).toBe(true);
      const code = new URL(body.link).searchParams.get('invite') ?? '';
      // At least 128 bits of randomness in any usual encoding.
      expect(code.length).toBeGreaterThanOrEqual(22);

      const row = await inviteRowByCode(code);
      expect(row.codeHash).toBe(sha256Hex(code));
      expect(JSON.stringify(row)).not.toContain(code);
      expect(row.role).toBe('LP');
      expect(row.createdBy).toBe(gpId);
      expect(row.usedAt).toBeNull();
      expect(row.usedBy).toBeNull();
      expect(row.expiresAt.getTime()).toBeGreaterThanOrEqual(before + 24 * HOUR);
      expect(row.expiresAt.getTime()).toBeLessThanOrEqual(after + 24 * HOUR);
    });

    it('gives a different code each time', async () => {
      const a = await newInviteCode('GP');
      const b = await newInviteCode('GP');
      expect(a).not.toBe(b);
    });

    it('refuses a role other than GP or LP', async () => {
      const res = await h.inject({
        method: 'POST',
        url: '/api/invites',
        headers: bearer(gpToken),
        payload: { validityHours: 24, role: 'XX' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'Role must be GP or LP.' });
    });

    it('refuses a validity longer than 24 hours', async () => {
      const res = await h.inject({
        method: 'POST',
        url: '/api/invites',
        headers: bearer(gpToken),
        payload: { validityHours: 48, role: 'LP' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'validityHours must be between 1 and 24.' });
    });

    it('stores nothing for a refused request', async () => {
      const before = await h.database.db.select({ id: invites.id }).from(invites);
      await h.inject({
        method: 'POST',
        url: '/api/invites',
        headers: bearer(gpToken),
        payload: { validityHours: 48, role: 'XX' },
      });
      const after = await h.database.db.select({ id: invites.id }).from(invites);
      expect(after).toHaveLength(before.length);
    });
  });

  describe('sign-up', () => {
    it.each(['GP', 'LP'] as const)('creates a user with the role of a %s invite, who can then log in', async (role) => {
      const code = await newInviteCode(role);
      const body = signupBody(code, { email: uniqueEmail(`new-${role.toLowerCase()}`).toUpperCase() });

      const res = await postSignup(body);
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ message: 'Signup successful' });

      const stored = await userRow(body.email.toLowerCase());
      expect(stored).toMatchObject({
        email: body.email.toLowerCase(),
        firstName: 'Nora',
        lastName: 'Newcomer',
        role,
        googleId: null,
        tokenVersion: 0,
      });
      const invite = await inviteRowByCode(code);
      expect(invite.usedAt).toBeInstanceOf(Date);
      expect(invite.usedBy).toBe(stored?.id);

      const login = await postLogin(body.email.toLowerCase(), body.password);
      expect(login.statusCode).toBe(200);
      expect(login.json()).toEqual({ token: expect.any(String), role });
    });

    it('stores the password as an argon2id hash, never as sent', async () => {
      const code = await newInviteCode('LP');
      const body = signupBody(code);
      expect((await postSignup(body)).statusCode).toBe(201);

      const stored = await userRow(body.email);
      expect(stored?.passwordHash?.startsWith(ARGON2ID_PREFIX)).toBe(true);
      expect(JSON.stringify(stored)).not.toContain(body.password);
    });

    it('refuses a role sent in the body, and an LP invite still gives LP', async () => {
      const code = await newInviteCode('LP');
      const body = signupBody(code, { role: 'GP' });

      const refused = await postSignup(body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ error: expect.stringContaining('role') });
      expect(await userRow(body.email)).toBeUndefined();
      expect((await inviteRowByCode(code)).usedAt).toBeNull();

      const { role: _role, ...withoutRole } = body;
      const res = await postSignup(withoutRole);
      expect(res.statusCode).toBe(201);
      expect((await userRow(body.email))?.role).toBe('LP');
      const login = await postLogin(body.email, body.password);
      expect(login.json()).toEqual({ token: expect.any(String), role: 'LP' });
    });

    it('lets an invite be used only once', async () => {
      const code = await newInviteCode('LP');
      const first = await postSignup(signupBody(code));
      expect(first.statusCode).toBe(201);

      const secondBody = signupBody(code);
      const second = await postSignup(secondBody);
      expect(second.statusCode).toBe(400);
      expect(second.json()).toEqual({ error: INVALID_INVITE });
      expect(await userRow(secondBody.email)).toBeUndefined();
    });

    it('lets only one of two simultaneous sign-ups use an invite', async () => {
      const code = await newInviteCode('LP');
      const bodies = [signupBody(code), signupBody(code)];
      const results = await Promise.all(bodies.map((b) => postSignup(b)));
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 400]);
      const created = await Promise.all(bodies.map((b) => userRow(b.email)));
      expect(created.filter(Boolean)).toHaveLength(1);
    });

    it('refuses an unknown invite code', async () => {
      const body = signupBody('not-a-real-invite-code');
      const res = await postSignup(body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: INVALID_INVITE });
      expect(await userRow(body.email)).toBeUndefined();
    });

    it('refuses an expired invite', async () => {
      const code = await newInviteCode('LP');
      h.clock.advance(25 * HOUR);
      const body = signupBody(code);

      const res = await postSignup(body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: INVALID_INVITE });
      expect(await userRow(body.email)).toBeUndefined();
      expect((await inviteRowByCode(code)).usedAt).toBeNull();
    });

    it('refuses passwords that do not match', async () => {
      const code = await newInviteCode('LP');
      const body = signupBody(code, { password: 'Str0ng!Pass', confirmPassword: 'Str0ng!Pasz' });

      const res = await postSignup(body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: PASSWORDS_DO_NOT_MATCH });
      expect(await userRow(body.email)).toBeUndefined();
      expect((await inviteRowByCode(code)).usedAt).toBeNull();
    });

    it.each([
      ['too short', 'Sh0rt!A'],
      ['too long', 'Passw0rd!Passwo'],
      ['without an uppercase letter', 'passw0rd!'],
      ['without a digit', 'Password!'],
      ['without a special character', 'Passw0rdX'],
    ])('refuses a password %s with the documented message', async (_name, password) => {
      const code = await newInviteCode('LP');
      const body = signupBody(code, { password, confirmPassword: password });

      const res = await postSignup(body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: PASSWORD_RULE_MESSAGE });
      expect(await userRow(body.email)).toBeUndefined();
      expect((await inviteRowByCode(code)).usedAt).toBeNull();
    });

    it('accepts passwords of exactly 8 and 14 characters', async () => {
      for (const password of ['Passw0r!', 'Passw0rd!Passw']) {
        const body = signupBody(await newInviteCode('LP'), { password, confirmPassword: password });
        expect((await postSignup(body)).statusCode).toBe(201);
      }
    });

    it('answers 409 for an e-mail already taken and leaves the invite unused', async () => {
      const taken = uniqueEmail('taken');
      await h.createUser({ email: taken, password: PASSWORD, role: 'LP' });
      const code = await newInviteCode('GP');

      const res = await postSignup(signupBody(code, { email: taken.toUpperCase() }));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: EMAIL_TAKEN });

      const invite = await inviteRowByCode(code);
      expect(invite.usedAt).toBeNull();
      expect(invite.usedBy).toBeNull();
      expect((await userRow(taken))?.role).toBe('LP');

      // The invite still works for a free address.
      const retry = await postSignup(signupBody(code));
      expect(retry.statusCode).toBe(201);
    });
  });
});
