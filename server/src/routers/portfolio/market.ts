import { listPredictions } from '../../services/market/predictions';
import { marketSummary } from '../../services/market/service';
import { authedProcedure, router } from '../../trpc/init';
import { declared } from '../../trpc/declared-output';
import { marketSummaryOutput, predictionsOutput } from '../../contract/market';

/** What the market says: the market bar's index tiles and the next-day predicted closes. */
export const marketRouter = router({
  summary: authedProcedure.output(declared(marketSummaryOutput)).query(({ ctx }) => marketSummary(ctx.deps)),

  predictions: authedProcedure.output(declared(predictionsOutput)).query(({ ctx }) => listPredictions(ctx.deps)),
});
