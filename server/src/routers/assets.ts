import { z } from 'zod';
import { ASSET_ROW_RULE } from '../contract/asset-rules';
import * as assets from '../services/portfolio/private-assets';
import type { AssetKind } from '../services/portfolio/private-assets';
import { declared } from '../trpc/declared-output';
import { authedProcedure, gpProcedure, router } from '../trpc/init';
import { idField, textField } from '../contract/fields';
import { messageOutput, realEstateRowOutput, ventureRowOutput } from '../contract/outputs';
import { dayField, decimalField, MONEY, PERCENT, PRICE, QUANTITY, type DecimalOptions } from '../contract/money-fields';

/** SPEC §5's row rule: one message for a missing name, a bad date or a non-numeric qty or price. */
const ruled = (label: string, rule: Pick<DecimalOptions, 'scale' | 'max'>) =>
  decimalField(label, { ...rule, sign: 'nonNegative', message: ASSET_ROW_RULE, blankIsZero: true });
const amount = (label: string) => decimalField(label, MONEY).optional();
const percent = (label: string) => decimalField(label, PERCENT).optional();

const commonFields = {
  name: textField('Name', { message: ASSET_ROW_RULE }).min(1, ASSET_ROW_RULE).max(200, 'Name is too long.'),
  description: textField('Description', { message: 'Description must be text.', multiline: true }).max(2000, 'Description is too long.').optional(),
  purchase_date: dayField('Purchase date', ASSET_ROW_RULE),
  qty: ruled('Qty', QUANTITY),
  price_paid: ruled('Price paid', PRICE),
  last_price_at_date: ruled('Last price', PRICE),
  last_price_date: dayField('Last price date').nullable().optional(),
  /** Sent by the form; the server computes value itself (qty × last price). */
  value: z.union([z.number(), textField('Value').max(40, 'Value is too long.'), z.null()]).optional(),
};

const ventureFields = { dividend_dollar: amount('Dividend $'), dividend_pct: percent('Dividend %') };
const rentalFields = {
  total_rental_income: amount('Total Rental Income'),
  monthly_rental_income: amount('Monthly Rental Income'),
  annual_rental_income_pct: percent('Annual Rental Income %'),
};

const rowsOf = <T extends z.ZodType>(row: T) =>
  z.strictObject({
    assets: z
      .array(row, { error: 'Assets must be a list of rows.' })
      .min(1, 'Add at least one row to save.')
      .max(200, 'Save at most 200 rows at a time.'),
  });

/** The four calls of one table: list, save new rows (all or none), update a row, delete a row. */
function assetRouter<K extends AssetKind>(
  kind: K,
  row: z.ZodType<assets.AssetInput, unknown>,
  update: z.ZodType<assets.AssetInput & { id: number }, unknown>,
  output: z.ZodType<assets.AssetView<K>>,
) {
  const list = declared(z.array(output));
  const one = declared(output);
  return router({
    list: authedProcedure.output(list).query(({ ctx }) => assets.listAssets(ctx.deps, kind)),
    save: gpProcedure.input(rowsOf(row)).output(list).mutation(({ ctx, input }) => assets.saveAssets(ctx.deps, ctx.user, kind, input.assets)),
    update: gpProcedure
      .input(update)
      .output(one)
      // tRPC cannot resolve its default-output type over the generic K; `list` checks the same schema.
      .mutation(({ ctx, input }) => assets.updateAsset(ctx.deps, ctx.user, kind, input.id, input) as Promise<never>),
    remove: gpProcedure
      .input(z.strictObject({ id: idField }))
      .output(declared(messageOutput))
      .mutation(({ ctx, input }) => assets.deleteAsset(ctx.deps, ctx.user, kind, input.id)),
  });
}

export const assetsRouter = router({
  venture: assetRouter(
    'venture',
    z.strictObject({ ...commonFields, ...ventureFields }),
    z.strictObject({ id: idField, ...commonFields, ...ventureFields }),
    ventureRowOutput,
  ),
  // SPEC §7: the real estate update is sent like the venture one (dividend fields, no rental fields);
  // both are accepted, and only a property's own fields are stored.
  realEstate: assetRouter(
    'real_estate',
    z.strictObject({ ...commonFields, ...rentalFields }),
    z.strictObject({ id: idField, ...commonFields, ...rentalFields, ...ventureFields }),
    realEstateRowOutput,
  ),
});
