import { z } from 'zod';
import { MONEY } from '../domain/amounts';
import { textField } from './fields';
import { bookDayField, decimalField } from './money-fields';
import { decimal, isoDay, isoTime } from './common';

/** History from the first entry and official net account values (docs/decisions/0018-history-from-the-first-entry.md). */

export const historyRebuildOutput = z.object({
  state: z
    .enum(['idle', 'waiting', 'running', 'failed'])
    .describe('running: days are being valued again; waiting: a back-dated entry asks for a run that has not started'),
  from: isoDay.nullable().describe('The first day of the latest run'),
  to: isoDay.nullable().describe('The last day of the latest run (yesterday when it started)'),
  day: z.number().int().describe('Days valued so far in the latest run'),
  days: z.number().int().describe('Days the latest run values in all'),
  started_at: isoTime.nullable(),
  finished_at: isoTime.nullable(),
  pending_from: isoDay.nullable().describe('The earliest day waiting for the next run'),
  error: z.string().nullable(),
});
export type HistoryRebuildOutput = z.infer<typeof historyRebuildOutput>;

export const rebuildRequestInput = z.strictObject({ from: bookDayField('from') });

/** Only a day before today in New York has an official value: today's is still moving. */
export const OFFICIAL_NAV_DAY_RULE = 'An official net account value can only be set for a day before today.';

export const officialNavDayInput = z.strictObject({ date: bookDayField('date') });

export const officialNavInput = z.strictObject({
  date: bookDayField('date'),
  value: decimalField('Official net account value', { ...MONEY, sign: 'positive' }),
  note: textField('Note').max(500, 'The note is too long (500 characters at most).').optional(),
});
export type OfficialNavInput = z.infer<typeof officialNavInput>;

export const officialNavRow = z.object({
  date: isoDay,
  value: decimal.describe('The official net account value, cents'),
  computed: decimal.nullable().describe("The day's computed net account value (its snapshot), for comparison"),
  note: z.string(),
  set_by: z.string().describe('The e-mail of the GP who set it'),
  set_at: isoTime,
});
export const officialNavsOutput = z.object({ navs: z.array(officialNavRow) });
export type OfficialNavsOutput = z.infer<typeof officialNavsOutput>;
