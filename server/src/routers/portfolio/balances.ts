import * as balances from '../../services/portfolio/balances';
import { cashMovementInput, saveBalancesInput } from '../../contract/balances';
import { authedProcedure, gpProcedure, router } from '../../trpc/init';
import { declared } from '../../trpc/declared-output';
import { balancesOutput, cashMovementOutput } from '../../contract/outputs';

/** SPEC's cash/margin panel: Cash Available, Margin Debit and Accounts Receivable. */
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
    .mutation(({ ctx, input }) => balances.recordCashMovement(ctx.deps, ctx.user, input)),
});
