import { z } from 'zod';
import { FEE, MONEY, PERCENT, PRICE } from '../domain/amounts';
import { parseRatio } from '../domain/corporate-actions';
import { textField } from './fields';
import { symbolField } from './holdings';
import { bookDayField, dayField, decimalField } from './money-fields';
import { allowNegativeCashField } from './balances';
import { LEDGER_KINDS, LEDGER_SOURCES } from './ledger';

/**
 * Corporate actions and income in the ledger (docs/decisions/0011-corporate-actions-and-income.md):
 * splits, cash dividends, interest received, margin interest and other fees. GP writes, everyone reads.
 */

export const CORPORATE_ACTION_KINDS = ['split', 'dividend', 'interest', 'margin_interest', 'fee'] as const;
export type CorporateActionKind = (typeof CORPORATE_ACTION_KINDS)[number];
export const CASH_INCOME_KINDS = ['interest', 'margin_interest', 'fee'] as const;

export const NOTE_MAX = 200;
const noteField = textField('Note').max(NOTE_MAX, `Note is too long (at most ${NOTE_MAX} characters).`).default('');

export const RATIO_RULE = 'Ratio must be new shares to old shares, such as 10:1 or 1:8 (whole numbers from 1 to 999,999 that differ).';

export const splitInput = z.strictObject({
  kind: z.literal('split'),
  symbol: symbolField,
  ratio: z
    .string({ error: RATIO_RULE })
    .max(20, RATIO_RULE)
    .refine((v) => parseRatio(v) !== null, RATIO_RULE),
  ex_date: bookDayField('Ex-date'),
  /** A reverse split's fraction of a share may be paid out in cash at this price per new share. */
  cash_in_lieu_price: decimalField('Cash in lieu price', { ...PRICE, sign: 'positive' }).optional(),
  note: noteField,
});

export const dividendInput = z
  .strictObject({
    kind: z.literal('dividend'),
    symbol: symbolField,
    amount_per_share: decimalField('Amount per share', { ...PRICE, sign: 'positive' }),
    ex_date: bookDayField('Ex-date'),
    pay_date: dayField('Pay date'),
    /** Tax withheld as a percent of the gross (15 = 15 %), at cents half up. */
    tax_withheld_percent: decimalField('Tax withheld (%)', { ...PERCENT, sign: 'nonNegative' }).optional(),
    /** Or tax withheld as an amount in dollars. */
    tax_withheld_amount: decimalField('Tax withheld ($)', { ...MONEY, sign: 'nonNegative' }).optional(),
    note: noteField,
  })
  .refine((d) => d.tax_withheld_percent === undefined || d.tax_withheld_amount === undefined, {
    message: 'Give the tax withheld as a percent or as an amount, not both.',
    path: ['tax_withheld_amount'],
  })
  .refine((d) => d.tax_withheld_percent === undefined || Number(d.tax_withheld_percent) <= 100, {
    message: 'Tax withheld (%) must be at most 100.',
    path: ['tax_withheld_percent'],
  })
  .refine((d) => d.pay_date >= d.ex_date, { message: 'Pay date cannot be before the ex-date.', path: ['pay_date'] });

export const cashIncomeInput = z.strictObject({
  kind: z.enum(CASH_INCOME_KINDS, { error: 'Kind must be split, dividend, interest, margin_interest or fee.' }),
  amount: decimalField('Amount', { ...FEE, sign: 'positive' }),
  note: noteField,
  /** A charge (margin interest, a fee) may take Cash Available below zero (margin). */
  allow_negative_cash: allowNegativeCashField,
});

/** POST /api/corporate-actions: one action, told apart by `kind`. */
export const corporateActionInput = z.discriminatedUnion('kind', [splitInput, dividendInput, cashIncomeInput], {
  error: 'Kind must be split, dividend, interest, margin_interest or fee.',
});
export type CorporateActionInput = z.infer<typeof corporateActionInput>;
export type SplitInput = z.infer<typeof splitInput>;
export type DividendInput = z.infer<typeof dividendInput>;
export type CashIncomeInput = z.infer<typeof cashIncomeInput>;

const decimal = z.string().describe('Exact decimal text');

export const corporateActionEntry = z.object({
  id: z.number().int(),
  kind: z.enum(LEDGER_KINDS),
  source: z.enum(LEDGER_SOURCES),
  at: z.string(),
  book_date: z.string(),
  actor_email: z.string(),
  symbol: z.string().nullable(),
  qty: decimal.nullable(),
  price: decimal.nullable(),
  amount: decimal.nullable(),
  settles: z.boolean(),
  cash_before: decimal.nullable(),
  cash_after: decimal.nullable(),
  realized_gain: decimal.nullable(),
  /** A dividend before its pay date: recorded, not yet in Cash Available. */
  pending: z.boolean(),
  /** In words, as the list shows it ("10:1 split of ACME, ex-date 2026-03-02"). */
  description: z.string(),
  details: z.unknown(),
});
export type CorporateActionEntry = z.infer<typeof corporateActionEntry>;

export const corporateActionsOutput = z.object({ entries: z.array(corporateActionEntry) });
export const corporateActionResult = z.object({ message: z.string(), entry: corporateActionEntry });
