import { z } from 'zod';
import { ASSET_TYPES } from '../contract/asset-rules';
import * as balances from '../services/portfolio/balances';
import * as exportFiles from '../services/portfolio/exports';
import * as holdings from '../services/portfolio/holdings';
import * as reads from '../services/portfolio/reads';
import { LEDGER_KINDS } from '../contract/ledger';
import { listPredictions } from '../services/market/predictions';
import { marketSummary } from '../services/market/service';
import { authedProcedure, gpProcedure, router } from '../trpc/init';
import { capitalRouter } from './capital';
import { idField, textField } from '../contract/fields';
import { dayField, decimalField, MONEY, PRICE, QUANTITY } from '../contract/money-fields';
import { declared } from '../trpc/declared-output';
import { symbolCheckOutput, auditEventsOutput, balancesOutput, cashMovementOutput, csvOutput, historyOutput, holdingsOutput, marketSummaryOutput, messageOutput, predictionsOutput, sellOutput, summaryOutput, transactionsOutput, valuationOutput } from '../contract/outputs';

const purchase = z.strictObject({
  qty: decimalField('Quantity', { ...QUANTITY, sign: 'positive' }),
  price_paid: decimalField('Purchase price', { ...PRICE, sign: 'nonNegative' }),
  purchase_date: dayField('Purchase date'),
});

const symbolField = textField('Ticker symbol', { message: 'Ticker symbol is required.' })
  .min(1, 'Ticker symbol is required.')
  .max(15, 'Ticker symbol is too long.')
  .regex(/^[A-Za-z0-9][A-Za-z0-9.-]*$/, 'Ticker symbol can have only letters, digits, dots and dashes.');

const pageLimit = z.coerce
  .number({ error: 'limit must be a number.' })
  .int('limit must be a whole number.')
  .min(1, 'limit must be between 1 and 500.')
  .max(500, 'limit must be between 1 and 500.')
  .default(50);

const balance = (label: string) => decimalField(label, MONEY);

export const portfolioRouter = router({
  holdings: authedProcedure.output(declared(holdingsOutput)).query(({ ctx }) => holdings.listHoldings(ctx.deps)),

  addHolding: gpProcedure
    .input(
      z.strictObject({
        symbol: symbolField,
        asset_type: z.enum(ASSET_TYPES, { error: 'Asset type must be stock or crypto.' }),
        exchange: textField('Exchange', { message: 'Exchange must be text.' })
          .max(20, 'Exchange is too long.')
          .regex(/^[A-Za-z]*$/, 'Exchange can have only letters.')
          .optional(),
        purchases: z
          .array(purchase, { error: 'Purchases must be a list.' })
          .min(1, 'Add at least one purchase.')
          .max(100, 'Add at most 100 purchases at a time.'),
        /** Paid from Cash Available; by default the purchases are recorded without touching it. */
        settles: z.boolean({ error: 'settles must be true or false.' }).optional(),
      }),
    )
    .output(declared(holdingsOutput)).mutation(({ ctx, input }) => holdings.addHolding(ctx.deps, ctx.user, input)),

  /** Add Investment's ticker check: priced, unknown to the market-data provider, or unavailable. */
  checkSymbol: gpProcedure
    .input(z.strictObject({ symbol: symbolField, asset_type: z.enum(ASSET_TYPES, { error: 'Asset type must be stock or crypto.' }) }))
    .output(declared(symbolCheckOutput))
    .query(({ ctx, input }) => holdings.checkSymbol(ctx.deps, ctx.user, input)),

  deleteHolding: gpProcedure
    .input(z.strictObject({ id: idField }))
    .output(declared(messageOutput)).mutation(({ ctx, input }) => holdings.deleteHolding(ctx.deps, ctx.user, input.id)),

  balances: authedProcedure.output(declared(balancesOutput)).query(({ ctx }) => balances.getBalances(ctx.deps)),

  saveBalances: gpProcedure
    .input(
      z.strictObject({
        cash_available: balance('Cash Available'),
        margin_debit: balance('Margin Debit'),
        accounts_receivable: balance('Accounts Receivable'),
      }),
    )
    .output(declared(balancesOutput)).mutation(({ ctx, input }) => balances.saveBalances(ctx.deps, ctx.user, input)),

  /** Money paid into or taken out of Cash Available (a capital call, a distribution, fees). */
  recordCashMovement: gpProcedure
    .input(
      z.strictObject({
        kind: z.enum(['deposit', 'withdrawal'], { error: 'Kind must be deposit or withdrawal.' }),
        amount: decimalField('Amount', { ...MONEY, sign: 'positive' }),
        note: textField('Note').max(200, 'Note is too long (at most 200 characters).').default(''),
      }),
    )
    .output(declared(cashMovementOutput)).mutation(({ ctx, input }) => balances.recordCashMovement(ctx.deps, ctx.user, input)),

  marketSummary: authedProcedure.output(declared(marketSummaryOutput)).query(({ ctx }) => marketSummary(ctx.deps)),

  predictions: authedProcedure.output(declared(predictionsOutput)).query(({ ctx }) => listPredictions(ctx.deps)),

  /** The Sell action on a liquid position: first in, first out; settles against cash unless `settles` is false. */
  sell: gpProcedure
    .input(
      z.strictObject({
        symbol: symbolField,
        qty: decimalField('Quantity', { ...QUANTITY, sign: 'positive' }),
        price: decimalField('Sale price', { ...PRICE, sign: 'nonNegative' }),
        settles: z.boolean({ error: 'settles must be true or false.' }).optional(),
      }),
    )
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
    .input(
      z
        .strictObject({
          limit: pageLimit,
          before: idField.or(z.coerce.number().pipe(idField)).optional(),
          symbol: textField('Symbol').max(15, 'Symbol is too long.').optional(),
          kind: z.enum(LEDGER_KINDS, { error: `kind must be one of ${LEDGER_KINDS.join(', ')}.` }).optional(),
        })
        .default({ limit: 50 }),
    )
    .output(declared(transactionsOutput)).query(({ ctx, input }) => reads.transactions(ctx.deps, input)),

  /** Per day the net account value, its new money and the time-weighted return, beside the S&P 500. */
  history: authedProcedure
    .input(
      z
        .strictObject({
          days: z.coerce.number({ error: 'days must be a number.' }).int('days must be a whole number.').min(1, 'days must be between 1 and 3650.').max(3650, 'days must be between 1 and 3650.').default(90),
        })
        .default({ days: 90 }),
    )
    .output(declared(historyOutput)).query(({ ctx, input }) => reads.portfolioHistory(ctx.deps, input.days)),

  /** The audit log: who changed what, before and after, newest first. */
  auditEvents: authedProcedure
    .input(
      z
        .strictObject({
          limit: pageLimit,
          before: idField.or(z.coerce.number().pipe(idField)).optional(),
          entity: textField('Entity').max(40, 'Entity is too long.').optional(),
        })
        .default({ limit: 50 }),
    )
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
