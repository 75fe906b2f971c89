import { z } from 'zod';
import { CONTACT_LIMITS } from './contact-rules';
import { EMAIL_MESSAGE, EMAIL_RULE } from './email';
import { hasControlCharacters, hasDirectionOverrides } from '../domain/text';
import { INVALID_INVITE } from './invite-rules';
import { ROLES } from './roles';

/** "X is required." when missing, "X must be text." when of another type. */
export const textError = (label: string) => (issue: { input: unknown }) =>
  issue.input === undefined || issue.input === null ? `${label} is required.` : `${label} must be text.`;

export interface TextOptions {
  /** The message for a missing value or one of another type; textError(label) by default. */
  message?: string;
  /** Tab, line feed and carriage return are allowed (a message, a description). */
  multiline?: boolean;
  /** Leading and trailing white space is removed first (default true). */
  trim?: boolean;
  /**
   * A secret compared as sent (a password): only C0 controls are refused, as they always were, so
   * a password set before the wider rule still signs in.
   */
  opaque?: boolean;
}

/**
 * Every text input: a string, trimmed, without control characters (PostgreSQL cannot store
 * U+0000; the others are never meant) or characters that reorder the text around them. Chain
 * .min, .max and .regex as usual.
 */
export function textField(label: string, { message, multiline = false, trim = true, opaque = false }: TextOptions = {}) {
  const text = z.string({ error: message ?? textError(label) });
  return (trim ? text.trim() : text)
    .refine((value) => !hasControlCharacters(value, multiline, !opaque), `${label} cannot contain control characters.`)
    .refine(
      (value) => opaque || !hasDirectionOverrides(value),
      `${label} cannot contain characters that change the direction of text (bidirectional overrides or isolates).`,
    );
}

/** Input fields shared by several procedures; each is bounded. */
export const emailField = textField('Email')
  .min(1, 'Email is required.')
  .max(CONTACT_LIMITS.email, 'Email is too long.')
  .regex(EMAIL_RULE, EMAIL_MESSAGE);

export const passwordField = (label: string) =>
  textField(label, { trim: false, opaque: true }).min(1, `${label} is required.`).max(256, `${label} is too long.`);

export const nameField = (label: string) => textField(label).min(1, `${label} is required.`).max(100, `${label} is too long.`);

export const roleField = z.enum(ROLES, { error: 'Role must be GP or LP.' });

/** The largest id a row can have: ids are PostgreSQL integer (serial) columns. */
export const MAX_ID = 2_147_483_647;

/**
 * A row id, in tRPC inputs and in REST paths alike. An id the column cannot hold (0, -3, 1.5,
 * 2^31 or more) is a malformed request, 400, like any other invalid field; 404 is for a
 * well-formed id whose row does not exist.
 */
export const idField = z
  .number({ error: 'A valid id is required.' })
  .int('A valid id is required.')
  .positive('A valid id is required.')
  .max(MAX_ID, 'A valid id is required.');

export const googleProofFields = {
  googleId: textField('googleId', { message: 'googleId is required.' }).min(1, 'googleId is required.').max(255, 'googleId is too long.'),
  credential: textField('credential', { trim: false }).max(8192, 'credential is too long.').optional(),
  accessToken: textField('accessToken', { trim: false }).max(4096, 'accessToken is too long.').optional(),
};

export const inviteCodeField = textField('Invite code', { message: 'An invite code is required.' })
  .min(1, 'An invite code is required.')
  .max(200, INVALID_INVITE);

/** The input of a call that names one row. */
export const idInput = z.strictObject({ id: idField });
