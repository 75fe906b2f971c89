import { z } from 'zod';
import { idField, textField } from './fields';

/** The kinds of ledger entry: the books' one list, for the schema, the inputs and the answers. */
export const LEDGER_KINDS = ['buy', 'sell', 'correction', 'deposit', 'withdrawal', 'balances', 'asset'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

const pageLimit = z.coerce
  .number({ error: 'limit must be a number.' })
  .int('limit must be a whole number.')
  .min(1, 'limit must be between 1 and 500.')
  .max(500, 'limit must be between 1 and 500.')
  .default(50);

/** A page's "before" id, from JSON or from a query string's text. */
const beforeField = idField.or(z.coerce.number().pipe(idField)).optional();

export const transactionsInput = z
  .strictObject({
    limit: pageLimit,
    before: beforeField,
    symbol: textField('Symbol').max(15, 'Symbol is too long.').optional(),
    kind: z.enum(LEDGER_KINDS, { error: `kind must be one of ${LEDGER_KINDS.join(', ')}.` }).optional(),
  })
  .default({ limit: 50 });

/** The audit log: who changed what, before and after, newest first. */
export const auditEventsInput = z
  .strictObject({
    limit: pageLimit,
    before: beforeField,
    entity: textField('Entity').max(40, 'Entity is too long.').optional(),
  })
  .default({ limit: 50 });

/** Per day the net account value, its new money and the time-weighted return. */
export const historyInput = z
  .strictObject({
    days: z.coerce
      .number({ error: 'days must be a number.' })
      .int('days must be a whole number.')
      .min(1, 'days must be between 1 and 3650.')
      .max(3650, 'days must be between 1 and 3650.')
      .default(90),
  })
  .default({ days: 90 });
