import { documentMailInput, documentMailOutput, documentMailSaved } from '../../contract/document-mail';
import { documentMailOf, setDocumentMail } from '../../services/notices/document-mail';
import { declared } from '../../trpc/declared-output';
import { authedProcedure, router } from '../../trpc/init';

/** The signed-in user's choice of e-mail about new documents (docs/decisions/0021): each one, or a Monday digest. */
export const documentMailRouter = router({
  get: authedProcedure.output(declared(documentMailOutput)).query(({ ctx }) => documentMailOf(ctx.deps.db, ctx.user.id)),

  set: authedProcedure
    .input(documentMailInput)
    .output(declared(documentMailSaved))
    .mutation(({ ctx, input }) => setDocumentMail(ctx.deps, ctx.user.id, input.mode)),
});
