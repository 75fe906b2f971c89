import { and, asc, eq, gt, isNotNull, lt } from 'drizzle-orm';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticatorTransportFuture,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { passkeyChallenges, passkeys, sessions, totpFactors, users } from '../../db/schema';
import type { Queryable } from '../../db/open';
import type {
  FinishRegistrationInput,
  PasskeyAssertionInput,
  PasskeyList,
  PasskeyLoginInput,
  WebauthnOptions,
} from '../../contract/passkeys';
import { fail } from '../../platform/errors';
import type { Caller } from '../../platform/rate-limit';
import { sessionChanged, type ClientInfo } from '../auth/sessions';
import type { AuthUser } from '../users/users';
import { finishChallenge, type AccountsDeps, type Session } from '../auth/accounts';
import { openChallenge } from './challenges';
import {
  countAttempt,
  GP_MUST_KEEP_FACTOR,
  ISSUER,
  policyRequires,
  requireStepUp,
  securityEvent,
  tellUser,
  type SecondFactorDeps,
} from './factors';

/** Passkeys (docs/decisions/0015 "Passkeys"): WebAuthn credentials as a second factor. */
export interface PasskeyDeps extends SecondFactorDeps {
  webauthn: { rpId: string; origin: string };
}

/** How long the browser has to answer a WebAuthn challenge. */
export const PASSKEY_CHALLENGE_TTL_MS = 5 * 60_000;
export const PASSKEY_FAILED = 'That passkey could not be verified. Try again, or use another way to sign in.';
export const PASSKEY_EXPIRED = 'The passkey request has expired. Please try again.';
export const PASSKEY_NOT_FOUND = 'That passkey was not found.';
export const TOO_MANY_PASSKEYS = 'You can have at most 10 passkeys. Remove one first.';
const MAX_PASSKEYS = 10;

type Purpose = 'register' | 'sign-in' | 'step-up';

async function keepChallenge(deps: PasskeyDeps, userId: number, purpose: Purpose, challenge: string): Promise<void> {
  const now = deps.now();
  await deps.db.delete(passkeyChallenges).where(lt(passkeyChallenges.expiresAt, now));
  await deps.db
    .insert(passkeyChallenges)
    .values({ challenge, userId, purpose, createdAt: now, expiresAt: new Date(now.getTime() + PASSKEY_CHALLENGE_TTL_MS) });
}

/** The challenge the browser signed (from its clientDataJSON), used up if it is this user's live one for this purpose. */
async function takeChallenge(deps: PasskeyDeps, userId: number, purpose: Purpose, clientDataJSON: string): Promise<string | null> {
  let challenge: unknown;
  try {
    challenge = (JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown }).challenge;
  } catch {
    return null;
  }
  if (typeof challenge !== 'string' || challenge.length > 200) return null;
  const taken = await deps.db
    .delete(passkeyChallenges)
    .where(
      and(
        eq(passkeyChallenges.challenge, challenge),
        eq(passkeyChallenges.userId, userId),
        eq(passkeyChallenges.purpose, purpose),
        gt(passkeyChallenges.expiresAt, deps.now()),
      ),
    )
    .returning({ challenge: passkeyChallenges.challenge });
  return taken.length > 0 ? challenge : null;
}

function transportsOf(text: string): AuthenticatorTransportFuture[] {
  return text === '' ? [] : (text.split(',') as AuthenticatorTransportFuture[]);
}

/** The user's passkeys, oldest first. */
export async function listPasskeys(deps: { db: Queryable }, me: { id: number }): Promise<PasskeyList> {
  const rows = await deps.db.select().from(passkeys).where(eq(passkeys.userId, me.id)).orderBy(asc(passkeys.id));
  return {
    passkeys: rows.map((r) => ({
      id: r.id,
      name: r.name,
      created_at: r.createdAt.toISOString(),
      last_used_at: r.lastUsedAt?.toISOString() ?? null,
    })),
  };
}

/**
 * Adding a passkey, step one: creation options for the browser. Adding a factor changes how the
 * account signs in, so a user who already has one must have verified it lately (step-up).
 */
