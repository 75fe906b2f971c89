import { and, eq, gt, isNotNull, isNull, lt } from 'drizzle-orm';
import type { Queryable } from '../../db/open';
import { passkeys, signInChallenges, totpFactors } from '../../db/schema';
import type { ChallengeAnswer, SecondFactorMethod } from '../../contract/second-factor';
import { fail } from '../../platform/errors';
import { randomToken, sha256 } from '../../platform/secrets';
import type { SignInMethod } from '../auth/sessions';

/** How long a sign-in waits for its second factor. */
export const CHALLENGE_TTL_MS = 5 * 60_000;
export const SIGN_IN_EXPIRED = 'Your sign-in has expired. Please log in again.';

interface ChallengeDeps {
  db: Queryable;
  now: () => Date;
}

/**
 * A first factor that held, for a user with a second one: a random challenge (stored only as its
 * hash) that a second call exchanges, with a right code, for the session (docs/decisions/0015).
 */
export async function startChallenge(deps: ChallengeDeps, userId: number, method: SignInMethod): Promise<ChallengeAnswer> {
  const challenge = randomToken();
  const now = deps.now();
  // Old challenges of anyone are dropped now and then: they are useless once expired.
  await deps.db.delete(signInChallenges).where(lt(signInChallenges.expiresAt, new Date(now.getTime() - CHALLENGE_TTL_MS)));
  await deps.db.insert(signInChallenges).values({
    id: sha256(challenge),
    userId,
    method,
    createdAt: now,
    expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
  });
  return { secondFactor: 'required', challenge, methods: await methodsOf(deps, userId) };
}

/** The live challenge's user and first-factor method; 401 when it is unknown, used or expired. */
export async function openChallenge(deps: ChallengeDeps, challenge: string): Promise<{ id: string; userId: number; method: SignInMethod }> {
  const [row] = await deps.db
    .select({ id: signInChallenges.id, userId: signInChallenges.userId, method: signInChallenges.method })
    .from(signInChallenges)
    .where(and(eq(signInChallenges.id, sha256(challenge)), isNull(signInChallenges.usedAt), gt(signInChallenges.expiresAt, deps.now())));
  if (!row) throw fail.unauthorized(SIGN_IN_EXPIRED);
  return row;
}

/** Uses the challenge up; false when another request used it first. */
export async function useChallenge(deps: ChallengeDeps, id: string): Promise<boolean> {
  const used = await deps.db
    .update(signInChallenges)
    .set({ usedAt: deps.now() })
    .where(and(eq(signInChallenges.id, id), isNull(signInChallenges.usedAt)))
    .returning({ id: signInChallenges.id });
  return used.length > 0;
}

/** The second factors the user has: an authenticator app (with its recovery codes) and/or passkeys. */
async function methodsOf(deps: ChallengeDeps, userId: number): Promise<SecondFactorMethod[]> {
  const [totp] = await deps.db
    .select({ userId: totpFactors.userId })
    .from(totpFactors)
    .where(and(eq(totpFactors.userId, userId), isNotNull(totpFactors.confirmedAt)));
  const [passkey] = await deps.db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.userId, userId)).limit(1);
  const methods: SecondFactorMethod[] = [];
  if (totp) methods.push('totp', 'recovery');
  if (passkey) methods.push('passkey');
  return methods;
}
