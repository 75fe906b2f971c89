import { z } from 'zod';
import { emailField, googleProofFields, inviteCodeField, nameField, passwordField, textField } from './fields';
import { role } from './common';

export const loginInput = z.strictObject({ email: emailField, password: passwordField('Password') });

export const googleLoginInput = z.strictObject({ email: emailField, ...googleProofFields });

export const checkInviteInput = z.strictObject({ invite: inviteCodeField });

export const signupInput = z.strictObject({
  firstName: nameField('First name'),
  lastName: nameField('Last name'),
  email: emailField,
  password: passwordField('Password'),
  confirmPassword: passwordField('Confirm password'),
  inviteCode: inviteCodeField,
});

export const googleSignupInput = z.strictObject({
  email: emailField,
  firstName: textField('First name').max(100, 'First name is too long.').default(''),
  lastName: textField('Last name').max(100, 'Last name is too long.').default(''),
  inviteCode: inviteCodeField,
  ...googleProofFields,
});

export const sessionOutput = z.object({ token: z.string().describe('Bearer token for the Authorization header'), role });
export type SessionOutput = z.infer<typeof sessionOutput>;
export const clientSettingsOutput = z.object({ googleClientId: z.string().nullable() });
export type ClientSettingsOutput = z.infer<typeof clientSettingsOutput>;
export const inviteCheckOutput = z.object({ valid: z.boolean().describe('Whether the invite can still be used; nothing else is said') });
export type InviteCheckOutput = z.infer<typeof inviteCheckOutput>;
