import { z } from 'zod';
import { emailField, nameField, passwordField, textField } from './fields';
import { authMethod, isoTime } from './common';

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

export const changePasswordOutput = z.object({ message: z.string(), token: z.string() });
export type ChangePasswordOutput = z.infer<typeof changePasswordOutput>;

export const profileOutput = z.object({
  user: z.object({
    id: z.number().int(),
    email: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    role: z.string(),
    auth_method: authMethod,
    last_login: isoTime.nullable(),
    last_edit: isoTime.nullable(),
  }),
  lastLogin: isoTime.nullable(),
  lastEdit: isoTime.nullable(),
  mostRecentEdit: z
    .object({ field_changed: z.string(), old_value: z.string().nullable(), new_value: z.string().nullable(), changed_at: isoTime })
    .nullable(),
});
export type ProfileOutput = z.infer<typeof profileOutput>;
