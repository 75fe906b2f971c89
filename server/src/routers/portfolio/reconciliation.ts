import { idInput } from '../../contract/fields';
import { reconciliationListOutput, reconciliationOutput, reconciliationRunInput } from '../../contract/reconciliation';
import { getReconciliation, listReconciliations, runReconciliation } from '../../services/reconciliation/reconciliation';
import { declared } from '../../trpc/declared-output';
import { gpProcedure, router } from '../../trpc/init';

/** Reconciliation with the broker (docs/reconciliation.md): GP only, every run kept. */
export const reconciliationRouter = router({
  /** Compares the broker's positions file for a day with the books and keeps the run. */
  run: gpProcedure
    .input(reconciliationRunInput)
    .output(declared(reconciliationOutput))
    .mutation(({ ctx, input }) => runReconciliation(ctx.deps, ctx.user, input)),

  list: gpProcedure.output(declared(reconciliationListOutput)).query(({ ctx }) => listReconciliations(ctx.deps)),

  get: gpProcedure
    .input(idInput)
    .output(declared(reconciliationOutput))
    .query(({ ctx, input }) => getReconciliation(ctx.deps, input.id)),
});
