import * as OTPAuth from 'otpauth';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema';
import { databaseKinds } from './support/databases';
import { bearer, createHarness, type Harness } from './support/harness';
import { LEVEL, captureLogs } from './support/logs';

/**
 * Google sign-in checked by the server against a local issuer: a JWKS, a tokeninfo
 * and a userinfo endpoint on 127.0.0.1, so nothing here ever talks to Google.
 */

const CLIENT_ID = 'test-client';
const ISSUER = 'https://issuer.test';
const KID = 'local-issuer-key';

const NOT_CONFIGURED = 'Google sign-in is not configured on this server.';
const REJECTED = 'Google could not confirm this sign-in. Please try again.';
const UNVERIFIED = 'Your Google e-mail address is not verified.';
const MISMATCH = 'The Google account does not match the details sent.';
const NO_ACCOUNT = 'No account is linked to this Google account. Sign up with an invite link first.';
const INVALID_INVITE = 'This invite link is invalid, expired or already used. Ask a general partner for a new one.';

interface GoogleUser {
  sub: string;
  email: string;
  email_verified: boolean;
  given_name: string;
  family_name: string;
}

let issuerKey: CryptoKey;
let foreignKey: CryptoKey;
let publicJwk: JWK;
let issuer: Server;
let issuerBase = '';
/** Access tokens the local issuer knows: the client they were issued to and whose they are. */
const accessTokens = new Map<string, { aud: string; user: GoogleUser }>();

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

function serveIssuer(req: IncomingMessage, res: ServerResponse): void {
  const url = new URL(req.url ?? '/', issuerBase);
  if (url.pathname === '/certs') return sendJson(res, 200, { keys: [publicJwk] });
  if (url.pathname === '/tokeninfo') {
    const known = accessTokens.get(url.searchParams.get('access_token') ?? '');
    return known ? sendJson(res, 200, { aud: known.aud, azp: known.aud }) : sendJson(res, 400, { error: 'invalid_token' });
  }
  if (url.pathname === '/userinfo') {
    const token = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1];
    const known = token ? accessTokens.get(token) : undefined;
    return known ? sendJson(res, 200, known.user) : sendJson(res, 401, { error: 'invalid_token' });
  }
  return sendJson(res, 404, { error: 'not_found' });
}

beforeAll(async () => {
  const pair = await generateKeyPair('RS256');
  issuerKey = pair.privateKey;
  foreignKey = (await generateKeyPair('RS256')).privateKey;
  publicJwk = { ...(await exportJWK(pair.publicKey)), kid: KID, alg: 'RS256', use: 'sig' };
  issuer = createServer(serveIssuer);
  await new Promise<void>((resolve) => issuer.listen(0, '127.0.0.1', resolve));
  issuerBase = `http://127.0.0.1:${(issuer.address() as AddressInfo).port}`;
});

afterAll(async () => {
  issuer.closeAllConnections();
  await new Promise<void>((resolve, reject) => issuer.close((err) => (err ? reject(err) : resolve())));
});

let counter = 0;
/** A Google identity no other test uses. */
function googleUser(label: string, overrides: Partial<GoogleUser> = {}): GoogleUser {
  counter += 1;
  return {
    sub: `10${counter}${Date.now()}`,
    email: `${label}-${counter}@gmail.test`,
    email_verified: true,
    given_name: 'Grace',
    family_name: 'Hopper',
    ...overrides,
  };
}

/** A Google ID token for the user; by default valid for this server. */
async function idToken(user: GoogleUser, opts: { aud?: string; iss?: string; exp?: number; key?: CryptoKey } = {}): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({
    email: user.email,
    email_verified: user.email_verified,
    given_name: user.given_name,
    family_name: user.family_name,
  })
    .setProtectedHeader({ alg: 'RS256', kid: KID, typ: 'JWT' })
    .setIssuer(opts.iss ?? ISSUER)
    .setAudience(opts.aud ?? CLIENT_ID)
    .setSubject(user.sub)
    .setIssuedAt(now - 60)
    .setExpirationTime(opts.exp ?? now + 3600)
    .sign(opts.key ?? issuerKey);
}

