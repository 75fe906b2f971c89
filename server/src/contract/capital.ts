import { z } from 'zod';
import { idField, textField } from './fields';
import { MONEY } from '../domain/amounts';
import { dayField, decimalField } from './money-fields';

/** What a capital account entry can be. */
export const CAPITAL_KINDS = ['commitment', 'contribution', 'distribution'] as const;
export type CapitalKind = (typeof CAPITAL_KINDS)[number];

/** How each kind reads on screens and statements. */
export const CAPITAL_KIND_LABELS: Record<CapitalKind, string> = {
  commitment: 'Commitment',
  contribution: 'Contribution',
  distribution: 'Distribution',
};

/** Decimal places a value per unit is shown with (it is kept to 8), on screens and statements alike. */
export const UNIT_VALUE_SHOWN_PLACES = 4;

/** What "provisional" means, word for word on the LP's and the GP's screens and in the statements. */
export const PROVISIONAL_NOTE =
  'Some entries were recorded after the day they are dated, and the firm\u2019s daily values from that day on do not include their cash yet. ' +
  'Figures marked provisional rest on those values and may change when they are recomputed.';

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
  date: dayField('Date'),
});

export const statementInput = z.strictObject({ quarter: quarterField, userId: userIdField.optional() });
