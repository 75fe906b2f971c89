import {
  capitalAccountInput,
  capitalAccountOutput,
  capitalAccountsOutput,
  capitalEntryInput,
  capitalEntryOutput,
  downloadOutput,
  statementInput,
} from '../../contract/capital';
import { accountOf, allAccounts } from '../../services/capital/accounts';
import { statementCsvDownload, statementPdfDownload } from '../../services/capital/downloads';
import { deleteEntry, recordEntry } from '../../services/capital/entries';
import { accountReader } from '../../services/capital/reader';
import { declared } from '../../trpc/declared-output';
import { gpHeavyReadProcedure, gpStepUpProcedure, heavyReadProcedure, router } from '../../trpc/init';
import { idInput } from '../../contract/fields';
import { messageOutput } from '../../contract/common';

/** Limited partners' capital accounts (README "Capital accounts"): an LP reads only their own. */
export const capitalRouter = router({
  /** The signed-in LP's own account (a GP names the LP with userId). */
  account: heavyReadProcedure
    .input(capitalAccountInput)
    .output(declared(capitalAccountOutput))
    .query(({ ctx, input }) => accountOf(ctx.deps, accountReader(ctx.user, input.userId))),

  /** Every LP's account and the GP side. */
  accounts: gpHeavyReadProcedure.output(declared(capitalAccountsOutput)).query(({ ctx }) => allAccounts(ctx.deps)),

  addEntry: gpStepUpProcedure
    .input(capitalEntryInput)
    .output(declared(capitalEntryOutput))
    .mutation(async ({ ctx, input }) => {
      const recorded = await recordEntry(ctx.deps, ctx.user, input);
      // Its notice is filed NOTICE_DELAY_MS later, out of this request (docs/decisions/0021).
      ctx.deps.documentJobs.poke();
      return recorded;
    }),

  /** A correction: the entry leaves the account, with its cash and units. */
  deleteEntry: gpStepUpProcedure
    .input(idInput)
    .output(declared(messageOutput))
    .mutation(({ ctx, input }) => deleteEntry(ctx.deps, ctx.user, input.id)),

  statementPdf: heavyReadProcedure
    .input(statementInput)
    .output(declared(downloadOutput))
    .query(({ ctx, input }) => statementPdfDownload(ctx.deps, accountReader(ctx.user, input.userId), input.quarter)),

  statementCsv: heavyReadProcedure
    .input(statementInput)
    .output(declared(downloadOutput))
    .query(({ ctx, input }) => statementCsvDownload(ctx.deps, accountReader(ctx.user, input.userId), input.quarter)),
});
