import { z } from 'zod';
import { idInput, textField } from './fields';
import { challengeField } from './second-factor';

/** Passkeys (WebAuthn, docs/decisions/0015 "Passkeys"): inputs and outputs. */

const b64url = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text.` })
    .max(max, `${label} is too long.`)
    .regex(/^[A-Za-z0-9_-]*$/, `${label} must be base64url.`);

const TRANSPORTS = ['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'] as const;

/** What @simplewebauthn/browser's startRegistration answers, bounded. */
export const registrationResponseField = z.object({
  id: b64url('The credential id', 1024),
  rawId: b64url('The credential id', 1024),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: b64url('clientDataJSON', 4096),
    attestationObject: b64url('attestationObject', 16384),
    authenticatorData: b64url('authenticatorData', 16384).optional(),
    transports: z.array(z.enum(TRANSPORTS)).max(10).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: b64url('publicKey', 4096).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string().max(100), z.unknown()).default({}),
});

/** What @simplewebauthn/browser's startAuthentication answers, bounded. */
export const authenticationResponseField = z.object({
  id: b64url('The credential id', 1024),
  rawId: b64url('The credential id', 1024),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: b64url('clientDataJSON', 4096),
    authenticatorData: b64url('authenticatorData', 16384),
    signature: b64url('signature', 4096),
    userHandle: b64url('userHandle', 1024).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string().max(100), z.unknown()).default({}),
});

export const passkeyNameField = textField('Name').min(1, 'Give the passkey a name.').max(60, 'The name is at most 60 characters.');

export const finishRegistrationInput = z.strictObject({ name: passkeyNameField, response: registrationResponseField });
export type FinishRegistrationInput = z.infer<typeof finishRegistrationInput>;

export const passkeyIdInput = idInput;

export const passkeyAssertionInput = z.strictObject({ response: authenticationResponseField });
export type PasskeyAssertionInput = z.infer<typeof passkeyAssertionInput>;

export const passkeyChallengeInput = z.strictObject({ challenge: challengeField });
export const passkeyLoginInput = z.strictObject({ challenge: challengeField, response: authenticationResponseField });
export type PasskeyLoginInput = z.infer<typeof passkeyLoginInput>;

/** WebAuthn options for the browser (PublicKeyCredentialCreationOptionsJSON or …RequestOptionsJSON), passed to @simplewebauthn/browser as they are. */
export const webauthnOptionsOutput = z.object({ options: z.record(z.string(), z.unknown()) });
export type WebauthnOptions = z.infer<typeof webauthnOptionsOutput>;

export const passkeyRowOutput = z.object({
  id: z.number().int(),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export const passkeyListOutput = z.object({ passkeys: z.array(passkeyRowOutput) });
export type PasskeyList = z.infer<typeof passkeyListOutput>;
