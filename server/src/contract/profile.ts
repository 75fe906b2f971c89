import { z } from 'zod';
import { emailField, nameField, passwordField, textField } from './fields';

/** Sent by the profile page and ignored: the server keeps these itself. */
const optionalStamp = (label: string) => textField(label).max(64, `${label} is too long.`).nullable().optional();

export const changePasswordInput = z.strictObject({
  currentPassword: passwordField('Current password'),
  newPassword: passwordField('New password'),
});

export const updateProfileInput = z.strictObject({
  first_name: nameField('First name'),
  last_name: nameField('Last name'),
  email: emailField,
  /** Needed to change the e-mail of an account that signs in with a password. */
  current_password: passwordField('Current password').optional(),
  last_login: optionalStamp('last_login'),
  last_edit: optionalStamp('last_edit'),
});