export async function startRegistration(deps: PasskeyDeps, me: AuthUser): Promise<WebauthnOptions> {
  await requireStepUp(deps, me);
  const existing = await deps.db.select().from(passkeys).where(eq(passkeys.userId, me.id));
  if (existing.length >= MAX_PASSKEYS) throw fail.badRequest(TOO_MANY_PASSKEYS);
  const options = await generateRegistrationOptions({
    rpName: ISSUER,
    rpID: deps.webauthn.rpId,
    userName: me.email,
    userID: new TextEncoder().encode(`user-${me.id}`),
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: transportsOf(p.transports) })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'required' },
  });
  await keepChallenge(deps, me.id, 'register', options.challenge);
  return { options: options as unknown as Record<string, unknown> };
}

/** Adding a passkey, step two: the verified attestation is stored; the account now has a second factor. */
export async function finishRegistration(
  deps: PasskeyDeps,
  me: AuthUser,
  input: FinishRegistrationInput,
  caller: Caller,
): Promise<{ message: string }> {
  await requireStepUp(deps, me);
  const response = input.response as unknown as RegistrationResponseJSON;
  const challenge = await takeChallenge(deps, me.id, 'register', input.response.response.clientDataJSON);
  if (!challenge) throw fail.badRequest(PASSKEY_EXPIRED);
  let verification;
  try {
    verification = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: deps.webauthn.origin,
      expectedRPID: deps.webauthn.rpId,
      requireUserVerification: true,
    });
  } catch (err) {
    deps.log.warn({ userId: me.id, ip: caller.ip, err: (err as Error).message }, 'passkey registration refused');
    throw fail.badRequest(PASSKEY_FAILED);
  }
  if (!verification.verified) throw fail.badRequest(PASSKEY_FAILED);
  const { credential } = verification.registrationInfo;
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const [taken] = await tx.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.credentialId, credential.id));
    if (taken) throw fail.conflict('That passkey is already registered.');
    await tx.insert(passkeys).values({
      userId: me.id,
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: (credential.transports ?? []).join(','),
      name: input.name,
      createdAt: now,
    });
    await tx.update(users).set({ secondFactor: true }).where(eq(users.id, me.id));
    await tx.update(sessions).set({ secondFactorAt: now }).where(eq(sessions.id, me.sessionId));
    sessionChanged(me.id);
    await securityEvent(deps, me, 'second_factor.added', { method: 'passkey', name: input.name, ip: caller.ip }, tx);
  });
  await tellUser(deps, me.email, 'A passkey was added', `A passkey ("${input.name}") was added to your partner portal account`);
  return { message: 'Passkey added.' };
}

/** Whether the user keeps a second factor without this passkey. */
async function hasOtherFactor(db: Queryable, userId: number, passkeyId: number): Promise<boolean> {
  const [totp] = await db
    .select({ userId: totpFactors.userId })
    .from(totpFactors)
    .where(and(eq(totpFactors.userId, userId), isNotNull(totpFactors.confirmedAt)));
  if (totp) return true;
  const others = await db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.userId, userId));
  return others.some((p) => p.id !== passkeyId);
}

/** Removing a passkey is a guarded change (step-up); a GP under the policy keeps at least one second factor. */
export async function removePasskey(deps: PasskeyDeps, me: AuthUser, id: number, caller: Caller): Promise<{ message: string }> {
  await requireStepUp(deps, me);
  const [row] = await deps.db
    .select()
    .from(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, me.id)));
  if (!row) throw fail.notFound(PASSKEY_NOT_FOUND);
  const keepsFactor = await hasOtherFactor(deps.db, me.id, id);
  if (!keepsFactor && policyRequires(deps, me)) throw fail.forbidden(GP_MUST_KEEP_FACTOR);
  await deps.db.transaction(async (tx) => {
    await tx.delete(passkeys).where(eq(passkeys.id, id));
    if (!keepsFactor) {
      await tx.update(users).set({ secondFactor: false }).where(eq(users.id, me.id));
      sessionChanged(me.id);
    }
    await securityEvent(deps, me, 'second_factor.removed', { method: 'passkey', name: row.name, ip: caller.ip }, tx);
  });
  await tellUser(deps, me.email, 'A passkey was removed', `A passkey ("${row.name}") was removed from your partner portal account`);
  return { message: 'Passkey removed.' };
}

