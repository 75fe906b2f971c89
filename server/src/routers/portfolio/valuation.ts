import { summary } from '../../services/portfolio/valuation';
import { authedProcedure } from '../../trpc/init';
import { declared } from '../../trpc/declared-output';
import { summaryOutput, valuationOutput } from '../../contract/valuation';

/** Every figure of the dashboards, computed once by the portfolio engine, as decimal text. */
export const valuationProcedure = authedProcedure.output(declared(valuationOutput)).query(async ({ ctx }) => {
  const view = await ctx.deps.portfolio.current();
  return { ...view.valuation, quotes: Object.fromEntries(view.live), asOf: view.computedAt.toISOString() };
});

/** The stat cards' figures, realized gains and cash. */
export const summaryProcedure = authedProcedure.output(declared(summaryOutput)).query(({ ctx }) => summary(ctx.deps));
