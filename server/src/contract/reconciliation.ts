import { z } from 'zod';
import { decimal, isoDay, isoTime } from './common';
import { bookDayField } from './money-fields';
import { textField } from './fields';
import { FILE_NAME_MAX, RECONCILIATION_FILE_MAX_BYTES } from './reconciliation-rules';

/**
 * Reconciliation with the broker (docs/reconciliation.md, docs/decisions/0019-reconciliation.md):
 * a GP sends the broker's positions for a day as CSV text, the server compares them with the
 * books' and keeps the run. GP only.
 */

/**
 * The text is bounded here well above the file limit, so that a file past the limit (but within the
 * request's) gets the limit's own 413 from the service rather than a 400 from the schema.
 */
const CSV_TEXT_BOUND = RECONCILIATION_FILE_MAX_BYTES * 4;

/** POST /api/reconciliations: the day the positions are as of, and the file's name and text. */
export const reconciliationRunInput = z.strictObject({
  date: bookDayField('Date'),
  file_name: textField('File name')
    .max(FILE_NAME_MAX, `File name is too long (at most ${FILE_NAME_MAX} characters).`)
    .default('positions.csv'),
  csv: textField('File', { message: 'csv must be the text of the positions file.', multiline: true, trim: false })
    .max(CSV_TEXT_BOUND, 'The file is too large.')
    .describe('The positions file as text (CSV: symbol,quantity, and optionally a Cash row); see docs/reconciliation.md'),
});
export type ReconciliationRunInput = z.infer<typeof reconciliationRunInput>;

/** One symbol held on either side: quantities as exact decimal text; difference = broker − here. */
export const reconciliationLine = z.object({
  symbol: z.string(),
  here: decimal,
  broker: decimal,
  difference: decimal,
  agrees: z.boolean(),
});
export type ReconciliationLine = z.infer<typeof reconciliationLine>;

/** Cash Available in the books against the broker's cash, when the file gave cash. */
export const reconciliationCash = z.object({
  here: decimal,
  broker: decimal,
  difference: decimal,
  agrees: z.boolean(),
});
export type ReconciliationCash = z.infer<typeof reconciliationCash>;

const runFields = {
  id: z.number().int(),
  date: isoDay,
  run_at: isoTime,
  run_by: z.string().describe('The e-mail of the GP who ran it'),
  file_name: z.string(),
  file_sha256: z.string().describe('SHA-256 of the file as sent (hex)'),
  /** True when every quantity (and the cash, when given) agrees. */
  clean: z.boolean(),
  /** How many symbols differ, the cash counted as one more when it differs. */
  difference_count: z.number().int(),
};

/** A run in the list of past runs. */
export const reconciliationSummary = z.object(runFields);
export type ReconciliationSummary = z.infer<typeof reconciliationSummary>;

/** A run with every line compared, and its outcome in words. */
export const reconciliationOutput = z.object({
  ...runFields,
  lines: z.array(reconciliationLine),
  cash: reconciliationCash.nullable(),
  /** "No differences: the portal agrees with the broker on 2026-11-20.", or how many differ. */
  message: z.string(),
});
export type ReconciliationOutput = z.infer<typeof reconciliationOutput>;

export const reconciliationListOutput = z.object({ runs: z.array(reconciliationSummary) });
export type ReconciliationListOutput = z.infer<typeof reconciliationListOutput>;
