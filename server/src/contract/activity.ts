import { z } from 'zod';
import { idField, textField } from './fields';
import { LEDGER_KINDS } from './ledger';

// The Activity page's two lists, the ledger and the audit log, each read a page at a time.

const pageLimit = z.coerce
  .number({ error: 'limit must be a number.' })
  .int('limit must be a whole number.')
  .min(1, 'limit must be between 1 and 500.')
  .max(500, 'limit must be between 1 and 500.')
  .default(50);

/** A page's "before" id, from JSON or from a query string's text. */
const beforeField = idField.or(z.coerce.number().pipe(idField)).optional();

/** The ledger, newest first, filtered by symbol or kind. */
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
