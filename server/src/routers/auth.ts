import * as accounts from '../services/accounts';
import * as passwordReset from '../services/password-reset';
import { checkInvite } from '../services/invites';
import * as profile from '../services/profile';
import { authedProcedure, publicProcedure, router } from '../trpc/init';
import { checkInviteInput, googleLoginInput, googleSignupInput, loginInput, requestPasswordResetInput, resetPasswordInput, signupInput } from '../contract/auth';
import { changePasswordInput, updateProfileInput } from '../contract/profile';
import { declared } from '../trpc/declared-output';
import { changePasswordOutput, clientSettingsOutput, inviteCheckOutput, messageOutput, profileOutput, sessionOutput } from '../contract/outputs';

export const authRouter = router({
  /** What the sign-in pages need to know: whether to show Google's buttons, and with which client id. */
  clientSettings: publicProcedure.output(declared(clientSettingsOutput)).query(({ ctx }) => ({ googleClientId: ctx.deps.google.clientId ?? null })),

  login: publicProcedure.input(loginInput).output(declared(sessionOutput)).mutation(({ ctx, input }) => accounts.login(ctx.deps, input, ctx)),

  googleLogin: publicProcedure.input(googleLoginInput).output(declared(sessionOutput)).mutation(({ ctx, input }) => accounts.googleLogin(ctx.deps, input)),

  /** The sign-up page's check when it opens: answers only whether the invite can still be used. */
  checkInvite: publicProcedure
    .input(checkInviteInput)
    .output(declared(inviteCheckOutput))
    .query(({ ctx, input }) => checkInvite(ctx.deps, input.invite, ctx)),

  signup: publicProcedure.input(signupInput).output(declared(messageOutput)).mutation(({ ctx, input }) => accounts.signup(ctx.deps, input, ctx)),

  googleSignup: publicProcedure.input(googleSignupInput).output(declared(sessionOutput)).mutation(({ ctx, input }) => accounts.googleSignup(ctx.deps, input)),

  requestPasswordReset: publicProcedure
    .input(requestPasswordResetInput)
    .output(declared(messageOutput))
    .mutation(({ ctx, input }) => passwordReset.requestPasswordReset(ctx.deps, input, ctx)),

  resetPassword: publicProcedure.input(resetPasswordInput).output(declared(messageOutput)).mutation(({ ctx, input }) => passwordReset.resetPassword(ctx.deps, input, ctx)),

  changePassword: authedProcedure
    .input(changePasswordInput)
    .output(declared(changePasswordOutput))
    .mutation(({ ctx, input }) => profile.changePassword(ctx.deps, ctx.user, input)),

  profileDetails: authedProcedure.output(declared(profileOutput)).query(({ ctx }) => profile.profileDetails(ctx.deps, ctx.user)),

  updateProfile: authedProcedure.input(updateProfileInput).output(declared(messageOutput)).mutation(({ ctx, input }) => profile.updateProfile(ctx.deps, ctx.user, input)),
});
