import * as assistant from '../services/assistant/assistant';
import { gpProcedure, router } from '../trpc/init';
import { assistantOutput, confirmInput, promptInput } from '../contract/assistant';
import { declared } from '../trpc/declared-output';
import { messageOutput } from '../contract/common';

// The assistant's router: the product calls it `ai` (mounted as `ai`, procedures ai.prompt and ai.confirm).
export const aiRouter = router({
  prompt: gpProcedure
    .input(promptInput)
    .output(declared(assistantOutput))
    .mutation(({ ctx, input }) => assistant.prompt(ctx.deps, ctx.user, input.prompt)),

  confirm: gpProcedure
    .input(confirmInput)
    .output(declared(messageOutput))
    .mutation(({ ctx, input }) => assistant.confirm(ctx.deps, ctx.user, input.confirm)),
});
