import { z } from 'zod';
import * as assistant from '../services/assistant/assistant';
import { gpProcedure, router } from '../trpc/init';
import { textField } from '../contract/fields';
import { declared } from '../trpc/declared-output';
import { assistantOutput, messageOutput } from '../contract/outputs';

export const PROMPT_MAX = 1000;

export const aiRouter = router({
  prompt: gpProcedure
    .input(
      z.strictObject({
        prompt: textField('Your message', { message: 'Please type a message for the assistant.', multiline: true })
          .min(1, 'Please type a message for the assistant.')
          .max(PROMPT_MAX, `Your message is too long (${PROMPT_MAX.toLocaleString('en-US')} characters at most).`),
      }),
    )
    .output(declared(assistantOutput)).mutation(({ ctx, input }) => assistant.prompt(ctx.deps, ctx.user, input.prompt)),

  confirm: gpProcedure
    .input(z.strictObject({ confirm: z.boolean({ error: 'confirm must be true or false.' }) }))
    .output(declared(messageOutput)).mutation(({ ctx, input }) => assistant.confirm(ctx.deps, ctx.user, input.confirm)),
});
