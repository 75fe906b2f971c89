import { randomInt } from 'node:crypto';
import { and, count, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import QRCode from 'qrcode';
import type { Db, Queryable } from '../../db/open';
import { passkeys, recoveryCodes, sessions, totpFactors, users } from '../../db/schema';
import {
  RECOVERY_CODE_COUNT,
  STEP_UP_MINUTES,
  type RecoveryCodes,
  type SecondFactorMethod,
  type SecondFactorStatus,
  type TotpSetup,
} from '../../contract/second-factor';
import { easternDateTime } from '../../domain/dates';
import { recordAudit } from '../../platform/audit';
import { fail } from '../../platform/errors';
import type { Mailer } from '../../platform/mail';
import { LIMITS, type Caller, type RateLimiter } from '../../platform/rate-limit';
import { sessionChanged } from '../auth/sessions';
import type { AuthUser } from '../users/users';
import type { SecretBox } from './secret-box';
import { browserOf } from './browser-name';

/** What the second-factor services need (docs/decisions/0015 and 0016). */
export interface SecondFactorDeps {
  db: Db;
  limiter: RateLimiter;
  secondFactorBox: SecretBox;
  mailer: Mailer;
  webOrigin: string;
  requireGpSecondFactor: boolean;
  log: SecurityLog;
  now: () => Date;
}

/** Where refused codes are written down (the app's logger). */
export interface SecurityLog {
  warn(fields: object, message: string): void;
}

export const ISSUER = 'Partner Portal';
export const INVALID_CODE = 'That code is not right. Check your authenticator app and try again.';
export const TOO_MANY_CODES = 'Too many wrong codes. Please wait 15 minutes and try again.';
export const TOTP_ALREADY_ON = 'Two-factor sign-in is already on for this account.';
export const TOTP_NOT_STARTED = 'Start the set-up again: no authenticator app is waiting to be confirmed.';
export const TOTP_NOT_ON = 'Two-factor sign-in is not on for this account.';
export const GP_MUST_KEEP_FACTOR = 'General partners must keep two-factor sign-in on.';
export const STEP_UP_NEEDED = 'Confirm it is you: enter a code from your authenticator app.';
export const ENROL_NEEDED = 'Set up two-factor sign-in to continue: it is required for general partners.';

/** Wrong codes per user (from anywhere) and per address: the sixth in 15 minutes is refused unseen. */
export const CODE_LIMITS = {
  perUser: { max: 5, windowMs: 15 * 60_000 },
  perIp: LIMITS.loginPerIp,
} as const;

const PERIOD = 30;
const TOTP_SHAPE = /^[0-9]{6}$/;
/** Recovery codes: 12 characters of an alphabet without look-alikes (0/O, 1/I/L), in three groups. */
const RECOVERY_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const RECOVERY_LENGTH = 12;

function totpOf(secret: OTPAuth.Secret, label: string): OTPAuth.TOTP {
  return new OTPAuth.TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: 6, period: PERIOD, secret });
}

