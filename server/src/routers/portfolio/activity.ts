import * as activity from '../../services/portfolio/activity';
import { auditEventsInput, auditEventsOutput, transactionsInput, transactionsOutput } from '../../contract/activity';
import { authedProcedure, router } from '../../trpc/init';
import { declared } from '../../trpc/declared-output';

/** The Activity page: the ledger's transactions and the audit log. */
export const activityRouter = router({
  /** The ledger, newest first, a page at a time. */
  transactions: authedProcedure
    .input(transactionsInput)
    .output(declared(transactionsOutput))
    .query(({ ctx, input }) => activity.transactions(ctx.deps, input)),

  /** The audit log: who changed what, before and after, newest first. */
  auditEvents: authedProcedure
    .input(auditEventsInput)
    .output(declared(auditEventsOutput))
    .query(({ ctx, input }) => activity.auditEventsPage(ctx.deps, input, ctx.user)),
});
