import { contactHandledOutput, contactListOutput, markHandledInput, submitInquiryInput } from '../contract/contact';
import { deleteSubmission, listSubmissions, markHandled, submitInquiry } from '../services/contact/contact';
import { gpProcedure, publicProcedure, router } from '../trpc/init';
import { idInput } from '../contract/fields';
import { declared } from '../trpc/declared-output';
import { messageOutput } from '../contract/common';

export const contactRouter = router({
  submit: publicProcedure
    .input(submitInquiryInput)
    .output(declared(messageOutput))
    .mutation(({ ctx, input }) => submitInquiry(ctx.deps, input, ctx)),

  list: gpProcedure.output(declared(contactListOutput)).query(({ ctx }) => listSubmissions(ctx.deps)),

  /** Marks an inquiry handled, or open again (audited). */
  markHandled: gpProcedure
    .input(markHandledInput)
    .output(declared(contactHandledOutput))
    .mutation(({ ctx, input }) => markHandled(ctx.deps, ctx.user, input)),

  /** Deletes an inquiry (audited); the page asks for confirmation first. */
  remove: gpProcedure
    .input(idInput)
    .output(declared(messageOutput))
    .mutation(({ ctx, input }) => deleteSubmission(ctx.deps, ctx.user, input.id)),
});
