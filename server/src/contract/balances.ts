import { z } from 'zod';
import { textField } from './fields';
import { decimalField, MONEY } from './money-fields';

const balance = (label: string) => decimalField(label, MONEY);

export const saveBalancesInput = z.strictObject({
  cash_available: balance('Cash Available'),
  margin_debit: balance('Margin Debit'),
  accounts_receivable: balance('Accounts Receivable'),
});

/** Money paid into or taken out of Cash Available (a capital call, a distribution, fees). */
export const cashMovementInput = z.strictObject({
  kind: z.enum(['deposit', 'withdrawal'], { error: 'Kind must be deposit or withdrawal.' }),
  amount: decimalField('Amount', { ...MONEY, sign: 'positive' }),
  note: textField('Note').max(200, 'Note is too long (at most 200 characters).').default(''),
});
