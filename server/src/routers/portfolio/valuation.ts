import { lotsAnswer, positionsAnswer, summary, valuationAnswer } from '../../services/portfolio/valuation';
import { authedProcedure } from '../../trpc/init';
import { declared } from '../../trpc/declared-output';
import { lotsInput, lotsOutput, positionsOutput, summaryOutput, valuationOutput } from '../../contract/valuation';

/** Every figure of the dashboards, computed once by the portfolio engine, as decimal text. */
export const valuationProcedure = authedProcedure.output(declared(valuationOutput)).query(({ ctx }) => valuationAnswer(ctx.deps));

/** The stat cards' figures, realized gains and cash. */
export const summaryProcedure = authedProcedure.output(declared(summaryOutput)).query(({ ctx }) => summary(ctx.deps));

/**
 * The dashboards' figures without the lots, each position with its number of lots (docs/decisions/0025,
 * "Later: lots sent on open"): the same engine view as the valuation, kept and serialized once per version.
 */
export const positionsProcedure = authedProcedure.output(declared(positionsOutput)).query(({ ctx }) => positionsAnswer(ctx.deps));

/** One symbol's lots, oldest first, as the valuation has them; an empty list for a symbol not held. */
export const lotsProcedure = authedProcedure
  .input(lotsInput)
  .output(declared(lotsOutput))
  .query(({ ctx, input }) => lotsAnswer(ctx.deps, input.symbol));