function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < RECOVERY_LENGTH; i++) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8)}`;
}

function normalizedRecoveryCode(code: string): string {
  return code.toUpperCase().replace(/[^0-9A-Z]/g, '');
}

/** Who the second factor is checked for, and what for (the audit log names it). */
export interface CodeCheck {
  user: { id: number; email: string };
  code: string;
  caller: Caller;
  purpose: 'sign-in' | 'step-up' | 'disable' | 'confirm';
}

/**
 * A current TOTP code of a confirmed (or, to confirm, of the waiting) factor. A code is accepted
 * once: its 30-second step must be later than the last accepted one, written in one statement so
 * two requests with the same code cannot both pass.
 */
async function acceptTotp(deps: SecondFactorDeps, userId: number, email: string, code: string, confirmed: boolean): Promise<boolean> {
  if (!TOTP_SHAPE.test(code)) return false;
  const [row] = await deps.db.select().from(totpFactors).where(eq(totpFactors.userId, userId));
  if (!row || (row.confirmedAt !== null) !== confirmed) return false;
  const secret = OTPAuth.Secret.fromBase32(deps.secondFactorBox.open(row.secret));
  const at = deps.now().getTime();
  const delta = totpOf(secret, email).validate({ token: code, timestamp: at, window: 1 });
  if (delta === null) return false;
  const step = Math.floor(at / 1000 / PERIOD) + delta;
  const taken = await deps.db
    .update(totpFactors)
    .set({ lastStep: step })
    .where(and(eq(totpFactors.userId, userId), or(isNull(totpFactors.lastStep), lt(totpFactors.lastStep, step))))
    .returning({ userId: totpFactors.userId });
  return taken.length > 0;
}

/** An unused recovery code, used up in the same statement that finds it. */
async function useRecoveryCode(deps: SecondFactorDeps, userId: number, code: string): Promise<boolean> {
  const normalized = normalizedRecoveryCode(code);
  if (normalized.length !== RECOVERY_LENGTH) return false;
  const used = await deps.db
    .update(recoveryCodes)
    .set({ usedAt: deps.now() })
    .where(
      and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, deps.secondFactorBox.mac(normalized)), isNull(recoveryCodes.usedAt)),
    )
    .returning({ id: recoveryCodes.id });
  return used.length > 0;
}

/**
 * Checks a second factor: a TOTP code or a recovery code. Each attempt is counted first, per user
 * and per address, in the shared store (every instance sees the same counts); a right code clears
 * the user's count. Every wrong code is logged and audited; a used recovery code is audited too.
 */
export async function verifySecondFactor(deps: SecondFactorDeps, check: CodeCheck): Promise<SecondFactorMethod> {
  const { user, caller, purpose } = check;
  const attempt = await countAttempt(deps, user, caller, purpose);
  const code = check.code.trim();
  let method: SecondFactorMethod | null = null;
  if (await acceptTotp(deps, user.id, user.email, code, purpose !== 'confirm')) method = 'totp';
  else if (purpose !== 'confirm' && (await useRecoveryCode(deps, user.id, code))) method = 'recovery';
  if (!method) {
    deps.log.warn({ userId: user.id, purpose, ip: caller.ip }, 'wrong second-factor code');
    await securityEvent(deps, user, 'second_factor.failed', { purpose, ip: caller.ip });
    throw purpose === 'sign-in' ? fail.unauthorized(INVALID_CODE) : fail.badRequest(INVALID_CODE);
  }
  await attempt.succeeded();
  if (method === 'recovery') await securityEvent(deps, user, 'second_factor.recovery_code_used', { purpose, ip: caller.ip });
  return method;
}

/**
 * Counts a second-factor attempt (a code or a passkey's assertion) before it is checked, per user
 * and per address in the shared store; 429 once either limit is reached. `succeeded` clears the
 * user's count and gives the address its attempt back.
 */
export async function countAttempt(
  deps: SecondFactorDeps,
  user: { id: number; email: string },
  caller: Caller,
  purpose: string,
): Promise<{ succeeded: () => Promise<void> }> {
  const userKey = `second-factor:user:${user.id}`;
  const ipKey = `second-factor:ip:${caller.ip}`;
  if (!(await deps.limiter.hit(ipKey, CODE_LIMITS.perIp)) || !(await deps.limiter.hit(userKey, CODE_LIMITS.perUser))) {
    await securityEvent(deps, user, 'second_factor.limited', { purpose, ip: caller.ip });
    throw fail.tooMany(TOO_MANY_CODES);
  }
  return { succeeded: async () => void (await Promise.all([deps.limiter.reset(userKey), deps.limiter.refund(ipKey)])) };
}

/** A security event in the audit log (the Activity page), by the user it concerns. */
export async function securityEvent(
  deps: { db: Queryable; now: () => Date },
  user: { id: number; email: string },
  action: string,
  detail: Record<string, unknown>,
  db: Queryable = deps.db,
): Promise<void> {
  await recordAudit(db, user, deps.now(), [{ action, entity: 'account', entityId: user.id, after: detail }]);
}

/** Tells the user by e-mail of a change to how their account signs in; a mail server that refuses changes nothing. */
export async function tellUser(deps: SecondFactorDeps, to: string, subject: string, what: string): Promise<void> {
  await deps.mailer
    .send({
      to,
      subject,
      text: [
        `${what} on ${easternDateTime(deps.now())}.`,
        'If you did this, there is nothing more to do.',
        `If you did not, your account may be in someone else's hands: reset your password at ${deps.webOrigin}/login and tell a general partner at once.`,
      ].join('\n\n'),
    })
    .catch((err: unknown) => deps.log.warn({ err }, 'security e-mail not sent'));
}

