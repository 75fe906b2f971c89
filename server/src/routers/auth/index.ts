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
  signupInput,
} from '../../contract/auth';
import { declared } from '../../trpc/declared-output';
import { secondFactorLoginInput, sessionAnswer, signInOutput } from '../../contract/second-factor';
import { secondFactorRouter, sessionsRouter } from './second-factor';
import { passkeysRouter } from './passkeys';
import * as passkeyService from '../../services/second-factor/passkeys';
import { passkeyChallengeInput, passkeyLoginInput, webauthnOptionsOutput } from '../../contract/passkeys';
import { passwordResetRouter } from './password-reset';
import { profileRouter } from './profile';
import { documentMailRouter } from './document-mail';
import { messageOutput } from '../../contract/common';

/** Signing in and signing up; the password reset and the signed-in user's profile have sub-routers of their own. */
export const authRouter = router({
  /** What the sign-in pages need to know: whether to show Google's buttons, and with which client id. */
  clientSettings: publicProcedure
    .output(declared(clientSettingsOutput))
    .query(({ ctx }) => ({ googleClientId: ctx.deps.google.clientId ?? null })),

  /** `{token, role}`, or for a user with a second factor a challenge for loginSecondFactor (docs/decisions/0015). */
  login: publicProcedure
    .input(loginInput)
    .output(declared(signInOutput))
    .mutation(({ ctx, input }) => accounts.login(ctx.deps, input, ctx)),

  /** The sign-in's second step: the challenge and a TOTP or recovery code give `{token, role}`. */
  loginSecondFactor: publicProcedure
    .input(secondFactorLoginInput)
    .output(declared(sessionAnswer))
    .mutation(({ ctx, input }) => accounts.completeSignIn(ctx.deps, input, ctx)),

  /** The sign-in's second step with a passkey: WebAuthn request options for the challenge's user. */
  loginPasskeyOptions: publicProcedure
    .input(passkeyChallengeInput)
    .output(declared(webauthnOptionsOutput))
    .mutation(({ ctx, input }) => passkeyService.signInOptions(ctx.deps, input)),

  /** The challenge and a passkey's assertion give `{token, role}`. */
  loginPasskey: publicProcedure
    .input(passkeyLoginInput)
    .output(declared(sessionAnswer))
    .mutation(({ ctx, input }) => passkeyService.signInWithPasskey(ctx.deps, input, ctx)),

  googleLogin: publicProcedure
    .input(googleLoginInput)
    .output(declared(signInOutput))
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
    .output(declared(sessionAnswer))
    .mutation(({ ctx, input }) => accounts.googleSignup(ctx.deps, input, ctx)),

  /** Ends the caller's session: its token stops working at once on every instance. */
  logout: authedProcedure.output(declared(messageOutput)).mutation(({ ctx }) => accounts.logout(ctx.deps, ctx.user)),

  passwordReset: passwordResetRouter,

  profile: profileRouter,
  /** E-mail about new documents: each one, or a Monday digest (docs/decisions/0021). */
  documentMail: documentMailRouter,

  secondFactor: secondFactorRouter,

  sessions: sessionsRouter,

  passkeys: passkeysRouter,
});