async function requestOptions(deps: PasskeyDeps, userId: number, purpose: Purpose): Promise<WebauthnOptions> {
  const mine = await deps.db.select().from(passkeys).where(eq(passkeys.userId, userId));
  if (mine.length === 0) throw fail.badRequest('There is no passkey on this account.');
  const options = await generateAuthenticationOptions({
    rpID: deps.webauthn.rpId,
    allowCredentials: mine.map((p) => ({ id: p.credentialId, transports: transportsOf(p.transports) })),
    userVerification: 'required',
  });
  await keepChallenge(deps, userId, purpose, options.challenge);
  return { options: options as unknown as Record<string, unknown> };
}

/**
 * Verifies a passkey's assertion for the user. It is counted like a code (the same limiter, per
 * user and per address); a refused one is logged and audited like a wrong code, and a right one
 * moves the credential's counter and clears the user's count.
 */
export async function verifyPasskey(
  deps: PasskeyDeps,
  user: { id: number; email: string },
  input: PasskeyAssertionInput,
  caller: Caller,
  purpose: 'sign-in' | 'step-up',
): Promise<void> {
  const attempt = await countAttempt(deps, user, caller, purpose);
  const refuse = async (reason: string): Promise<never> => {
    deps.log.warn({ userId: user.id, purpose, ip: caller.ip, reason }, 'passkey assertion refused');
    await securityEvent(deps, user, 'second_factor.failed', { purpose, method: 'passkey', ip: caller.ip });
    throw purpose === 'sign-in' ? fail.unauthorized(PASSKEY_FAILED) : fail.badRequest(PASSKEY_FAILED);
  };
  const [row] = await deps.db
    .select()
    .from(passkeys)
    .where(and(eq(passkeys.userId, user.id), eq(passkeys.credentialId, input.response.id)));
  if (!row) return refuse('unknown credential');
  const challenge = await takeChallenge(deps, user.id, purpose, input.response.response.clientDataJSON);
  if (!challenge) return refuse('unknown or expired challenge');
  let newCounter: number;
  try {
    const result = await verifyAuthenticationResponse({
      response: input.response,
      expectedChallenge: challenge,
      expectedOrigin: deps.webauthn.origin,
      expectedRPID: deps.webauthn.rpId,
      credential: {
        id: row.credentialId,
        publicKey: new Uint8Array(Buffer.from(row.publicKey, 'base64url')),
        counter: row.counter,
        transports: transportsOf(row.transports),
      },
      requireUserVerification: true,
    });
    if (!result.verified) return refuse('not verified');
    newCounter = result.authenticationInfo.newCounter;
  } catch (err) {
    return refuse((err as Error).message);
  }
  await deps.db.update(passkeys).set({ counter: newCounter, lastUsedAt: deps.now() }).where(eq(passkeys.id, row.id));
  await attempt.succeeded();
}

/** The sign-in's second step with a passkey, part one: request options for the live challenge's user. */
export async function signInOptions(deps: PasskeyDeps, input: { challenge: string }): Promise<WebauthnOptions> {
  const challenge = await openChallenge(deps, input.challenge);
  return requestOptions(deps, challenge.userId, 'sign-in');
}

/** Part two: the verified assertion gives `{token, role}`, as a right code does. */
export async function signInWithPasskey(
  deps: PasskeyDeps & AccountsDeps,
  input: PasskeyLoginInput,
  caller: Caller & ClientInfo,
): Promise<Session> {
  return finishChallenge(deps, input.challenge, caller, (user) => verifyPasskey(deps, user, input, caller, 'sign-in'));
}

/** Step-up with a passkey (docs/decisions/0016): options, then the verified assertion marks the session. */
export async function stepUpOptions(deps: PasskeyDeps, me: AuthUser): Promise<WebauthnOptions> {
  return requestOptions(deps, me.id, 'step-up');
}

export async function stepUpWithPasskey(
  deps: PasskeyDeps,
  me: AuthUser,
  input: PasskeyAssertionInput,
  caller: Caller,
): Promise<{ message: string }> {
  await verifyPasskey(deps, me, input, caller, 'step-up');
  await deps.db.update(sessions).set({ secondFactorAt: deps.now() }).where(eq(sessions.id, me.sessionId));
  return { message: 'Confirmed.' };
}
