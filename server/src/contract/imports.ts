import { z } from 'zod';
import { textField } from './fields';
import { decimal, isoDay, isoTime } from './common';
import { LEDGER_KINDS } from './ledger';
import { IMPORT_FORMATS, IMPORT_MAX_BYTES } from './import-rules';

/**
 * Broker imports (docs/imports.md): a CSV file in the generic format, an Interactive Brokers Flex
 * Query or a Charles Schwab transactions export is previewed (nothing written), then committed all
 * or nothing. GP only; the commit asks for a recent second factor (docs/decisions/0016).
 */

export const importInput = z.strictObject({
  file_name: textField('File name').min(1, 'File name is required.').max(255, 'File name is too long (at most 255 characters).'),
  /** `auto` tells the format from the header line. */
  format: z.enum(['auto', ...IMPORT_FORMATS], { error: 'Format must be auto, generic, ibkr or schwab.' }).default('auto'),
  /** The file's text. Its size is checked by the service (413 above IMPORT_MAX_BYTES). */
  csv: textField('File', { message: 'csv must be the file as text.', multiline: true, trim: false }).max(
    IMPORT_MAX_BYTES * 2,
    'The file is larger than 20 MB.',
  ),
});
export type ImportInput = z.infer<typeof importInput>;

export const importProblem = z.object({
  line: z.number().int().describe('1-based line number in the file'),
  column: z.string().nullable().describe("The column's header, when the problem is one cell's"),
  message: z.string().describe('"line 17, column date: 2025-02-30 is not a day"'),
});
export type ImportProblem = z.infer<typeof importProblem>;

export const IMPORT_LINE_STATUSES = ['new', 'duplicate', 'error'] as const;

export const importLineView = z.object({
  line: z.number().int(),
  status: z.enum(IMPORT_LINE_STATUSES),
  kind: z.enum(LEDGER_KINDS).nullable(),
  date: isoDay.nullable(),
  symbol: z.string().nullable(),
  qty: decimal.nullable(),
  price: decimal.nullable(),
  amount: decimal.nullable(),
  fee: decimal.nullable(),
  /** What the line becomes in the books, in words ("Buy 10 AAPL at $190.00, fee $1.00"). */
  becomes: z.string(),
  fingerprint: z.string(),
});
export type ImportLineView = z.infer<typeof importLineView>;

export const importCounts = z.object({
  lines: z.number().int(),
  new: z.number().int(),
  duplicates: z.number().int(),
  errors: z.number().int(),
});

export const importPreviewOutput = z.object({
  format: z.enum(IMPORT_FORMATS).nullable(),
  file_name: z.string(),
  sha256: z.string(),
  counts: importCounts,
  lines: z.array(importLineView),
  problems: z.array(importProblem),
});
export type ImportPreviewOutput = z.infer<typeof importPreviewOutput>;

export const importRecord = z.object({
  id: z.number().int(),
  file_name: z.string(),
  sha256: z.string(),
  format: z.enum(IMPORT_FORMATS),
  lines: z.number().int(),
  added: z.number().int(),
  duplicates: z.number().int(),
  actor_email: z.string(),
  at: isoTime,
});
export type ImportRecord = z.infer<typeof importRecord>;

export const importCommitOutput = z.object({
  message: z.string(),
  import: importRecord.nullable(),
  counts: importCounts,
  /** The lines already in the books, by line number. */
  duplicate_lines: z.array(z.number().int()),
});
export type ImportCommitOutput = z.infer<typeof importCommitOutput>;

export const importsOutput = z.object({ imports: z.array(importRecord) });
export type ImportsOutput = z.infer<typeof importsOutput>;
