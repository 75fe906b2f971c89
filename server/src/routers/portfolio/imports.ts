import { importCommitOutput, importInput, importPreviewOutput, importsOutput } from '../../contract/imports';
import { commitImport, listImports, previewImport } from '../../services/imports/imports';
import { declared } from '../../trpc/declared-output';
import { gpProcedure, gpStepUpProcedure, router } from '../../trpc/init';

/** Broker imports (docs/imports.md): GP only; the commit asks for a recent second factor (docs/decisions/0016). */
export const importsRouter = router({
  list: gpProcedure.output(declared(importsOutput)).query(({ ctx }) => listImports(ctx.deps)),

  /** Every line read and checked, with what it becomes and every problem by line and column; nothing is written. */
  preview: gpProcedure
    .input(importInput)
    .output(declared(importPreviewOutput))
    .mutation(({ ctx, input }) => previewImport(ctx.deps, input)),

  /** All or nothing, in one transaction; lines already imported are skipped and reported. */
  commit: gpStepUpProcedure
    .input(importInput)
    .output(declared(importCommitOutput))
    .mutation(({ ctx, input }) => commitImport(ctx.deps, ctx.user, input)),
});
