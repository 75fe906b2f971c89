import { router } from '../../trpc/init';
import { activityRouter } from './activity';
import { balancesRouter } from './balances';
import { capitalRouter } from './capital';
import { corporateActionsRouter } from './corporate-actions';
import { exportsRouter } from './exports';
import { historyProcedure } from './history';
import { historyRebuildProcedure, officialNavRouter, rebuildHistoryProcedure } from './history-rebuild';
import { holdingsRouter } from './holdings';
import { importsRouter } from './imports';
import { marketRouter } from './market';
import { reconciliationRouter } from './reconciliation';
import { returnsProcedure } from './returns';
import { lotsProcedure, positionsProcedure, summaryProcedure, valuationProcedure } from './valuation';

/** The books: the dashboards' figures and history, and one sub-router per feature. */
export const portfolioRouter = router({
  valuation: valuationProcedure,
  /** The valuation without the lots, and one symbol's lots when it is opened (docs/decisions/0025). */
  positions: positionsProcedure,
  lots: lotsProcedure,
  summary: summaryProcedure,
  history: historyProcedure,
  returns: returnsProcedure,
  /** The rebuild of past days after back-dated entries, and a GP's request for one (docs/decisions/0018). */
  historyRebuild: historyRebuildProcedure,
  rebuildHistory: rebuildHistoryProcedure,
  /** Official net account values of past days. */
  officialNav: officialNavRouter,
  holdings: holdingsRouter,
  balances: balancesRouter,
  market: marketRouter,
  activity: activityRouter,
  exports: exportsRouter,
  /** Splits, dividends, interest and fees. */
  corporateActions: corporateActionsRouter,
  /** Limited partners' capital accounts and quarterly statements. */
  capital: capitalRouter,
  /** Broker and generic CSV imports (docs/imports.md). */
  imports: importsRouter,
  /** The broker's positions for a day compared with the books (GP only). */
  reconciliation: reconciliationRouter,
});
