import * as balances from '../services/portfolio/balances';
import * as exportFiles from '../services/portfolio/exports';
import * as holdings from '../services/portfolio/holdings';
import * as reads from '../services/portfolio/reads';
import { auditEventsInput, historyInput, transactionsInput } from '../contract/ledger';
import { addHoldingInput, checkSymbolInput, sellInput } from '../contract/holdings';
import { cashMovementInput, saveBalancesInput } from '../contract/balances';
import { listPredictions } from '../services/market/predictions';
import { marketSummary } from '../services/market/service';
import { authedProcedure, gpProcedure, router } from '../trpc/init';
import { capitalRouter } from './capital';
import { idInput } from '../contract/fields';
import { declared } from '../trpc/declared-output';
import { symbolCheckOutput, auditEventsOutput, balancesOutput, cashMovementOutput, csvOutput, historyOutput, holdingsOutput, marketSummaryOutput, messageOutput, predictionsOutput, sellOutput, summaryOutput, transactionsOutput, valuationOutput } from '../contract/outputs';

export const portfolioRouter = router({
  holdings: authedProcedure.output(declared(holdingsOutput)).query(({ ctx }) => holdings.listHoldings(ctx.deps)),

  addHolding: gpProcedure
    .input(addHoldingInput)
    .output(declared(holdingsOutput)).mutation(({ ctx, input }) => holdings.addHolding(ctx.deps, ctx.user, input)),

  /** Add Investment's ticker check: priced, unknown to the market-data provider, or unavailable. */
  checkSymbol: gpProcedure
    .input(checkSymbolInput)
    .output(declared(symbolCheckOutput))
    .query(({ ctx, input }) => holdings.checkSymbol(ctx.deps, ctx.user, input)),

  deleteHolding: gpProcedure
    .input(idInput)
    .output(declared(messageOutput)).mutation(({ ctx, input }) => holdings.deleteHolding(ctx.deps, ctx.user, input.id)),

  balances: authedProcedure.output(declared(balancesOutput)).query(({ ctx }) => balances.getBalances(ctx.deps)),

  saveBalances: gpProcedure
    .input(saveBalancesInput)
    .output(declared(balancesOutput)).mutation(({ ctx, input }) => balances.saveBalances(ctx.deps, ctx.user, input)),

  /** Money paid into or taken out of Cash Available (a capital call, a distribution, fees). */
  recordCashMovement: gpProcedure
    .input(cashMovementInput)
    .output(declared(cashMovementOutput)).mutation(({ ctx, input }) => balances.recordCashMovement(ctx.deps, ctx.user, input)),

  marketSummary: authedProcedure.output(declared(marketSummaryOutput)).query(({ ctx }) => marketSummary(ctx.deps.db, ctx.deps.now())),

  predictions: authedProcedure.output(declared(predictionsOutput)).query(({ ctx }) => listPredictions(ctx.deps)),

  /** The Sell action on a liquid position: first in, first out; settles against cash unless `settles` is false. */
  sell: gpProcedure
    .input(sellInput)
    .output(declared(sellOutput)).mutation(({ ctx, input }) => holdings.sellHolding(ctx.deps, ctx.user, input)),

  /** Every figure of the dashboards, computed once by the portfolio engine, as decimal text. */
  valuation: authedProcedure.output(declared(valuationOutput)).query(async ({ ctx }) => {
    const view = await ctx.deps.portfolio.current();
    return { ...view.valuation, quotes: Object.fromEntries(view.live), asOf: view.computedAt.toISOString() };
  }),

  /** The stat cards' figures, realized gains and cash. */
  summary: authedProcedure.output(declared(summaryOutput)).query(({ ctx }) => reads.summary(ctx.deps)),

  /** The ledger, newest first, a page at a time. */
  transactions: authedProcedure
    .input(transactionsInput)
    .output(declared(transactionsOutput)).query(({ ctx, input }) => reads.transactions(ctx.deps, input)),

  /** Per day the net account value, its new money and the time-weighted return, beside the S&P 500. */
  history: authedProcedure
    .input(historyInput)
    .output(declared(historyOutput)).query(({ ctx, input }) => reads.portfolioHistory(ctx.deps, input.days)),

  /** The audit log: who changed what, before and after, newest first. */
  auditEvents: authedProcedure
    .input(auditEventsInput)
    .output(declared(auditEventsOutput)).query(({ ctx, input }) => reads.auditEventsPage(ctx.deps, input, ctx.user)),

  /** The whole ledger as CSV, for a spreadsheet. */
  transactionsCsv: authedProcedure.output(declared(csvOutput)).query(({ ctx }) => reads.transactionsCsv(ctx.deps)),

  /** The dashboards' tables as CSV, with the engine's figures. */
  holdingsCsv: authedProcedure.output(declared(csvOutput)).query(({ ctx }) => exportFiles.holdingsCsv(ctx.deps)),
  ventureCsv: authedProcedure.output(declared(csvOutput)).query(({ ctx }) => exportFiles.ventureCsv(ctx.deps)),
  realEstateCsv: authedProcedure.output(declared(csvOutput)).query(({ ctx }) => exportFiles.realEstateCsv(ctx.deps)),

  /** Limited partners' capital accounts and quarterly statements. */
  capital: capitalRouter,
});