/** A sign-in with a second factor from an address and browser the account has not signed in from before. */
export async function tellOfNewSignIn(
  deps: SecondFactorDeps,
  to: string,
  client: { ip: string; userAgent?: string | undefined },
): Promise<void> {
  await tellUser(
    deps,
    to,
    'New sign-in to your partner portal account',
    `Your partner portal account was signed in from a new device (${browserOf(client.userAgent ?? '')}, address ${client.ip})`,
  );
}

export async function secondFactorStatus(deps: SecondFactorDeps, me: AuthUser): Promise<SecondFactorStatus> {
  const [totp] = await deps.db
    .select({ confirmedAt: totpFactors.confirmedAt })
    .from(totpFactors)
    .where(and(eq(totpFactors.userId, me.id), isNotNull(totpFactors.confirmedAt)));
  const [left] = await deps.db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, me.id), isNull(recoveryCodes.usedAt)));
  return { totp: totp !== undefined, recoveryCodesLeft: left?.n ?? 0, required: policyRequires(deps, me) };
}

/** The GP policy (REQUIRE_GP_SECOND_FACTOR): whether this user must have a second factor. */
export function policyRequires(deps: { requireGpSecondFactor: boolean }, user: { role: string }): boolean {
  return deps.requireGpSecondFactor && user.role === 'GP';
}

/** Enrolment, step one: a new secret (kept sealed, waiting for its first code), its QR code and its text. */
export async function startTotp(deps: SecondFactorDeps, me: AuthUser): Promise<TotpSetup> {
  const [existing] = await deps.db.select({ confirmedAt: totpFactors.confirmedAt }).from(totpFactors).where(eq(totpFactors.userId, me.id));
  if (existing?.confirmedAt) throw fail.conflict(TOTP_ALREADY_ON);
  const secret = new OTPAuth.Secret({ size: 20 });
  const sealed = deps.secondFactorBox.seal(secret.base32);
  await deps.db
    .insert(totpFactors)
    .values({ userId: me.id, secret: sealed, createdAt: deps.now() })
    .onConflictDoUpdate({ target: totpFactors.userId, set: { secret: sealed, confirmedAt: null, lastStep: null, createdAt: deps.now() } });
  const uri = totpOf(secret, me.email).toString();
  return { secret: secret.base32, uri, qrCode: await QRCode.toDataURL(uri, { margin: 1, width: 220 }) };
}

/** Ten new recovery codes in place of the old ones: the codes once, their keyed hashes stored. */
async function replaceRecoveryCodes(deps: SecondFactorDeps, tx: Queryable, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx
    .insert(recoveryCodes)
    .values(codes.map((code) => ({ userId, codeHash: deps.secondFactorBox.mac(normalizedRecoveryCode(code)), createdAt: deps.now() })));
  return codes;
}

/**
 * Enrolment, step two: the first code confirms the app holds the secret. The factor is on, the
 * session counts as verified (step-up), and the recovery codes are answered this once.
 */
