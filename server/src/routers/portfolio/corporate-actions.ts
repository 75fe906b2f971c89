import { corporateActionInput, corporateActionResult, corporateActionsOutput } from '../../contract/corporate-actions';
import { idInput } from '../../contract/fields';
import { messageOutput } from '../../contract/common';
import { listCorporateActions, recordCorporateAction, removeCorporateAction } from '../../services/portfolio/corporate-actions';
import { declared } from '../../trpc/declared-output';
import { authedProcedure, gpProcedure, router } from '../../trpc/init';

/** Splits, dividends, interest and fees in the ledger (docs/decisions/0011-corporate-actions-and-income.md): GP writes, everyone reads. */
export const corporateActionsRouter = router({
  list: authedProcedure.output(declared(corporateActionsOutput)).query(({ ctx }) => listCorporateActions(ctx.deps)),

  /** One action, told apart by `kind`: split, dividend, interest, margin_interest or fee. */
  record: gpProcedure
    .input(corporateActionInput)
    .output(declared(corporateActionResult))
    .mutation(({ ctx, input }) => recordCorporateAction(ctx.deps, ctx.user, input)),

  /** A correction: the entry goes and the books are put back as they were. */
  remove: gpProcedure
    .input(idInput)
    .output(declared(messageOutput))
    .mutation(({ ctx, input }) => removeCorporateAction(ctx.deps, ctx.user, input.id)),
});
