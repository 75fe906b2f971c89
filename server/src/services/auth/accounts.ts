import { and, eq } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/open';
import { sessions, users } from '../../db/schema';
import { PASSWORD_RULE_MESSAGE, PASSWORDS_DO_NOT_MATCH, meetsPasswordRule } from '../../contract/password-rules';
import type { Role } from '../../contract/roles';
import { fail } from '../../platform/errors';
import type { GoogleProof, GoogleVerifier } from './google';
import { INVALID_INVITE } from '../../contract/invite-rules';
import { consumeInvite, isInviteUsable, markInviteUsedBy } from '../invites/invites';
import { hashPassword, verifyPassword } from './passwords';
import { KNOWN_DEVICE_MS, LIMITS, LOGIN_PER_EMAIL, PRIORITY_PER_EMAIL, type Caller, type RateLimiter } from '../../platform/rate-limit';
import { endSession, startSession, type ClientInfo, type SessionStore, type SignInMethod } from './sessions';
import type { SessionClaims, TokenService } from './tokens';
import { createUser, EMAIL_TAKEN, normalizeEmail, type AuthUser } from '../users/users';
import type { SecondFactorLoginInput, SessionAnswer, SignInAnswer } from '../../contract/second-factor';
import { openChallenge, SIGN_IN_EXPIRED, startChallenge, useChallenge } from '../second-factor/challenges';
import { policyRequires, tellOfNewSignIn, verifySecondFactor, type SecondFactorDeps } from '../second-factor/factors';
import type { Background } from '../../platform/background';

export interface AccountsDeps extends SecondFactorDeps {
  /** A new device's sign-in is mailed after the answer. */
  background: Background;
  db: Db;
  tokens: TokenService;
  sessions: SessionStore;
  google: GoogleVerifier;
  limiter: RateLimiter;
  now: () => Date;
}

/** What checking a bearer token needs: every signed-in request does it. */
export interface AuthenticateDeps {
  tokens: TokenService;
  sessions: SessionStore;
}

export const INVALID_LOGIN = 'Invalid email or password.';
export const TOO_MANY_LOGINS = 'Too many failed login attempts. Please wait 15 minutes and try again.';
export const NO_GOOGLE_ACCOUNT = 'No account is linked to this Google account. Sign up with an invite link first.';
export const GOOGLE_TAKEN = 'This Google account is already registered. Log in with Google instead.';
export const GOOGLE_MISMATCH = 'The Google account does not match the details sent.';
export const LOGGED_OUT = 'You have been logged out.';

export type Session = SessionAnswer;

export function assertPasswordRule(password: string): void {
  if (!meetsPasswordRule(password)) throw fail.badRequest(PASSWORD_RULE_MESSAGE);
}

type SignInUser = { id: number; role: Role; tokenVersion: number; secondFactor: boolean };

/**
 * A signed-in user's new session: its row, and the token that carries its id. A GP whom the
 * policy requires to set up a second factor is told so (docs/decisions/0016).
 */
async function issueSession(
  deps: AccountsDeps,
  user: SignInUser,
  client: ClientInfo,
  method: SignInMethod,
  secondFactorVerified = false,
): Promise<Session> {
  await deps.db.update(users).set({ lastLogin: deps.now() }).where(eq(users.id, user.id));
  const token = await startSession(deps, user, client, method, { secondFactorVerified });
  return !user.secondFactor && policyRequires(deps, user)
    ? { token, role: user.role, secondFactorSetup: 'required' }
    : { token, role: user.role };
}

/** The first factor held: the session, or for a user with a second factor the challenge for it (docs/decisions/0015). */
async function signIn(deps: AccountsDeps, user: SignInUser, client: ClientInfo, method: SignInMethod): Promise<SignInAnswer> {
  if (user.secondFactor) return startChallenge(deps, user.id, method);
  return issueSession(deps, user, client, method);
}

/**
 * The second call of a sign-in with a second factor: the challenge and a TOTP or recovery code
 * give the session. Wrong codes are counted like passwords (per user and per address), each
 * logged and audited; the challenge is used up with the first right code.
 */
export async function completeSignIn(deps: AccountsDeps, input: SecondFactorLoginInput, caller: Caller & ClientInfo): Promise<Session> {
  return finishChallenge(deps, input.challenge, caller, (user) =>
    verifySecondFactor(deps, { user, code: input.code, caller, purpose: 'sign-in' }).then(() => undefined),
  );
}

/**
 * The sign-in's second step, whatever the factor (a code, or a passkey's assertion): the live
 * challenge's user, the factor verified by `verify`, the challenge used up, then the session.
 */
