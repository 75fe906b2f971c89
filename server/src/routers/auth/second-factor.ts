import * as factors from '../../services/second-factor/factors';
import * as sessionList from '../../services/second-factor/session-list';
import { authedProcedure, router } from '../../trpc/init';
import { declared } from '../../trpc/declared-output';
import { messageOutput } from '../../contract/common';
import {
  codeInput,
  recoveryCodesOutput,
  secondFactorStatusOutput,
  sessionIdInput,
  sessionListOutput,
  totpSetupOutput,
} from '../../contract/second-factor';

/** The profile's two-factor sign-in (docs/decisions/0015) and step-up (docs/decisions/0016). */
export const secondFactorRouter = router({
  status: authedProcedure.output(declared(secondFactorStatusOutput)).query(({ ctx }) => factors.secondFactorStatus(ctx.deps, ctx.user)),

  /** A new secret waiting for its first code: QR code, text and otpauth URI. */
  startTotp: authedProcedure.output(declared(totpSetupOutput)).mutation(({ ctx }) => factors.startTotp(ctx.deps, ctx.user)),

  /** The first code turns the factor on and answers the ten recovery codes, once. */
  confirmTotp: authedProcedure
    .input(codeInput)
    .output(declared(recoveryCodesOutput))
    .mutation(({ ctx, input }) => factors.confirmTotp(ctx.deps, ctx.user, input, ctx)),

  disableTotp: authedProcedure
    .input(codeInput)
    .output(declared(messageOutput))
    .mutation(({ ctx, input }) => factors.disableTotp(ctx.deps, ctx.user, input, ctx)),

  recoveryCodes: authedProcedure.output(declared(recoveryCodesOutput)).mutation(({ ctx }) => factors.newRecoveryCodes(ctx.deps, ctx.user)),

  /** Verifies a code for this session: its guarded calls go through for the next 10 minutes. */
  stepUp: authedProcedure
    .input(codeInput)
    .output(declared(messageOutput))
    .mutation(({ ctx, input }) => factors.stepUp(ctx.deps, ctx.user, input, ctx)),
});

/** The profile's list of the user's sessions, and ending them. */
export const sessionsRouter = router({
  list: authedProcedure.output(declared(sessionListOutput)).query(({ ctx }) => sessionList.listSessions(ctx.deps, ctx.user)),

  end: authedProcedure
    .input(sessionIdInput)
    .output(declared(messageOutput))
    .mutation(({ ctx, input }) => sessionList.endOwnSession(ctx.deps, ctx.user, input.id)),

  /** "Sign out everywhere else". */
  endOthers: authedProcedure.output(declared(messageOutput)).mutation(({ ctx }) => sessionList.endOtherSessions(ctx.deps, ctx.user)),
});
