import * as exportFiles from '../../services/portfolio/exports';
import { heavyReadProcedure, router } from '../../trpc/init';
import { declared } from '../../trpc/declared-output';
import { csvOutput } from '../../contract/exports';
import { returnsCsvProcedure } from './returns';

/** The CSV files for a spreadsheet (REST: /api/export/*.csv). */
export const exportsRouter = router({
  /** The whole ledger. */
  transactions: heavyReadProcedure.output(declared(csvOutput)).query(({ ctx }) => exportFiles.transactionsCsv(ctx.deps)),

  /** The dashboards' tables, with the engine's figures. */
  holdings: heavyReadProcedure.output(declared(csvOutput)).query(({ ctx }) => exportFiles.holdingsCsv(ctx.deps)),
  venture: heavyReadProcedure.output(declared(csvOutput)).query(({ ctx }) => exportFiles.ventureCsv(ctx.deps)),
  realEstate: heavyReadProcedure.output(declared(csvOutput)).query(({ ctx }) => exportFiles.realEstateCsv(ctx.deps)),

  /** The returns panel's daily rows, every period. */
  returns: returnsCsvProcedure,
});
