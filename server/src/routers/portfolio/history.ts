import { portfolioHistory } from '../../services/portfolio/history';
import { historyInput, historyOutput } from '../../contract/history';
import { authedProcedure } from '../../trpc/init';
import { declared } from '../../trpc/declared-output';

/** The dashboards' history chart: per day the net account value, its new money and the time-weighted return, beside the S&P 500. */
export const historyProcedure = authedProcedure
  .input(historyInput)
  .output(declared(historyOutput))
  .query(({ ctx, input }) => portfolioHistory(ctx.deps, input.days));
