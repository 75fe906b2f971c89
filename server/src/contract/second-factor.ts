import { z } from 'zod';
import { textField } from './fields';
import { sessionOutput } from './auth';

/** Second factors, sign-in challenges, sessions and step-up (docs/decisions/0015 and 0016): inputs and outputs. */

export const SECOND_FACTOR_METHODS = ['totp', 'recovery', 'passkey'] as const;
export type SecondFactorMethod = (typeof SECOND_FACTOR_METHODS)[number];

/** How long a second factor verified in a session lets it do the guarded things (docs/decisions/0016). */
export const STEP_UP_MINUTES = 10;
export const RECOVERY_CODE_COUNT = 10;

/** A six-digit code from an authenticator app, or a recovery code (12 letters and digits, dashes allowed). */
export const codeField = textField('Code', { message: 'Enter the code.' })
  .min(1, 'Enter the code.')
  .max(20, 'The code is too long.')
  .regex(/^[0-9A-Za-z -]+$/, 'The code has only letters, digits and dashes.');

export const challengeField = textField('Challenge', { message: 'The sign-in has expired. Please log in again.' })
  .min(1, 'The sign-in has expired. Please log in again.')
  .max(100, 'The sign-in has expired. Please log in again.');

export const codeInput = z.strictObject({ code: codeField });
export const secondFactorLoginInput = z.strictObject({ challenge: challengeField, code: codeField });
export type SecondFactorLoginInput = z.infer<typeof secondFactorLoginInput>;

/** What a sign-in answers: the session (docs/product.md §7's `{token, role}`), or a challenge for the second factor. */
export const sessionAnswer = sessionOutput.extend({
  secondFactorSetup: z
    .literal('required')
    .optional()
    .describe('Present when policy requires this GP to set up a second factor before anything else'),
});
export const challengeAnswer = z.object({
  secondFactor: z.literal('required'),
  challenge: z.string().describe('Send it back with a code to POST /api/users/login/second-factor (valid 5 minutes, once)'),
  methods: z.array(z.enum(SECOND_FACTOR_METHODS)),
});
export const signInOutput = z.union([sessionAnswer, challengeAnswer]);
export type SessionAnswer = z.infer<typeof sessionAnswer>;
export type ChallengeAnswer = z.infer<typeof challengeAnswer>;
export type SignInAnswer = z.infer<typeof signInOutput>;

export const secondFactorStatusOutput = z.object({
  totp: z.boolean(),
  recoveryCodesLeft: z.number().int(),
  /** Policy requires this user to have a second factor. */
  required: z.boolean(),
});
export type SecondFactorStatus = z.infer<typeof secondFactorStatusOutput>;

export const totpSetupOutput = z.object({
  secret: z.string().describe('Base32 secret, for typing into an authenticator app'),
  uri: z.string().describe('otpauth:// URI the QR code holds'),
  qrCode: z.string().describe('PNG data URL of the QR code'),
});
export type TotpSetup = z.infer<typeof totpSetupOutput>;

export const recoveryCodesOutput = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesOutput>;

export const sessionIdInput = z.strictObject({ id: z.uuid({ error: 'A valid id is required.' }) });

export const sessionRowOutput = z.object({
  id: z.string(),
  method: z.enum(['local', 'google']),
  created_at: z.string(),
  last_seen_at: z.string(),
  ip: z.string(),
  browser: z.string(),
  current: z.boolean(),
});
export const sessionListOutput = z.object({ sessions: z.array(sessionRowOutput) });
export type SessionRowOut = z.infer<typeof sessionRowOutput>;
export type SessionList = z.infer<typeof sessionListOutput>;