export async function finishChallenge(
  deps: AccountsDeps,
  challengeText: string,
  caller: Caller & ClientInfo,
  verify: (user: { id: number; email: string }) => Promise<void>,
): Promise<Session> {
  const challenge = await openChallenge(deps, challengeText);
  const [user] = await deps.db.select().from(users).where(eq(users.id, challenge.userId));
  if (!user?.secondFactor) throw fail.unauthorized(SIGN_IN_EXPIRED);
  await verify(user);
  if (!(await useChallenge(deps, challenge.id))) throw fail.unauthorized(SIGN_IN_EXPIRED);
  const newDevice = !(await signedInBefore(deps, user.id, caller));
  const session = await issueSession(deps, user, caller, challenge.method, true);
  if (newDevice) deps.background.run('new sign-in mail', () => tellOfNewSignIn(deps, user.email, caller));
  return session;
}

/** Whether the user has signed in before from this address with this browser. */
async function signedInBefore(deps: AccountsDeps, userId: number, client: ClientInfo): Promise<boolean> {
  const [seen] = await deps.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.ip, client.ip), eq(sessions.userAgent, (client.userAgent ?? '').slice(0, 512))))
    .limit(1);
  return seen !== undefined;
}

/** When the e-mail's bucket (LOGIN_PER_EMAIL) is empty: it refills within a minute. */
export const LOGIN_SLOWED = 'Too many login attempts for this account. Please wait a minute and try again.';
export const TOO_MANY_SIGNUPS = 'Too many sign-up attempts. Please try again later.';

/**
 * Each attempt is counted before argon2 runs, atomically in the store that holds the counters,
 * so simultaneous guesses cannot all pass a check made before any of them was counted. In turn:
 * the address (failed logins, whatever the e-mail), the e-mail from this address (fixed window:
 * one guesser, or the owner's own typos), and the e-mail from all addresses (a slow bucket,
 * LOGIN_PER_EMAIL, so guessing from many addresses is slowed without locking the owner out).
 * The narrower limits come first, so one address cannot drain the e-mail's bucket.
 *
 * A known device, an address this e-mail signed in from before (remembered KNOWN_DEVICE_MS in the
 * shared store), skips the e-mail's bucket and has its password checked in the hashing queue's
 * first lane: a flood of guesses from other addresses, however spread, neither drains what the
 * owner needs nor fills the queue in front of them. Only a good sign-in from that very address
 * makes it known, and each account's first-lane checks are themselves a bucket (PRIORITY_PER_EMAIL),
 * so an account's own holder cannot use the lane to flood the queue.
 */
export async function login(
  deps: AccountsDeps,
  input: { email: string; password: string },
  caller: Caller & ClientInfo,
): Promise<SignInAnswer> {
  const email = normalizeEmail(input.email);
  const ipKey = `login:ip:${caller.ip}`;
  const emailIpKey = `login:email-ip:${email}:${caller.ip}`;
  const emailKey = `login:email-bucket:${email}`;
  const knownKey = `login:known:${email}:${caller.ip}`;
  if (!(await deps.limiter.hit(ipKey, LIMITS.loginPerIp))) throw fail.tooMany(TOO_MANY_LOGINS);
  if (!(await deps.limiter.hit(emailIpKey, LIMITS.loginPerEmailAndIp))) throw fail.tooMany(TOO_MANY_LOGINS);
  const known = (await deps.limiter.isMarked(knownKey)) && (await deps.limiter.take(`login:priority:${email}`, PRIORITY_PER_EMAIL));
  if (!known && !(await deps.limiter.take(emailKey, LOGIN_PER_EMAIL))) throw fail.tooMany(LOGIN_SLOWED);

  const [user] = await deps.db.select().from(users).where(eq(users.email, email));
  if (!(await verifyPassword(user?.passwordHash, input.password, { priority: known })) || !user) throw fail.unauthorized(INVALID_LOGIN);
  // Only failures count: a good login gives back what it took, and clears this address's failures for the e-mail.
  await Promise.all([
    deps.limiter.refund(ipKey),
    deps.limiter.reset(emailIpKey),
    known ? Promise.resolve() : deps.limiter.putBack(emailKey, LOGIN_PER_EMAIL),
    deps.limiter.mark(knownKey, KNOWN_DEVICE_MS),
  ]);
  return signIn(deps, user, caller, 'local');
}

interface NewAccount {
  firstName: string;
  lastName: string;
  email: string;
  inviteCode: string;
  passwordHash: string | null;
  googleId: string | null;
}

