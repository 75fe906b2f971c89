import { z } from 'zod';
import { emailField, googleProofFields, inviteCodeField, nameField, passwordField, textField } from './fields';

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
