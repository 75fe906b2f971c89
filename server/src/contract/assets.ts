import { z } from 'zod';
import { ASSET_ROW_RULE } from './asset-rules';
import { textField } from './fields';
import { MONEY, PERCENT, PRICE, QUANTITY } from '../domain/amounts';
import { bookDayField, dayField, decimalField, type DecimalOptions } from './money-fields';
import { isoDay } from './common';

/** docs/product.md §5's row rule: one message for a missing name, a bad date or a non-numeric qty or price. */
const ruled = (label: string, rule: Pick<DecimalOptions, 'scale' | 'max'>) =>
  decimalField(label, { ...rule, sign: 'nonNegative', message: ASSET_ROW_RULE, blankIsZero: true });

/** An optional amount of money or percentage of one kind's own columns. */
export const assetAmount = (label: string) => decimalField(label, MONEY).optional();
export const assetPercent = (label: string) => decimalField(label, PERCENT).optional();

/** The fields every venture investment and real estate investment has. */
export const commonAssetFields = {
  name: textField('Name', { message: ASSET_ROW_RULE }).min(1, ASSET_ROW_RULE).max(200, 'Name is too long.'),
  description: textField('Description', { message: 'Description must be text.', multiline: true })
    .max(2000, 'Description is too long.')
    .optional(),
  purchase_date: bookDayField('Purchase date', ASSET_ROW_RULE),
  qty: ruled('Qty', QUANTITY),
  price_paid: ruled('Price paid', PRICE),
  last_price_at_date: ruled('Last price', PRICE),
  last_price_date: dayField('Last price date').nullable().optional(),
  /** Sent by the form; the server computes value itself (qty × last price). */
  value: z.union([z.number(), textField('Value').max(40, 'Value is too long.'), z.null()]).optional(),
};

/** A save of new rows, all or none. */
export const assetRowsInput = <T extends z.ZodType>(row: T) =>
  z.strictObject({
    assets: z
      .array(row, { error: 'Assets must be a list of rows.' })
      .min(1, 'Add at least one row to save.')
      .max(200, 'Save at most 200 rows at a time.'),
  });

/** The columns every venture and real estate row answers with. */
export const assetRowOutputFields = {
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  qty: z.number(),
  price_paid: z.number(),
  purchase_date: isoDay,
  last_price_at_date: z.number(),
  last_price_date: isoDay.nullable(),
  value: z.number(),
};
