import { z } from 'zod';
import { idField, textField } from './fields';
import { LEDGER_KINDS, LEDGER_SOURCES } from './ledger';
import { decimal, isoDay, isoTime } from './common';

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
export type TransactionsInput = z.infer<typeof transactionsInput>;

/** The audit log: who changed what, before and after, newest first. */
export const auditEventsInput = z
  .strictObject({
    limit: pageLimit,
    before: beforeField,
    entity: textField('Entity').max(40, 'Entity is too long.').optional(),
  })
  .default({ limit: 50 });
export type AuditEventsInput = z.infer<typeof auditEventsInput>;

export const transactionsOutput = z.object({
  entries: z.array(
    z.object({
      id: z.number().int(),
      kind: z.enum(LEDGER_KINDS),
      source: z.enum(LEDGER_SOURCES),
      at: isoTime,
      book_date: isoDay,
      actor_email: z.string(),
      symbol: z.string().nullable(),
      asset_type: z.enum(['stock', 'crypto']).nullable(),
      qty: decimal.nullable(),
      price: decimal.nullable(),
      amount: decimal.nullable(),
      settles: z.boolean(),
      cash_before: decimal.nullable(),
      cash_after: decimal.nullable(),
      cost_basis: decimal.nullable(),
      realized_gain: decimal.nullable(),
      fee: decimal.nullable(),
      flow: decimal,
      details: z.unknown(),
    }),
  ),
  next: z.number().int().nullable().describe('Pass as `before` for the next page; null on the last page'),
});
export type TransactionsOutput = z.infer<typeof transactionsOutput>;

export const auditEventsOutput = z.object({
  events: z.array(
    z.object({
      id: z.number().int(),
      at: isoTime,
      actor_email: z.string(),
      via: z.enum(['user', 'assistant']),
      action: z.string(),
      entity: z.string(),
      entity_id: z.string().nullable(),
      before: z.unknown(),
      after: z.unknown(),
    }),
  ),
  next: z.number().int().nullable(),
});
export type AuditEventsOutput = z.infer<typeof auditEventsOutput>;
