import { z } from 'zod';
import { CAPITAL_KINDS } from '../db/schema';
import { accountOf, allAccounts } from '../services/capital/accounts';
import { statementCsvDownload, statementPdfDownload } from '../services/capital/downloads';
import { deleteEntry, recordEntry } from '../services/capital/entries';
import { accountReader } from '../services/capital/reader';
import { declared } from '../trpc/declared-output';
import { authedProcedure, gpProcedure, router } from '../trpc/init';
import { idField, textField } from '../contract/fields';
import { dayField, decimalField, MONEY } from '../contract/money-fields';
import { capitalAccountOutput, capitalAccountsOutput, capitalEntryOutput, downloadOutput, messageOutput } from '../contract/outputs';

/** A user id from JSON or from a query string's text. */
const userIdField = idField.or(z.coerce.number({ error: 'A valid id is required.' }).pipe(idField));

const quarterField = textField('quarter', { message: 'quarter is required, e.g. 2026-Q3.' }).regex(/^\d{4}-Q[1-4]$/, 'quarter must look like 2026-Q3.');

const statementInput = z.strictObject({ quarter: quarterField, userId: userIdField.optional() });

/** Limited partners' capital accounts (README "Capital accounts"): an LP reads only their own. */
export const capitalRouter = router({
  /** The signed-in LP's own account (a GP names the LP with userId). */
  account: authedProcedure
    .input(z.strictObject({ userId: userIdField.optional() }).default({}))
    .output(declared(capitalAccountOutput))
    .query(({ ctx, input }) => accountOf(ctx.deps, accountReader(ctx.user, input.userId))),

  /** Every LP's account and the GP side. */
  accounts: gpProcedure.output(declared(capitalAccountsOutput)).query(({ ctx }) => allAccounts(ctx.deps)),

  addEntry: gpProcedure
    .input(
      z.strictObject({
        userId: idField,
        kind: z.enum(CAPITAL_KINDS, { error: 'Kind must be commitment, contribution or distribution.' }),
        amount: decimalField('Amount', { ...MONEY, sign: 'positive' }),
        date: dayField('Date'),
      }),
    )
    .output(declared(capitalEntryOutput))
    .mutation(({ ctx, input }) => recordEntry(ctx.deps, ctx.user, input)),

  /** A correction: the entry leaves the account, with its cash and units. */
  deleteEntry: gpProcedure
    .input(z.strictObject({ id: idField }))
    .output(declared(messageOutput))
    .mutation(({ ctx, input }) => deleteEntry(ctx.deps, ctx.user, input.id)),

  statementPdf: authedProcedure
    .input(statementInput)
    .output(declared(downloadOutput))
    .query(({ ctx, input }) => statementPdfDownload(ctx.deps, accountReader(ctx.user, input.userId), input.quarter)),

  statementCsv: authedProcedure
    .input(statementInput)
    .output(declared(downloadOutput))
    .query(({ ctx, input }) => statementCsvDownload(ctx.deps, accountReader(ctx.user, input.userId), input.quarter)),
});
