import { z } from 'zod';
import { emailField, passwordField, textField } from './fields';

/** docs/product.md §4: the reset link's one message, whatever is wrong with it. */
export const RESET_INVALID = 'This password reset link is invalid or has expired. Please request a new one.';

export const requestPasswordResetInput = z.strictObject({ email: emailField });

export const resetPasswordInput = z.strictObject({
  token: textField('Reset token', { message: 'The reset token is missing.', trim: false })
    .min(1, 'The reset token is missing.')
    .max(200, RESET_INVALID),
  newPassword: passwordField('New password'),
});
