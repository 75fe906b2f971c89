import {
  documentOutput,
  documentsOutput,
  listDocumentsInput,
  receiptsOutput,
  replaceDocumentInput,
  uploadDocumentInput,
  uploadDocumentOutput,
} from '../contract/documents';
import { downloadOutput } from '../contract/capital';
import { messageOutput } from '../contract/common';
import { idInput } from '../contract/fields';
import { documentDetail, documentReceipts, downloadDocument, listDocuments } from '../services/documents/documents';
import { replaceDocument, uploadDocument, withdraw } from '../services/documents/uploads';
import { declared } from '../trpc/declared-output';
import { authedProcedure, gpProcedure, heavyReadProcedure, router } from '../trpc/init';

/**
 * The partners' documents (docs/product.md "Documents", docs/decisions/0020): an LP reads those
 * addressed to them; a GP files, replaces and withdraws them and sees who opened them. The file's
 * bytes are served by REST (GET /api/documents/:id/file); over tRPC `download` answers them in base64.
 */
export const documentsRouter = router({
  list: authedProcedure
    .input(listDocumentsInput)
    .output(declared(documentsOutput))
    .query(({ ctx, input }) => listDocuments(ctx.deps, ctx.user, input)),

  get: authedProcedure
    .input(idInput)
    .output(declared(documentOutput))
    .query(({ ctx, input }) => documentDetail(ctx.deps, ctx.user, input.id)),

  receipts: gpProcedure
    .input(idInput)
    .output(declared(receiptsOutput))
    .query(({ ctx, input }) => documentReceipts(ctx.deps, input.id)),

  download: heavyReadProcedure
    .input(idInput)
    .output(declared(downloadOutput))
    .query(({ ctx, input }) => downloadDocument(ctx.deps, ctx.user, input.id)),

  upload: gpProcedure
    .input(uploadDocumentInput)
    .output(declared(uploadDocumentOutput))
    .mutation(async ({ ctx, input }) => {
      const filed = await uploadDocument(ctx.deps, ctx.user, input);
      // Its partners' e-mail goes out with the next pass (docs/decisions/0021).
      ctx.deps.documentJobs.poke();
      return filed;
    }),

  /** A new file for the document; the earlier versions are kept. */
  replace: gpProcedure
    .input(replaceDocumentInput)
    .output(declared(uploadDocumentOutput))
    .mutation(({ ctx, input }) => replaceDocument(ctx.deps, ctx.user, input)),

  /** Hidden from partners (404), kept for the record; the page asks for confirmation first. */
  withdraw: gpProcedure
    .input(idInput)
    .output(declared(messageOutput))
    .mutation(({ ctx, input }) => withdraw(ctx.deps, ctx.user, input.id)),
});
