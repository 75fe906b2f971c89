import * as passkeys from '../../services/second-factor/passkeys';
import { authedProcedure, router } from '../../trpc/init';
import { declared } from '../../trpc/declared-output';
import { messageOutput } from '../../contract/common';
import {
  finishRegistrationInput,
  passkeyAssertionInput,
  passkeyIdInput,
  passkeyListOutput,
  webauthnOptionsOutput,
} from '../../contract/passkeys';

/** The profile's passkeys (docs/decisions/0015 "Passkeys"), and step-up with one (docs/decisions/0016). */
export const passkeysRouter = router({
  list: authedProcedure.output(declared(passkeyListOutput)).query(({ ctx }) => passkeys.listPasskeys(ctx.deps, ctx.user)),

  /** Creation options for the browser; the answer goes to finishRegistration within 5 minutes. */
  startRegistration: authedProcedure
    .output(declared(webauthnOptionsOutput))
    .mutation(({ ctx }) => passkeys.startRegistration(ctx.deps, ctx.user)),

  finishRegistration: authedProcedure
    .input(finishRegistrationInput)
    .output(declared(messageOutput))
    .mutation(({ ctx, input }) => passkeys.finishRegistration(ctx.deps, ctx.user, input, ctx)),

  remove: authedProcedure
    .input(passkeyIdInput)
    .output(declared(messageOutput))
    .mutation(({ ctx, input }) => passkeys.removePasskey(ctx.deps, ctx.user, input.id, ctx)),

  stepUpOptions: authedProcedure.output(declared(webauthnOptionsOutput)).mutation(({ ctx }) => passkeys.stepUpOptions(ctx.deps, ctx.user)),

  stepUp: authedProcedure
    .input(passkeyAssertionInput)
    .output(declared(messageOutput))
    .mutation(({ ctx, input }) => passkeys.stepUpWithPasskey(ctx.deps, ctx.user, input, ctx)),
});
