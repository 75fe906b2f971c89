import { z } from 'zod';
import * as accounts from '../services/accounts';
import * as passwordReset from '../services/password-reset';
import * as profile from '../services/profile';
import { authedProcedure, publicProcedure, router } from '../trpc/init';
import { emailField, googleProofFields, inviteCodeField, nameField, passwordField } from './fields';

const optionalStamp = z.union([z.string().max(64), z.null()]).optional();

export const authRouter = router({
  /** What the sign-in pages need to know: whether to show Google's buttons, and with which client id. */
  clientSettings: publicProcedure.query(({ ctx }) => ({ googleClientId: ctx.deps.google.clientId ?? null })),

  login: publicProcedure
    .input(z.strictObject({ email: emailField, password: passwordField('Password') }))
    .mutation(({ ctx, input }) => accounts.login(ctx.deps, input, ctx)),

  googleLogin: publicProcedure
    .input(z.strictObject({ email: emailField, ...googleProofFields }))
    .mutation(({ ctx, input }) => accounts.googleLogin(ctx.deps, input)),

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
    .mutation(({ ctx, input }) => accounts.signup(ctx.deps, input, ctx)),

  googleSignup: publicProcedure
    .input(
      z.strictObject({
        email: emailField,
        firstName: z.string().trim().max(100).default(''),
        lastName: z.string().trim().max(100).default(''),
        inviteCode: inviteCodeField,
        ...googleProofFields,
      }),
    )
    .mutation(({ ctx, input }) => accounts.googleSignup(ctx.deps, input)),

  requestPasswordReset: publicProcedure
    .input(z.strictObject({ email: emailField }))
    .mutation(({ ctx, input }) => passwordReset.requestPasswordReset(ctx.deps, input, ctx)),

  resetPassword: publicProcedure
    .input(
      z.strictObject({
        token: z.string({ error: 'The reset token is missing.' }).min(1, 'The reset token is missing.').max(200),
        newPassword: passwordField('New password'),
      }),
    )
    .mutation(({ ctx, input }) => passwordReset.resetPassword(ctx.deps, input, ctx)),

  changePassword: authedProcedure
    .input(z.strictObject({ currentPassword: passwordField('Current password'), newPassword: passwordField('New password') }))
    .mutation(({ ctx, input }) => profile.changePassword(ctx.deps, ctx.user, input)),

  profileDetails: authedProcedure.query(({ ctx }) => profile.profileDetails(ctx.deps, ctx.user)),

  updateProfile: authedProcedure
    .input(
      z.strictObject({
        first_name: nameField('First name'),
        last_name: nameField('Last name'),
        email: emailField,
        // Sent by the profile page; the server keeps these itself.
        last_login: optionalStamp,
        last_edit: optionalStamp,
      }),
    )
    .mutation(({ ctx, input }) => profile.updateProfile(ctx.deps, ctx.user, input)),
});
