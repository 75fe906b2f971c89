import { z } from 'zod';
import { emailField, googleProofFields, inviteCodeField, nameField, passwordField, textField } from './fields';

/** SPEC §4: the reset link's one message, whatever is wrong with it. */
export const RESET_INVALID = 'This password reset link is invalid or has expired. Please request a new one.';

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

export const requestPasswordResetInput = z.strictObject({ email: emailField });

export const resetPasswordInput = z.strictObject({
  token: textField('Reset token', { message: 'The reset token is missing.', trim: false })
    .min(1, 'The reset token is missing.')
    .max(200, RESET_INVALID),
  newPassword: passwordField('New password'),
});