/** Creates the account with the invite's role, using up the invite, in one transaction. */
async function createAccount(deps: AccountsDeps, account: NewAccount) {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const invite = await consumeInvite({ db: tx, now: () => now }, account.inviteCode);
    await assertEmailFree(tx, account.email);
    if (account.googleId) {
      const [linked] = await tx.select({ id: users.id }).from(users).where(eq(users.googleId, account.googleId));
      if (linked) throw fail.conflict(GOOGLE_TAKEN);
    }
    const user = await createUser({ db: tx }, { ...account, role: invite.role });
    await markInviteUsedBy({ db: tx, now: () => now }, invite.id, user.id);
    return user;
  });
}

async function assertEmailFree(db: Queryable, email: string): Promise<void> {
  const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (taken) throw fail.conflict(EMAIL_TAKEN);
}

/** Cheap checks first (the limit per address, the password rules, the invite); argon2 runs only for a live invite. */
export async function signup(
  deps: AccountsDeps,
  input: { firstName: string; lastName: string; email: string; password: string; confirmPassword: string; inviteCode: string },
  caller: Caller,
): Promise<{ message: string }> {
  if (!(await deps.limiter.hit(`signup:ip:${caller.ip}`, LIMITS.signupPerIp))) throw fail.tooMany(TOO_MANY_SIGNUPS);
  if (input.password !== input.confirmPassword) throw fail.badRequest(PASSWORDS_DO_NOT_MATCH);
  assertPasswordRule(input.password);
  if (!(await isInviteUsable(deps, input.inviteCode))) throw fail.badRequest(INVALID_INVITE);
  await createAccount(deps, {
    firstName: input.firstName,
    lastName: input.lastName,
    email: normalizeEmail(input.email),
    inviteCode: input.inviteCode,
    passwordHash: await hashPassword(input.password),
    googleId: null,
  });
  return { message: 'Signup successful' };
}

async function verifiedGoogleUser(deps: AccountsDeps, input: { email: string; googleId: string } & GoogleProof) {
  const identity = await deps.google.verify(input);
  if (identity.sub !== input.googleId || normalizeEmail(identity.email) !== normalizeEmail(input.email)) {
    throw fail.unauthorized(GOOGLE_MISMATCH);
  }
  return { ...identity, email: normalizeEmail(identity.email) };
}

export async function googleLogin(
  deps: AccountsDeps,
  input: { email: string; googleId: string } & GoogleProof,
  client: ClientInfo,
): Promise<SignInAnswer> {
  const identity = await verifiedGoogleUser(deps, input);
  const [byGoogleId] = await deps.db.select().from(users).where(eq(users.googleId, identity.sub));
  if (byGoogleId) return signIn(deps, byGoogleId, client, 'google');
  // Google has verified the address, so an invited account with that e-mail may link its Google identity.
  const [byEmail] = await deps.db.select().from(users).where(eq(users.email, identity.email));
  if (!byEmail || byEmail.googleId) throw fail.unauthorized(NO_GOOGLE_ACCOUNT);
  await deps.db.update(users).set({ googleId: identity.sub }).where(eq(users.id, byEmail.id));
  return signIn(deps, byEmail, client, 'google');
}

export async function googleSignup(
  deps: AccountsDeps,
  input: { email: string; googleId: string; firstName: string; lastName: string; inviteCode: string } & GoogleProof,
  client: ClientInfo,
): Promise<Session> {
  const identity = await verifiedGoogleUser(deps, input);
  const user = await createAccount(deps, {
    firstName: input.firstName.trim() || identity.givenName || 'Google',
    lastName: input.lastName.trim() || identity.familyName || 'User',
    email: identity.email,
    inviteCode: input.inviteCode,
    passwordHash: null,
    googleId: identity.sub,
  });
  return issueSession(deps, user, client, 'google');
}

/**
 * The user behind a bearer token, or null when the token is bad or expired, its session was ended
 * (logged out), or it was ended by a password change, reset or delete (its version no longer
 * matches). Each check notes the session's request (last seen, at most once a minute).
 */
export async function authenticate(deps: AuthenticateDeps, token: string, client: ClientInfo): Promise<AuthUser | null> {
  const claims: SessionClaims | null = await deps.tokens.verify(token);
  if (!claims) return null;
  const [user, session] = await Promise.all([deps.sessions.userOf(claims.userId), deps.sessions.sessionOf(claims.sessionId)]);
  if (!user || user.tokenVersion !== claims.tokenVersion) return null;
  if (!session || session.ended || session.userId !== user.id) return null;
  await deps.sessions.seen(session, client);
  return { id: user.id, role: user.role, email: user.email, sessionId: session.id, secondFactor: user.secondFactor };
}

/** Logging out: the caller's session ends, and its tokens stop working at once on every instance. */
export async function logout(deps: AccountsDeps, me: AuthUser): Promise<{ message: string }> {
  await endSession(deps, me.sessionId);
  return { message: LOGGED_OUT };
}
