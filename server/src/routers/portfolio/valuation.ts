import { summary, valuationAnswer } from '../../services/portfolio/valuation';
import { authedProcedure } from '../../trpc/init';
import { declared } from '../../trpc/declared-output';
import { summaryOutput, valuationOutput } from '../../contract/valuation';

/** Every figure of the dashboards, computed once by the portfolio engine, as decimal text. */
export const valuationProcedure = authedProcedure.output(declared(valuationOutput)).query(({ ctx }) => valuationAnswer(ctx.deps));

/** The stat cards' figures, realized gains and cash. */
export const summaryProcedure = authedProcedure.output(declared(summaryOutput)).query(({ ctx }) => summary(ctx.deps));
