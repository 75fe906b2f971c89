import * as balances from '../../services/portfolio/balances';
import {
  balancesOutput,
  cashMovementInput,
  cashMovementOutput,
  cashMovementPreviewInput,
  cashMovementPreviewOutput,
  saveBalancesInput,
} from '../../contract/balances';
import { authedProcedure, gpProcedure, router } from '../../trpc/init';
import { declared } from '../../trpc/declared-output';

/** The product's cash/margin panel: Cash Available, Margin Debit and Accounts Receivable. */
export const balancesRouter = router({
  get: authedProcedure.output(declared(balancesOutput)).query(({ ctx }) => balances.getBalances(ctx.deps)),

  save: gpProcedure
    .input(saveBalancesInput)
    .output(declared(balancesOutput))
    .mutation(({ ctx, input }) => balances.saveBalances(ctx.deps, ctx.user, input)),

  /** Money paid into or taken out of Cash Available (a capital call, a distribution, fees). */
  recordCashMovement: gpProcedure
    .input(cashMovementInput)
    .output(declared(cashMovementOutput))
    .mutation(({ ctx, input: { allow_negative_cash, ...input } }) =>
      balances.recordCashMovement(ctx.deps, ctx.user, { ...input, allowNegativeCash: allow_negative_cash }),
    ),

  /** What a deposit or withdrawal would do to Cash Available, before it is recorded. */
  previewCashMovement: gpProcedure
    .input(cashMovementPreviewInput)
    .output(declared(cashMovementPreviewOutput))
    .query(({ ctx, input: { allow_negative_cash, ...input } }) =>
      balances.previewCashMovement(ctx.deps, { ...input, allowNegativeCash: allow_negative_cash }),
    ),
});
