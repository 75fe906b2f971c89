import { messageOutput } from '../../contract/common';
import {
  historyRebuildOutput,
  officialNavDayInput,
  officialNavInput,
  officialNavsOutput,
  rebuildRequestInput,
} from '../../contract/history-rebuild';
import { historyRebuildStatus, requestRebuild } from '../../services/portfolio/history-rebuild';
import { listOfficialNavs, removeOfficialNav, setOfficialNav } from '../../services/portfolio/official-navs';
import { declared } from '../../trpc/declared-output';
import { authedProcedure, gpProcedure, gpStepUpProcedure, router } from '../../trpc/init';

/** History from the first entry (docs/decisions/0018-history-from-the-first-entry.md): the rebuild's state, GP and LP. */
export const historyRebuildProcedure = authedProcedure
  .output(declared(historyRebuildOutput))
  .query(({ ctx }) => historyRebuildStatus(ctx.deps));

/** A GP asks for the days from a date on to be valued again. */
export const rebuildHistoryProcedure = gpProcedure
  .input(rebuildRequestInput)
  .output(declared(messageOutput))
  .mutation(({ ctx, input }) => requestRebuild(ctx.deps, ctx.user, input.from));

/** Official net account values of past days: everyone reads, a GP sets and removes them (with a recent second factor, decision 0016). */
export const officialNavRouter = router({
  list: authedProcedure.output(declared(officialNavsOutput)).query(({ ctx }) => listOfficialNavs(ctx.deps)),
  set: gpStepUpProcedure
    .input(officialNavInput)
    .output(declared(messageOutput))
    .mutation(({ ctx, input }) => setOfficialNav(ctx.deps, ctx.user, input)),
  remove: gpStepUpProcedure
    .input(officialNavDayInput)
    .output(declared(messageOutput))
    .mutation(({ ctx, input }) => removeOfficialNav(ctx.deps, ctx.user, input.date)),
});
