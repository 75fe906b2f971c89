import { z } from 'zod';
import { CONTACT_LIMITS, PHONE_MESSAGE } from '../contract/contact-rules';
import { deleteSubmission, listSubmissions, markHandled, submitInquiry } from '../services/contact';
import { gpProcedure, publicProcedure, router } from '../trpc/init';
import { emailField, idField, nameField, textField } from '../contract/fields';
import { declared } from '../trpc/declared-output';
import { contactHandledOutput, contactListOutput, messageOutput } from '../contract/outputs';

export const contactRouter = router({
  submit: publicProcedure
    .input(
      z.strictObject({
        name: nameField('Name').max(CONTACT_LIMITS.name, 'Name is too long.'),
        email: emailField,
        phone: textField('Phone', { message: PHONE_MESSAGE }).max(32, PHONE_MESSAGE).default(''),
        message: textField('Message', { multiline: true })
          .min(1, 'Message is required.')
          .max(CONTACT_LIMITS.message, `Message must be at most ${CONTACT_LIMITS.message} characters.`),
      }),
    )
    .output(declared(messageOutput)).mutation(({ ctx, input }) => submitInquiry(ctx.deps, input, ctx)),

  list: gpProcedure.output(declared(contactListOutput)).query(({ ctx }) => listSubmissions(ctx.deps)),

  /** Marks an inquiry handled, or open again (audited). */
  markHandled: gpProcedure
    .input(z.strictObject({ id: idField, handled: z.boolean({ error: 'handled must be true or false.' }) }))
    .output(declared(contactHandledOutput))
    .mutation(({ ctx, input }) => markHandled(ctx.deps, ctx.user, input)),

  /** Deletes an inquiry (audited); the page asks for confirmation first. */
  remove: gpProcedure
    .input(z.strictObject({ id: idField }))
    .output(declared(messageOutput))
    .mutation(({ ctx, input }) => deleteSubmission(ctx.deps, ctx.user, input.id)),
});