export async function confirmTotp(deps: SecondFactorDeps, me: AuthUser, input: { code: string }, caller: Caller): Promise<RecoveryCodes> {
  const [waiting] = await deps.db.select({ confirmedAt: totpFactors.confirmedAt }).from(totpFactors).where(eq(totpFactors.userId, me.id));
  if (!waiting) throw fail.badRequest(TOTP_NOT_STARTED);
  if (waiting.confirmedAt) throw fail.conflict(TOTP_ALREADY_ON);
  await verifySecondFactor(deps, { user: me, code: input.code, caller, purpose: 'confirm' });
  const now = deps.now();
  const codes = await deps.db.transaction(async (tx) => {
    await tx.update(totpFactors).set({ confirmedAt: now }).where(eq(totpFactors.userId, me.id));
    await tx.update(users).set({ secondFactor: true }).where(eq(users.id, me.id));
    await tx.update(sessions).set({ secondFactorAt: now }).where(eq(sessions.id, me.sessionId));
    sessionChanged(me.id);
    await securityEvent(deps, me, 'second_factor.added', { method: 'totp', ip: caller.ip }, tx);
    return replaceRecoveryCodes(deps, tx, me.id);
  });
  await tellUser(
    deps,
    me.email,
    'Two-factor sign-in was turned on',
    'Two-factor sign-in with an authenticator app was turned on for your partner portal account',
  );
  return { recoveryCodes: codes };
}

/** Turning the factor off needs a current code (or a recovery code); a GP under the policy must keep it. */
export async function disableTotp(
  deps: SecondFactorDeps,
  me: AuthUser,
  input: { code: string },
  caller: Caller,
): Promise<{ message: string }> {
  if (!me.secondFactor) throw fail.badRequest(TOTP_NOT_ON);
  if (policyRequires(deps, me)) throw fail.forbidden(GP_MUST_KEEP_FACTOR);
  await verifySecondFactor(deps, { user: me, code: input.code, caller, purpose: 'disable' });
  await deps.db.transaction(async (tx) => {
    await tx.delete(totpFactors).where(eq(totpFactors.userId, me.id));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, me.id));
    // Passkeys, if any, stay a second factor (docs/decisions/0015 "Passkeys").
    const [passkey] = await tx.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.userId, me.id)).limit(1);
    await tx
      .update(users)
      .set({ secondFactor: passkey !== undefined })
      .where(eq(users.id, me.id));
    sessionChanged(me.id);
    await securityEvent(deps, me, 'second_factor.removed', { method: 'totp', ip: caller.ip }, tx);
  });
  await tellUser(deps, me.email, 'Two-factor sign-in was turned off', 'Two-factor sign-in was turned off for your partner portal account');
  return { message: 'Two-factor sign-in is off.' };
}

/** New recovery codes (the old ones stop working); a guarded change, so step-up applies. */
export async function newRecoveryCodes(deps: SecondFactorDeps, me: AuthUser): Promise<RecoveryCodes> {
  if (!me.secondFactor) throw fail.badRequest(TOTP_NOT_ON);
  await requireStepUp(deps, me);
  const codes = await deps.db.transaction(async (tx) => {
    await securityEvent(deps, me, 'second_factor.recovery_codes_replaced', {}, tx);
    return replaceRecoveryCodes(deps, tx, me.id);
  });
  return { recoveryCodes: codes };
}

/**
 * Step-up (docs/decisions/0016): a user with a second factor does the guarded things only within
 * STEP_UP_MINUTES of verifying it in this session; otherwise 403 with the stepUp flag.
 */
export async function requireStepUp(deps: { db: Queryable; now: () => Date }, me: AuthUser): Promise<void> {
  if (!me.secondFactor) return;
  const [row] = await deps.db.select({ at: sessions.secondFactorAt }).from(sessions).where(eq(sessions.id, me.sessionId));
  if (row?.at && deps.now().getTime() - row.at.getTime() < STEP_UP_MINUTES * 60_000) return;
  throw fail.forbidden(STEP_UP_NEEDED, 'stepUp');
}

/** Verifies a second factor for the session, so its guarded calls go through for the next STEP_UP_MINUTES. */
export async function stepUp(deps: SecondFactorDeps, me: AuthUser, input: { code: string }, caller: Caller): Promise<{ message: string }> {
  if (!me.secondFactor) throw fail.badRequest(TOTP_NOT_ON);
  await verifySecondFactor(deps, { user: me, code: input.code, caller, purpose: 'step-up' });
  await deps.db.update(sessions).set({ secondFactorAt: deps.now() }).where(eq(sessions.id, me.sessionId));
  return { message: 'Confirmed.' };
}
