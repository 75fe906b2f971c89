import { portfolioReturns, returnsCsv } from '../../services/portfolio/returns';
import { returnsInput, returnsOutput } from '../../contract/returns';
import { authedProcedure, heavyReadProcedure } from '../../trpc/init';
import { declared } from '../../trpc/declared-output';
import { csvOutput } from '../../contract/exports';

/** The dashboards' Returns panel: time- and money-weighted returns, drawdown, volatility and beta per period (GP and LP). */
export const returnsProcedure = authedProcedure
  .input(returnsInput)
  .output(declared(returnsOutput))
  .query(({ ctx, input }) => portfolioReturns(ctx.deps, input));

/** Every period's daily rows as CSV (REST: /api/export/returns.csv). */
export const returnsCsvProcedure = heavyReadProcedure.output(declared(csvOutput)).query(({ ctx }) => returnsCsv(ctx.deps));
