import * as passwordReset from '../../services/password-reset/password-reset';
import { publicProcedure, router } from '../../trpc/init';
import { requestPasswordResetInput, resetPasswordInput } from '../../contract/password-reset';
import { declared } from '../../trpc/declared-output';
import { messageOutput } from '../../contract/common';

/** The product's password reset: the login page's 'Reset Your Password' request, then /password_reset's new password. */
export const passwordResetRouter = router({
  request: publicProcedure
    .input(requestPasswordResetInput)
    .output(declared(messageOutput))
    .mutation(({ ctx, input }) => passwordReset.requestPasswordReset(ctx.deps, input, ctx)),

  setPassword: publicProcedure
    .input(resetPasswordInput)
    .output(declared(messageOutput))
    .mutation(({ ctx, input }) => passwordReset.resetPassword(ctx.deps, input, ctx)),
});
