import { z } from 'zod';
import { ASSET_TYPES } from '../domain/asset-rules';
import * as balances from '../services/portfolio/balances';
import * as holdings from '../services/portfolio/holdings';
import { history } from '../services/portfolio/snapshots';
import { listPredictions } from '../services/market/predictions';
import { marketSummary } from '../services/market/service';
import { authedProcedure, gpProcedure, router } from '../trpc/init';
import { idField, textField } from './fields';
import { dayField, decimalField, MONEY, PRICE, QUANTITY } from './money-fields';

const purchase = z.strictObject({
  qty: decimalField('Quantity', { ...QUANTITY, sign: 'positive' }),
  price_paid: decimalField('Purchase price', { ...PRICE, sign: 'nonNegative' }),
  purchase_date: dayField('Purchase date'),
});

const balance = (label: string) => decimalField(label, MONEY);

export const portfolioRouter = router({
  holdings: authedProcedure.query(({ ctx }) => holdings.listHoldings(ctx.deps)),

  addHolding: gpProcedure
    .input(
      z.strictObject({
        symbol: textField('Ticker symbol', { message: 'Ticker symbol is required.' })
          .min(1, 'Ticker symbol is required.')
          .max(15, 'Ticker symbol is too long.')
          .regex(/^[A-Za-z0-9][A-Za-z0-9.-]*$/, 'Ticker symbol can have only letters, digits, dots and dashes.'),
        asset_type: z.enum(ASSET_TYPES, { error: 'Asset type must be stock or crypto.' }),
        exchange: textField('Exchange', { message: 'Exchange must be text.' })
          .max(20, 'Exchange is too long.')
          .regex(/^[A-Za-z]*$/, 'Exchange can have only letters.')
          .optional(),
        purchases: z
          .array(purchase, { error: 'Purchases must be a list.' })
          .min(1, 'Add at least one purchase.')
          .max(100, 'Add at most 100 purchases at a time.'),
      }),
    )
    .mutation(({ ctx, input }) => holdings.addHolding(ctx.deps, ctx.user, input)),

  deleteHolding: gpProcedure
    .input(z.strictObject({ id: idField }))
    .mutation(({ ctx, input }) => holdings.deleteHolding(ctx.deps, ctx.user, input.id)),

  balances: authedProcedure.query(({ ctx }) => balances.getBalances(ctx.deps)),

  saveBalances: gpProcedure
    .input(
      z.strictObject({
        cash_available: balance('Cash Available'),
        margin_debit: balance('Margin Debit'),
        accounts_receivable: balance('Accounts Receivable'),
      }),
    )
    .mutation(({ ctx, input }) => balances.saveBalances(ctx.deps, ctx.user, input)),

  marketSummary: authedProcedure.query(({ ctx }) => marketSummary(ctx.deps.db, ctx.deps.now())),

  predictions: authedProcedure.query(({ ctx }) => listPredictions(ctx.deps)),

  /** The net account value series and its parts, for the dashboards' charts. */
  history: authedProcedure
    .input(z.strictObject({ days: z.number().int().min(1).max(3650).default(365) }).default({ days: 365 }))
    .query(({ ctx, input }) => history(ctx.deps, input.days)),
});
