import { z } from 'zod';
import { idField, textField } from './fields';
import { MONEY } from '../domain/amounts';
import { bookDayField, decimalField } from './money-fields';
import { allowNegativeCashField } from './balances';
import { CAPITAL_KINDS } from './capital-rules';
import { decimal, isoDay } from './common';

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

const capitalEntry = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  user_email: z.string().optional(),
  kind: z.enum(['commitment', 'contribution', 'distribution']),
  amount: decimal,
  date: isoDay,
  units: decimal.describe('Units bought (+) or redeemed (−), to 8 places'),
  unit_value: decimal.nullable().describe('Value per unit the entry was priced at'),
});
const capitalEntryView = capitalEntry.extend({
  recorded_on: isoDay.describe('The New York day the entry was recorded; an entry dated before it is back-dated'),
  provisional: z.boolean().describe('Priced from a snapshot that lacked the cash of an entry recorded before it'),
  official: z.boolean().describe("Priced at the official net account value a GP set for its date (the fund administrator's figure)"),
});
const provisionalMark = z
  .object({
    since: isoDay.describe('The first day whose figures are provisional'),
    figures: z.boolean().describe("Whether today's figures (value, multiples, IRR) are provisional"),
    note: z.string().describe('What provisional means, in words'),
  })
  .nullable()
  .describe('Figures resting on snapshots taken before a back-dated entry was recorded; null when there are none');
const capitalFigures = z.object({
  commitment: decimal,
  contributed: decimal,
  unfunded: decimal,
  distributed: decimal,
  units: decimal,
  value: decimal,
  dpi: decimal.nullable(),
  rvpi: decimal.nullable(),
  tvpi: decimal.nullable(),
  irr: decimal.nullable().describe('Annual IRR (XIRR) as a fraction to 4 places'),
});
const fundState = z.object({
  as_of: isoDay,
  start_date: isoDay.nullable(),
  net_account_value: decimal,
  units_outstanding: decimal,
  unit_value: decimal.nullable(),
});
const partner = { user_id: z.number().int(), name: z.string(), email: z.string() };
export const capitalAccountOutput = z.object({
  ...partner,
  figures: capitalFigures,
  fund: fundState,
  entries: z.array(capitalEntryView),
  history: z.array(
    z.object({
      date: isoDay,
      value: decimal,
      provisional: z.boolean(),
      official: z.boolean().describe('Valued at the official net account value a GP set for the day, not the computed one'),
    }),
  ),
  provisional: provisionalMark,
});
export type CapitalAccountOutput = z.infer<typeof capitalAccountOutput>;
export const capitalAccountsOutput = z.object({
  fund: fundState,
  accounts: z.array(z.object({ ...partner, figures: capitalFigures, provisional: z.boolean() })),
  provisional: provisionalMark,
  gp: z.object({ units: decimal, value: decimal }),
});
export type CapitalAccountsOutput = z.infer<typeof capitalAccountsOutput>;
export const capitalEntryOutput = z.object({ message: z.string(), entry: capitalEntry });
export type CapitalEntryOutput = z.infer<typeof capitalEntryOutput>;
/** A statement as a file: its name, type and body (over REST the file itself is sent). */
export const downloadOutput = z.object({
  fileName: z.string(),
  contentType: z.string(),
  encoding: z.enum(['base64', 'utf8']),
  body: z.string().describe('The file, base64 or UTF-8 text as encoding says; over REST the file itself is sent'),
});
export type DownloadOutput = z.infer<typeof downloadOutput>;
