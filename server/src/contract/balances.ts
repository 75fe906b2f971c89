import { z } from 'zod';
import { CASH_NOTE_MAX } from './balances-rules';
import { textField } from './fields';
import { MONEY } from '../domain/amounts';
import { decimalField } from './money-fields';
import { decimal } from './common';

const balance = (label: string) => decimalField(label, MONEY);

export const saveBalancesInput = z.strictObject({
  cash_available: balance('Cash Available'),
  margin_debit: balance('Margin Debit'),
  accounts_receivable: balance('Accounts Receivable'),
});

/** Money paid into or taken out of Cash Available (a capital call, a distribution, fees). */
/** Whether a movement may take Cash Available below zero (margin); by default it may not. */
export const allowNegativeCashField = z
  .boolean({ error: 'allow_negative_cash must be true or false.' })
  .describe('true lets this movement take Cash Available below zero (margin); without it such a movement is refused with 409')
  .optional();

const cashMovementFields = {
  kind: z.enum(['deposit', 'withdrawal'], { error: 'Kind must be deposit or withdrawal.' }),
  amount: decimalField('Amount', { ...MONEY, sign: 'positive' }),
  allow_negative_cash: allowNegativeCashField,
};

/**
 * Money paid into or taken out of Cash Available (a capital call, a distribution, fees). A movement
 * above the confirmation threshold (CASH_CONFIRM_ABOVE) is recorded only with `confirmed: true`.
 */
export const cashMovementInput = z.strictObject({
  ...cashMovementFields,
  note: textField('Note').max(CASH_NOTE_MAX, `Note is too long (at most ${CASH_NOTE_MAX} characters).`).default(''),
  confirmed: z
    .boolean({ error: 'confirmed must be true or false.' })
    .describe('true records a movement above CASH_CONFIRM_ABOVE (default 100,000.00); without it such a movement is refused with 400')
    .optional(),
});

/** What a movement would do to Cash Available, asked before it is recorded. */
export const cashMovementPreviewInput = z.strictObject(cashMovementFields);

export const balancesOutput = z.object({ cash_available: z.number(), margin_debit: z.number(), accounts_receivable: z.number() });
export type BalancesOutput = z.infer<typeof balancesOutput>;
export const cashMovementOutput = z.object({ message: z.string(), cash_available: decimal });
export type CashMovementOutput = z.infer<typeof cashMovementOutput>;
/** What a cash movement would do: Cash Available before and after, whether it needs confirming, and why it would be refused. */
export const cashMovementPreviewOutput = z.object({
  cash_before: decimal,
  cash_after: decimal,
  confirm_above: decimal,
  needs_confirmation: z.boolean(),
  refusal: z.string().nullable(),
});
export type CashMovementPreviewOutput = z.infer<typeof cashMovementPreviewOutput>;
