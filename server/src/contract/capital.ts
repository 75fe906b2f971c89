import { z } from 'zod';
import { idField, textField } from './fields';
import { MONEY } from '../domain/amounts';
import { bookDayField, decimalField } from './money-fields';
import { allowNegativeCashField } from './balances';

import { CAPITAL_KINDS } from './capital-rules';

export { CAPITAL_KINDS, type CapitalKind } from './capital-rules';

/** A user id from JSON or from a query string's text. */
const userIdField = idField.or(z.coerce.number({ error: 'A valid id is required.' }).pipe(idField));

const quarterField = textField('quarter', { message: 'quarter is required, e.g. 2026-Q3.' }).regex(
  /^\d{4}-Q[1-4]$/,
  'quarter must look like 2026-Q3.',
);

export const capitalAccountInput = z.strictObject({ userId: userIdField.optional() }).default({});

export const capitalEntryInput = z.strictObject({
  userId: idField,
  kind: z.enum(CAPITAL_KINDS, { error: 'Kind must be commitment, contribution or distribution.' }),
  amount: decimalField('Amount', { ...MONEY, sign: 'positive' }),
  date: bookDayField('Date'),
  /** A distribution may take Cash Available below zero (margin). */
  allow_negative_cash: allowNegativeCashField,
});

export const statementInput = z.strictObject({ quarter: quarterField, userId: userIdField.optional() });