/** The same claims as a valid ID token, but with alg "none" and no signature. */
function unsignedToken(user: GoogleUser): string {
  const now = Math.floor(Date.now() / 1000);
  const part = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url');
  const claims = { iss: ISSUER, aud: CLIENT_ID, sub: user.sub, email: user.email, email_verified: true, iat: now, exp: now + 3600 };
  return `${part({ alg: 'none', typ: 'JWT' })}.${part(claims)}.`;
}

/** An OAuth access token the local issuer hands out for this user to the given client. */
function accessToken(user: GoogleUser, aud = CLIENT_ID): string {
  const token = `ya29.local-${user.sub}-${aud}`;
  accessTokens.set(token, { aud, user });
  return token;
}

function inviteCode(link: string): string {
  const code = new URL(link).searchParams.get('invite');
  if (!code) throw new Error(`no invite code in ${link}`);
  return code;
}

describe.each(databaseKinds)('Google sign-in without GOOGLE_CLIENT_ID on %s', (kind) => {
  let h: Harness;
  let code: string;

  const logs = captureLogs();

  beforeAll(async () => {
    h = await createHarness(kind, { logger: logs.logger });
    await h.createUser({ email: 'gp-google-off@test.dev', password: 'Passw0rd!', role: 'GP' });
    const gpToken = await h.login('gp-google-off@test.dev', 'Passw0rd!');
    code = inviteCode((await h.caller(gpToken).admin.invites.create({ role: 'LP' })).link);
  });
  afterAll(() => h.close());

  it('tells the sign-in pages that Google is off', async () => {
    expect(await h.caller().auth.clientSettings()).toEqual({ googleClientId: null });
  });

  it('google-login answers 501 with a clear message', async () => {
    const user = googleUser('off-login');
    await h.createUser({ email: user.email, password: null, googleId: user.sub, role: 'LP' });
    const res = await h.inject({
      method: 'POST',
      url: '/api/users/google-login',
      payload: { email: user.email, googleId: user.sub, credential: await idToken(user) },
    });
    expect(res.statusCode).toBe(501);
    expect(res.json()).toEqual({ error: NOT_CONFIGURED });
  });

  it('logs an anonymous google-login as a one-line warning, not as an error with a stack', async () => {
    const before = logs.lines.length;
    const res = await h.inject({
      method: 'POST',
      url: '/api/users/google-login',
      payload: { email: 'anyone@gmail.test', googleId: '123', credential: 'x.y.z' },
    });
    expect(res.statusCode).toBe(501);
    const lines = logs.lines.slice(before).filter((l) => l.level >= LEVEL.warn);
    expect(lines).toEqual([expect.objectContaining({ level: LEVEL.warn, msg: `POST /api/users/google-login: ${NOT_CONFIGURED}` })]);
    expect(JSON.stringify(lines)).not.toContain('stack');
  });

  it('google-signup answers 501 with a clear message and creates no account', async () => {
    const user = googleUser('off-signup');
    const res = await h.inject({
      method: 'POST',
      url: '/api/users/google-signup',
      payload: {
        email: user.email,
        firstName: 'Ada',
        lastName: 'Lovelace',
        googleId: user.sub,
        inviteCode: code,
        credential: await idToken(user),
      },
    });
    expect(res.statusCode).toBe(501);
    expect(res.json()).toEqual({ error: NOT_CONFIGURED });
    expect(await h.database.db.select().from(users).where(eq(users.email, user.email))).toEqual([]);
  });
});

