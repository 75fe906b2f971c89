import * as accounts from '../../services/auth/accounts';
import { checkInvite } from '../../services/invites/invites';
import { authedProcedure, publicProcedure, router } from '../../trpc/init';
import {
  checkInviteInput,
  clientSettingsOutput,
  googleLoginInput,
  googleSignupInput,
  inviteCheckOutput,
  loginInput,
  sessionOutput,
  signupInput,
} from '../../contract/auth';
import { declared } from '../../trpc/declared-output';
import { passwordResetRouter } from './password-reset';
import { profileRouter } from './profile';
import { messageOutput } from '../../contract/common';

/** Signing in and signing up; the password reset and the signed-in user's profile have sub-routers of their own. */
export const authRouter = router({
  /** What the sign-in pages need to know: whether to show Google's buttons, and with which client id. */
  clientSettings: publicProcedure
    .output(declared(clientSettingsOutput))
    .query(({ ctx }) => ({ googleClientId: ctx.deps.google.clientId ?? null })),

  login: publicProcedure
    .input(loginInput)
    .output(declared(sessionOutput))
    .mutation(({ ctx, input }) => accounts.login(ctx.deps, input, ctx)),

  googleLogin: publicProcedure
    .input(googleLoginInput)
    .output(declared(sessionOutput))
    .mutation(({ ctx, input }) => accounts.googleLogin(ctx.deps, input, ctx)),

  /** The sign-up page's check when it opens: answers only whether the invite can still be used. */
  checkInvite: publicProcedure
    .input(checkInviteInput)
    .output(declared(inviteCheckOutput))
    .query(({ ctx, input }) => checkInvite(ctx.deps, input.invite, ctx)),

  signup: publicProcedure
    .input(signupInput)
    .output(declared(messageOutput))
    .mutation(({ ctx, input }) => accounts.signup(ctx.deps, input, ctx)),

  googleSignup: publicProcedure
    .input(googleSignupInput)
    .output(declared(sessionOutput))
    .mutation(({ ctx, input }) => accounts.googleSignup(ctx.deps, input, ctx)),

  /** Ends the caller's session: its token stops working at once on every instance. */
  logout: authedProcedure.output(declared(messageOutput)).mutation(({ ctx }) => accounts.logout(ctx.deps, ctx.user)),

  passwordReset: passwordResetRouter,

  profile: profileRouter,
});
