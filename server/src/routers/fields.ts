import { z } from 'zod';
import { CONTACT_LIMITS } from '../domain/contact-rules';
import { INVALID_INVITE } from '../services/invites';

/** "X is required." when missing, "X must be text." when of another type. */
export const textError = (label: string) => (issue: { input: unknown }) =>
  issue.input === undefined || issue.input === null ? `${label} is required.` : `${label} must be text.`;

/** Input fields shared by several procedures; each is bounded. */
export const emailField = z
  .string({ error: textError('Email') })
  .trim()
  .min(1, 'Email is required.')
  .max(CONTACT_LIMITS.email, 'Email is too long.')
  .pipe(z.email('Please enter a valid email address.'));

export const passwordField = (label: string) =>
  z.string({ error: textError(label) }).min(1, `${label} is required.`).max(256, `${label} is too long.`);

export const nameField = (label: string) =>
  z.string({ error: textError(label) }).trim().min(1, `${label} is required.`).max(100, `${label} is too long.`);

export const roleField = z.enum(['GP', 'LP'], { error: 'Role must be GP or LP.' });

export const idField = z.number({ error: 'A valid id is required.' }).int('A valid id is required.').positive('A valid id is required.');

export const googleProofFields = {
  googleId: z.string({ error: 'googleId is required.' }).trim().min(1, 'googleId is required.').max(255),
  credential: z.string().max(8192).optional(),
  accessToken: z.string().max(4096).optional(),
};

export const inviteCodeField = z
  .string({ error: 'An invite code is required.' })
  .trim()
  .min(1, 'An invite code is required.')
  .max(200, INVALID_INVITE);