describe.each(databaseKinds)('Google sign-in against a local issuer on %s', (kind) => {
  let h: Harness;
  let gpToken: string;
  const logs = captureLogs();

  beforeAll(async () => {
    h = await createHarness(kind, {
      logger: logs.logger,
      env: {
        GOOGLE_CLIENT_ID: CLIENT_ID,
        GOOGLE_ISSUERS: ISSUER,
        GOOGLE_JWKS_URL: `${issuerBase}/certs`,
        GOOGLE_TOKENINFO_URL: `${issuerBase}/tokeninfo`,
        GOOGLE_USERINFO_URL: `${issuerBase}/userinfo`,
      },
    });
    await h.createUser({ email: 'gp-google@test.dev', password: 'Passw0rd!', role: 'GP' });
    gpToken = await h.login('gp-google@test.dev', 'Passw0rd!');
  });
  afterAll(() => h.close());

  it('gives the sign-in pages the client id for the Google button', async () => {
    expect(await h.caller().auth.clientSettings()).toEqual({ googleClientId: CLIENT_ID });
  });

  async function newInvite(role: 'GP' | 'LP'): Promise<string> {
    return inviteCode((await h.caller(gpToken).admin.invites.create({ role })).link);
  }

  const googleLogin = (payload: Record<string, unknown>) => h.inject({ method: 'POST', url: '/api/users/google-login', payload });
  const googleSignup = (payload: Record<string, unknown>) => h.inject({ method: 'POST', url: '/api/users/google-signup', payload });

  async function userRow(email: string) {
    const rows = await h.database.db.select().from(users).where(eq(users.email, email));
    return rows[0];
  }

  /** An account that signs in with this Google identity only. */
  async function googleAccount(user: GoogleUser, role: 'GP' | 'LP' = 'LP'): Promise<number> {
    return h.createUser({ email: user.email, password: null, googleId: user.sub, role });
  }

  describe('google-signup', () => {
    it('creates a Google-only account with the invite role and answers a working session', async () => {
      const user = googleUser('signup-lp');
      const res = await googleSignup({
        email: user.email,
        firstName: 'Ada',
        lastName: 'Lovelace',
        googleId: user.sub,
        inviteCode: await newInvite('LP'),
        credential: await idToken(user),
      });
      expect(res.statusCode).toBe(201);
      const body = res.json<{ token: string; role: string }>();
      expect(body).toEqual({ token: expect.any(String), role: 'LP' });

      const row = await userRow(user.email);
      expect(row).toMatchObject({ role: 'LP', googleId: user.sub, passwordHash: null, firstName: 'Ada', lastName: 'Lovelace' });

      const details = await h.inject({ method: 'GET', url: '/api/users/profile/details', headers: bearer(body.token) });
      expect(details.statusCode).toBe(200);
      expect(details.json()).toMatchObject({ user: { email: user.email, role: 'LP', auth_method: 'google' } });
    });

    it('gives the role of a GP invite, whatever the client sends', async () => {
      const user = googleUser('signup-gp');
      const res = await googleSignup({
        email: user.email,
        firstName: 'Ada',
        lastName: 'Lovelace',
        googleId: user.sub,
        inviteCode: await newInvite('GP'),
        credential: await idToken(user),
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ token: expect.any(String), role: 'GP' });
      expect(await userRow(user.email)).toMatchObject({ role: 'GP', googleId: user.sub, passwordHash: null });
    });

    it('takes the names from Google when the body leaves them empty (access token path)', async () => {
      const user = googleUser('signup-names', { given_name: 'Katherine', family_name: 'Johnson' });
      const res = await googleSignup({
        email: user.email,
        firstName: '',
        lastName: '',
        googleId: user.sub,
        inviteCode: await newInvite('LP'),
        accessToken: accessToken(user),
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ token: expect.any(String), role: 'LP' });
      expect(await userRow(user.email)).toMatchObject({ firstName: 'Katherine', lastName: 'Johnson', googleId: user.sub });
    });

    it('does not accept the same invite twice', async () => {
      const code = await newInvite('LP');
      const first = googleUser('invite-once-a');
      const second = googleUser('invite-once-b');
      const ok = await googleSignup({ email: first.email, googleId: first.sub, inviteCode: code, credential: await idToken(first) });
      expect(ok.statusCode).toBe(201);

      const again = await googleSignup({ email: second.email, googleId: second.sub, inviteCode: code, credential: await idToken(second) });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({ error: INVALID_INVITE });
      expect(await userRow(second.email)).toBeUndefined();
    });

    it('fails with 400 without a valid invite', async () => {
      const user = googleUser('no-invite');
      const credential = await idToken(user);

      const unknown = await googleSignup({ email: user.email, googleId: user.sub, inviteCode: 'not-a-real-invite', credential });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toEqual({ error: INVALID_INVITE });

      const missing = await googleSignup({ email: user.email, googleId: user.sub, credential });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toEqual({ error: 'An invite code is required.' });

      expect(await userRow(user.email)).toBeUndefined();
    });

    it('rejects a googleId that is not the verified one, and leaves the invite usable', async () => {
      const user = googleUser('signup-mismatch');
      const code = await newInvite('LP');
      const credential = await idToken(user);

      const res = await googleSignup({ email: user.email, googleId: `${user.sub}9`, inviteCode: code, credential });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: MISMATCH });
      expect(await userRow(user.email)).toBeUndefined();

      const retry = await googleSignup({ email: user.email, googleId: user.sub, inviteCode: code, credential });
      expect(retry.statusCode).toBe(201);
    });
    it('answers 409 for a Google id already registered under another e-mail, and leaves the invite usable', async () => {
      const user = googleUser('signup-taken');
      await googleAccount({ ...user, email: `other-${user.email}` });
      const code = await newInvite('LP');
      const res = await googleSignup({ email: user.email, googleId: user.sub, inviteCode: code, credential: await idToken(user) });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: 'This Google account is already registered. Log in with Google instead.' });
      expect(await userRow(user.email)).toBeUndefined();

      const fresh = googleUser('signup-after-taken');
      const retry = await googleSignup({ email: fresh.email, googleId: fresh.sub, inviteCode: code, credential: await idToken(fresh) });
      expect(retry.statusCode).toBe(201);
    });
  });

  describe('google-login', () => {
    it('answers a session for a verified ID token, and the token works on the profile', async () => {
      const user = googleUser('login-ok');
      await googleAccount(user, 'LP');
      const res = await googleLogin({ email: user.email, googleId: user.sub, credential: await idToken(user) });
      expect(res.statusCode).toBe(200);
      const body = res.json<{ token: string; role: string }>();
      expect(body).toEqual({ token: expect.any(String), role: 'LP' });

      const details = await h.inject({ method: 'GET', url: '/api/users/profile/details', headers: bearer(body.token) });
      expect(details.statusCode).toBe(200);
      expect(details.json()).toMatchObject({ user: { email: user.email, role: 'LP', auth_method: 'google' } });
    });

    it('answers a challenge for an account with a second factor; the code completes a Google session', async () => {
      const user = googleUser('login-2fa');
      const id = await googleAccount(user, 'LP');
      const enrolling = await h.tokenFor(id);
      const { secret } = await h.caller(enrolling).auth.secondFactor.startTotp();
      const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) });
      await h.caller(enrolling).auth.secondFactor.confirmTotp({ code: totp.generate({ timestamp: h.clock.now().getTime() }) });

      const res = await googleLogin({ email: user.email, googleId: user.sub, credential: await idToken(user) });
      expect(res.statusCode).toBe(200);
      const answer = res.json<{ secondFactor: string; challenge: string }>();
      expect(answer).toMatchObject({ secondFactor: 'required' });
      // The next step's code: the one just used for the set-up is not accepted twice.
      const code = totp.generate({ timestamp: h.clock.now().getTime() + 30_000 });
      const done = await h.inject({
        method: 'POST',
        url: '/api/users/login/second-factor',
        payload: { challenge: answer.challenge, code },
      });
      expect(done.statusCode).toBe(200);
      const { token } = done.json<{ token: string }>();
      const [session] = (await h.caller(token).auth.sessions.list()).sessions.filter((s) => s.current);
      expect(session?.method).toBe('google');
    });

    const badCredentials: [string, (u: GoogleUser) => Promise<string>][] = [
      ['an ID token for another client', (u) => idToken(u, { aud: 'another-client' })],
      ['an ID token from another issuer', (u) => idToken(u, { iss: 'https://evil-issuer.test' })],
      ['an expired ID token', (u) => idToken(u, { exp: Math.floor(Date.now() / 1000) - 600 })],
      ['an ID token signed by another key', (u) => idToken(u, { key: foreignKey })],
      ['an unsigned ID token (alg none)', async (u) => unsignedToken(u)],
      ['a credential that is not a JWT', async () => 'not-a-jwt'],
    ];

    it.each(badCredentials)('rejects %s with 401', async (label, make) => {
      const user = googleUser(`bad-${label.replace(/\W+/g, '-')}`);
      await googleAccount(user);
      const res = await googleLogin({ email: user.email, googleId: user.sub, credential: await make(user) });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: REJECTED });
    });

    it('rejects an ID token whose e-mail Google has not verified', async () => {
      const user = googleUser('unverified', { email_verified: false });
      await googleAccount(user);
      const res = await googleLogin({ email: user.email, googleId: user.sub, credential: await idToken(user) });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: UNVERIFIED });
    });

    it('rejects a body googleId that differs from the verified token', async () => {
      const user = googleUser('id-mismatch');
      await googleAccount(user);
      const res = await googleLogin({ email: user.email, googleId: `${user.sub}1`, credential: await idToken(user) });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: MISMATCH });
    });

    it('rejects a body email that differs from the verified token', async () => {
      const user = googleUser('email-mismatch');
      const other = googleUser('email-mismatch-other');
      await googleAccount(user);
      await h.createUser({ email: other.email, password: 'Passw0rd!', role: 'GP' });
      const res = await googleLogin({ email: other.email, googleId: user.sub, credential: await idToken(user) });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: MISMATCH });
      expect((await userRow(other.email))?.googleId).toBeNull();
    });

    it('accepts an access token issued to this client', async () => {
      const user = googleUser('access-ok');
      await googleAccount(user, 'GP');
      const res = await googleLogin({ email: user.email, googleId: user.sub, accessToken: accessToken(user) });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ token: expect.any(String), role: 'GP' });
    });

    it('rejects an access token issued to another client', async () => {
      const user = googleUser('access-other-client');
      await googleAccount(user);
      const res = await googleLogin({ email: user.email, googleId: user.sub, accessToken: accessToken(user, 'another-client') });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: REJECTED });
    });

    it('rejects an access token the provider does not know', async () => {
      const user = googleUser('access-unknown');
      await googleAccount(user);
      const res = await googleLogin({ email: user.email, googleId: user.sub, accessToken: 'ya29.unknown' });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: REJECTED });
    });

    it('answers 400 when neither a credential nor an access token is sent', async () => {
      const user = googleUser('no-proof');
      await googleAccount(user);
      const res = await googleLogin({ email: user.email, googleId: user.sub });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'A Google credential or access token is required.' });
    });

    it('logs no error for anonymous calls without valid proof', async () => {
      const before = logs.lines.length;
      const user = googleUser('anonymous');
      const answers = await Promise.all([
        googleLogin({ email: user.email, googleId: user.sub, credential: 'not-a-jwt' }),
        googleLogin({ email: user.email, googleId: user.sub, accessToken: 'ya29.unknown' }),
        googleLogin({ email: user.email, googleId: user.sub }),
        googleSignup({ email: user.email, googleId: user.sub, inviteCode: 'bogus', credential: 'not-a-jwt' }),
      ]);
      expect(answers.map((r) => r.statusCode)).toEqual([401, 401, 400, 401]);
      expect(logs.lines.slice(before).filter((l) => l.level >= LEVEL.error)).toEqual([]);
    });

    it('answers 401 for a verified Google e-mail that has no account', async () => {
      const user = googleUser('no-account');
      const res = await googleLogin({ email: user.email, googleId: user.sub, credential: await idToken(user) });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: NO_ACCOUNT });
      expect(await userRow(user.email)).toBeUndefined();
    });

    it('links the Google id to a password account with the same verified e-mail', async () => {
      const user = googleUser('link');
      await h.createUser({ email: user.email, password: 'Passw0rd!', role: 'GP' });
      const res = await googleLogin({ email: user.email, googleId: user.sub, credential: await idToken(user) });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ token: expect.any(String), role: 'GP' });

      const row = await userRow(user.email);
      expect(row?.googleId).toBe(user.sub);
      expect(row?.passwordHash).toEqual(expect.any(String));
      // The password still works after linking.
      await expect(h.login(user.email, 'Passw0rd!')).resolves.toEqual(expect.any(String));
    });

    it('does not relink an account already linked to another Google id', async () => {
      const user = googleUser('relink');
      await h.createUser({ email: user.email, password: 'Passw0rd!', googleId: 'original-google-id', role: 'LP' });
      const res = await googleLogin({ email: user.email, googleId: user.sub, credential: await idToken(user) });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: NO_ACCOUNT });
      expect((await userRow(user.email))?.googleId).toBe('original-google-id');
    });
  });
});
