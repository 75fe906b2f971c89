import * as holdings from '../../services/portfolio/holdings';
import { addHoldingInput, checkSymbolInput, holdingsOutput, sellInput, sellOutput, symbolCheckOutput } from '../../contract/holdings';
import { authedProcedure, gpProcedure, router } from '../../trpc/init';
import { idInput } from '../../contract/fields';
import { declared } from '../../trpc/declared-output';
import { messageOutput } from '../../contract/common';

/** The product's Liquid Assets table: the stock and crypto lots, Add Investment, and the trash button's sale or delete. */
export const holdingsRouter = router({
  list: authedProcedure.output(declared(holdingsOutput)).query(({ ctx }) => holdings.listHoldings(ctx.deps)),

  add: gpProcedure
    .input(addHoldingInput)
    .output(declared(holdingsOutput))
    .mutation(({ ctx, input }) => holdings.addHolding(ctx.deps, ctx.user, input)),

  /** Add Investment's ticker check: priced, unknown to the market-data provider, or unavailable. */
  checkSymbol: gpProcedure
    .input(checkSymbolInput)
    .output(declared(symbolCheckOutput))
    .query(({ ctx, input }) => holdings.checkSymbol(ctx.deps, ctx.user, input)),

  remove: gpProcedure
    .input(idInput)
    .output(declared(messageOutput))
    .mutation(({ ctx, input }) => holdings.deleteHolding(ctx.deps, ctx.user, input.id)),

  /** The Sell action on a liquid position: first in, first out; settles against cash unless `settles` is false. */
  sell: gpProcedure
    .input(sellInput)
    .output(declared(sellOutput))
    .mutation(({ ctx, input }) => holdings.sellHolding(ctx.deps, ctx.user, input)),
});
