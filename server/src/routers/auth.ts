import { z } from 'zod';
import * as accounts from '../services/accounts';
import * as passwordReset from '../services/password-reset';
import { RESET_INVALID } from '../services/password-reset';
import { checkInvite } from '../services/invites';
import * as profile from '../services/profile';
import { authedProcedure, publicProcedure, router } from '../trpc/init';
import { emailField, googleProofFields, inviteCodeField, nameField, passwordField, textField } from '../contract/fields';
import { declared } from '../trpc/declared-output';
import { changePasswordOutput, clientSettingsOutput, inviteCheckOutput, messageOutput, profileOutput, sessionOutput } from '../contract/outputs';

/** Sent by the profile page and ignored: the server keeps these itself. */
const optionalStamp = (label: string) => textField(label).max(64, `${label} is too long.`).nullable().optional();

export const authRouter = router({
  /** What the sign-in pages need to know: whether to show Google's buttons, and with which client id. */
  clientSettings: publicProcedure.output(declared(clientSettingsOutput)).query(({ ctx }) => ({ googleClientId: ctx.deps.google.clientId ?? null })),

  login: publicProcedure
    .input(z.strictObject({ email: emailField, password: passwordField('Password') }))
    .output(declared(sessionOutput)).mutation(({ ctx, input }) => accounts.login(ctx.deps, input, ctx)),

  googleLogin: publicProcedure
    .input(z.strictObject({ email: emailField, ...googleProofFields }))
    .output(declared(sessionOutput)).mutation(({ ctx, input }) => accounts.googleLogin(ctx.deps, input)),

  /** The sign-up page's check when it opens: answers only whether the invite can still be used. */
  checkInvite: publicProcedure
    .input(z.strictObject({ invite: inviteCodeField }))
    .output(declared(inviteCheckOutput))
    .query(({ ctx, input }) => checkInvite(ctx.deps, input.invite, ctx)),

  signup: publicProcedure
    .input(
      z.strictObject({
        firstName: nameField('First name'),
        lastName: nameField('Last name'),
        email: emailField,
        password: passwordField('Password'),
        confirmPassword: passwordField('Confirm password'),
        inviteCode: inviteCodeField,
      }),
    )
    .output(declared(messageOutput)).mutation(({ ctx, input }) => accounts.signup(ctx.deps, input, ctx)),

  googleSignup: publicProcedure
    .input(
      z.strictObject({
        email: emailField,
        firstName: textField('First name').max(100, 'First name is too long.').default(''),
        lastName: textField('Last name').max(100, 'Last name is too long.').default(''),
        inviteCode: inviteCodeField,
        ...googleProofFields,
      }),
    )
    .output(declared(sessionOutput)).mutation(({ ctx, input }) => accounts.googleSignup(ctx.deps, input)),

  requestPasswordReset: publicProcedure
    .input(z.strictObject({ email: emailField }))
    .output(declared(messageOutput)).mutation(({ ctx, input }) => passwordReset.requestPasswordReset(ctx.deps, input, ctx)),

  resetPassword: publicProcedure
    .input(
      z.strictObject({
        token: textField('Reset token', { message: 'The reset token is missing.', trim: false })
          .min(1, 'The reset token is missing.')
          .max(200, RESET_INVALID),
        newPassword: passwordField('New password'),
      }),
    )
    .output(declared(messageOutput)).mutation(({ ctx, input }) => passwordReset.resetPassword(ctx.deps, input, ctx)),

  changePassword: authedProcedure
    .input(z.strictObject({ currentPassword: passwordField('Current password'), newPassword: passwordField('New password') }))
    .output(declared(changePasswordOutput)).mutation(({ ctx, input }) => profile.changePassword(ctx.deps, ctx.user, input)),

  profileDetails: authedProcedure.output(declared(profileOutput)).query(({ ctx }) => profile.profileDetails(ctx.deps, ctx.user)),

  updateProfile: authedProcedure
    .input(
      z.strictObject({
        first_name: nameField('First name'),
        last_name: nameField('Last name'),
        email: emailField,
        /** Needed to change the e-mail of an account that signs in with a password. */
        current_password: passwordField('Current password').optional(),
        // Sent by the profile page; the server keeps these itself.
        last_login: optionalStamp('last_login'),
        last_edit: optionalStamp('last_edit'),
      }),
    )
    .output(declared(messageOutput)).mutation(({ ctx, input }) => profile.updateProfile(ctx.deps, ctx.user, input)),
});
