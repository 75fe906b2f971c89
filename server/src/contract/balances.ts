import { z } from 'zod';
import { CASH_NOTE_MAX } from './balances-rules';
import { textField } from './fields';
import { MONEY } from '../domain/amounts';
import { decimalField } from './money-fields';

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
  note: textField('Note').max(CASH_NOTE_MAX, `Note is too long (at most ${CASH_NOTE_MAX} characters).`).default(''),
});
