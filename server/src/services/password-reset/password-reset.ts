import { and, eq, gt, isNull } from 'drizzle-orm';
import { passwordResets, users } from '../../db/schema';
import { assertPasswordRule } from '../auth/accounts';
import { normalizeEmail } from '../users/users';
import { fail } from '../../platform/errors';
import { hashPassword } from '../auth/passwords';
import { storeNewPassword } from '../auth/password-store';
import type { Db } from '../../db/open';
import type { Background } from '../../platform/background';
import type { Mailer } from '../../platform/mail';
import { LIMITS, type Caller, type RateLimiter } from '../../platform/rate-limit';
import { randomToken, sha256 } from '../../platform/secrets';

export interface PasswordResetDeps {
  db: Db;
  limiter: RateLimiter;
  mailer: Mailer;
  /** The reset mail is sent after the answer has gone. */
  background: Background;
  /** Where the reset link points. */
  webOrigin: string;
  now: () => Date;
}

export const RESET_VALIDITY_MINUTES = 30;
/** The same answer whether or not the e-mail has an account. */
export const RESET_REQUESTED = 'If an account exists for that email, a password reset link has been sent. It is valid for 30 minutes.';
import { RESET_INVALID } from '../../contract/password-reset';

export const TOO_MANY_RESETS = 'Too many password reset requests. Please try again later.';

/**
 * Answers as soon as the limits are counted, the same for every e-mail; finding the account,
 * storing the token and mailing the link happen after the answer has gone, so neither the time
 * taken nor a mail failure tells whether the e-mail has an account.
 */
export async function requestPasswordReset(
  deps: PasswordResetDeps,
  input: { email: string },
  caller: Caller,
): Promise<{ message: string }> {
  const email = normalizeEmail(input.email);
  if (!(await deps.limiter.hit(`reset:ip:${caller.ip}`, LIMITS.resetPerIp))) throw fail.tooMany(TOO_MANY_RESETS);
  // Past the per-address limit the answer stays the same, so it reveals nothing; no more mail is sent.
  if (await deps.limiter.hit(`reset:email:${email}`, LIMITS.resetPerEmail)) {
    deps.background.run('password reset mail', () => sendResetLink(deps, email));
  }
  return { message: RESET_REQUESTED };
}

async function sendResetLink(deps: PasswordResetDeps, email: string): Promise<void> {
  const [user] = await deps.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!user) return;
  const token = randomToken();
  const expiresAt = new Date(deps.now().getTime() + RESET_VALIDITY_MINUTES * 60_000);
  await deps.db.insert(passwordResets).values({ userId: user.id, tokenHash: sha256(token), expiresAt });
  await deps.mailer.send({
    to: email,
    subject: 'Reset your password',
    text: [
      'A password reset was requested for your partner portal account.',
      `Set a new password here within ${RESET_VALIDITY_MINUTES} minutes:`,
      `${deps.webOrigin}/password_reset?token=${encodeURIComponent(token)}`,
      'If you did not ask for this, you can ignore this e-mail; your password stays as it is.',
    ].join('\n\n'),
  });
}

/**
 * Sets the new password, uses up the token, and ends every session of that user. The token is
 * looked up before argon2 runs, so a bogus one costs no hash.
 */
export async function resetPassword(
  deps: PasswordResetDeps,
  input: { token: string; newPassword: string },
  caller: Caller,
): Promise<{ message: string }> {
  if (!(await deps.limiter.hit(`reset-password:ip:${caller.ip}`, LIMITS.resetPasswordPerIp))) {
    throw fail.tooMany(TOO_MANY_RESETS);
  }
  assertPasswordRule(input.newPassword);
  const live = (now: Date) =>
    and(eq(passwordResets.tokenHash, sha256(input.token)), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now));
  const [known] = await deps.db.select({ id: passwordResets.id }).from(passwordResets).where(live(deps.now()));
  if (!known) throw fail.badRequest(RESET_INVALID);
  const passwordHash = await hashPassword(input.newPassword);
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    // Checked again as it is used up: two resets with one token cannot both pass.
    const [reset] = await tx.update(passwordResets).set({ usedAt: now }).where(live(now)).returning({ userId: passwordResets.userId });
    if (!reset) throw fail.badRequest(RESET_INVALID);
    if (!(await storeNewPassword(tx, reset.userId, passwordHash, reset.userId, now))) throw fail.badRequest(RESET_INVALID);
  });
  return { message: 'Password reset successfully!' };
}
