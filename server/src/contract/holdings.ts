import { z } from 'zod';
import { ASSET_TYPES } from './asset-rules';
import { textField } from './fields';
import { FEE, PRICE, QUANTITY } from '../domain/amounts';
import { bookDayField, decimalField } from './money-fields';
import { allowNegativeCashField } from './balances';
import { decimal, isoDay } from './common';
import { quoteFields } from './market';

/** A fee or commission on a trade, in dollars at cents; at most 1,000,000,000. */
export const feeField = decimalField('Fee', { ...FEE, sign: 'nonNegative' });

const purchase = z.strictObject({
  qty: decimalField('Quantity', { ...QUANTITY, sign: 'positive' }),
  price_paid: decimalField('Purchase price', { ...PRICE, sign: 'nonNegative' }),
  purchase_date: bookDayField('Purchase date'),
  /** A fee or commission paid on the purchase (default 0): part of the lot's cost basis. */
  fee: feeField.optional(),
});

export const symbolField = textField('Ticker symbol', { message: 'Ticker symbol is required.' })
  .min(1, 'Ticker symbol is required.')
  .max(15, 'Ticker symbol is too long.')
  .regex(/^[A-Za-z0-9][A-Za-z0-9.-]*$/, 'Ticker symbol can have only letters, digits, dots and dashes.');

const assetTypeField = z.enum(ASSET_TYPES, { error: 'Asset type must be stock or crypto.' });

export const addHoldingInput = z.strictObject({
  symbol: symbolField,
  asset_type: assetTypeField,
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
  /** With `settles`: the purchases may take Cash Available below zero (margin). */
  allow_negative_cash: allowNegativeCashField,
});

/** What Add Investment (and the assistant's buy) hands the service: every amount as exact decimal text. */
export type AddHoldingInput = z.infer<typeof addHoldingInput>;

export const checkSymbolInput = z.strictObject({ symbol: symbolField, asset_type: assetTypeField });
export type CheckSymbolInput = z.infer<typeof checkSymbolInput>;

/** The Sell action on a liquid position: first in, first out; settles against cash unless `settles` is false. */
export const sellInput = z.strictObject({
  symbol: symbolField,
  qty: decimalField('Quantity', { ...QUANTITY, sign: 'positive' }),
  price: decimalField('Price', { ...PRICE, sign: 'nonNegative' }),
  /** A fee or commission (default 0): it comes off the proceeds. */
  fee: feeField.optional(),
  settles: z.boolean({ error: 'settles must be true or false.' }).optional(),
});
export type SellInput = z.infer<typeof sellInput>;

const nullable = <T extends Record<string, z.ZodType>>(shape: T) =>
  Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, v.nullable()])) as { [K in keyof T]: z.ZodNullable<T[K]> };

export const holdingsOutput = z.array(
  z.object({
    id: z.number().int(),
    symbol: z.string(),
    qty: z.number(),
    price_paid: z.number(),
    purchase_date: isoDay,
    asset_type: z.enum(['stock', 'crypto']),
    exchange: z.string().nullable(),
    // Null until the symbol has a quote.
    ...nullable(quoteFields),
  }),
);
export type HoldingsOutput = z.infer<typeof holdingsOutput>;

export const sellOutput = z.object({
  message: z.string(),
  cash_available: decimal.nullable(),
  realized_gain: decimal,
  proceeds: decimal.describe('Net of the fee'),
  fee: decimal,
});
export type SellOutput = z.infer<typeof sellOutput>;

export const symbolCheckOutput = z.object({
  symbol: z.string(),
  status: z
    .enum(['priced', 'unknown', 'unavailable'])
    .describe('unknown: the market-data provider has no such symbol; unavailable: it cannot be asked now'),
  message: z.string().nullable(),
});
export type SymbolCheckOutput = z.infer<typeof symbolCheckOutput>;
