import { z } from 'zod';
import { idField, textField } from './fields';
import { isoTime } from './common';
import { DOCUMENT_KINDS, DOCUMENT_LIMITS, MAX_BASE64_LENGTH, PERIOD_MESSAGE, PERIOD_RULE, TOO_LARGE_MESSAGE } from './document-rules';

export { DOCUMENT_KINDS, type DocumentKind } from './document-rules';

/** The partners' documents (docs/product.md "Documents", docs/decisions/0020): inputs and answers. */

const kindField = z.enum(DOCUMENT_KINDS, { error: 'Kind must be one of tax, statement, letter, notice or other.' });

const titleField = textField('Title')
  .min(1, 'Title is required.')
  .max(DOCUMENT_LIMITS.title, `Title is too long (at most ${DOCUMENT_LIMITS.title} characters).`);

/** A year or a quarter; empty or missing means none. */
const periodField = z
  .union([textField('Period', { message: PERIOD_MESSAGE }), z.null()])
  .optional()
  .transform((value) => (value === undefined || value === null || value === '' ? null : value))
  .refine((value) => value === null || PERIOD_RULE.test(value), PERIOD_MESSAGE);

/** The file's name as the uploader's computer had it; its rules are checked by the service (fileNameProblem). */
const fileNameField = textField('File name', { message: 'The file needs a name.', trim: false })
  .min(1, 'The file needs a name.')
  .max(1000, 'The file name is too long.');

/** The file itself, base64 (RFC 4648, with padding). */
const contentField = z
  .string({ error: 'The file is required (content, base64).' })
  .min(1, 'The file is empty.')
  .max(MAX_BASE64_LENGTH + 4, TOO_LARGE_MESSAGE)
  .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'The file must be sent as base64.');

const audienceField = z.union(
  [
    z.strictObject({ all: z.literal(true) }),
    z.strictObject({
      userIds: z
        .array(idField, { error: 'Choose the partners it is for.' })
        .min(1, 'Choose at least one partner, or send it to all LPs.')
        .max(DOCUMENT_LIMITS.audience, `At most ${DOCUMENT_LIMITS.audience} partners can be chosen.`),
    }),
  ],
  { error: 'Audience must be { all: true } or { userIds: [...] }.' },
);

export const uploadDocumentInput = z.strictObject({
  title: titleField,
  kind: kindField,
  period: periodField,
  audience: audienceField,
  fileName: fileNameField,
  content: contentField,
});
export type UploadDocumentInput = z.infer<typeof uploadDocumentInput>;

export const replaceDocumentInput = z.strictObject({ id: idField, fileName: fileNameField, content: contentField });
export type ReplaceDocumentInput = z.infer<typeof replaceDocumentInput>;

/** A year from JSON or from a query string's text. */
const yearField = z.coerce
  .number({ error: 'Year must be a year such as 2026.' })
  .int('Year must be a year such as 2026.')
  .min(1900, 'Year must be a year such as 2026.')
  .max(2199, 'Year must be a year such as 2026.');

export const listDocumentsInput = z
  .strictObject({ kind: kindField.optional(), year: yearField.optional() })
  .optional()
  .transform((value) => value ?? {});
export type ListDocumentsInput = z.infer<typeof listDocumentsInput>;

const documentSummary = z.object({
  id: z.number().int(),
  title: z.string(),
  kind: kindField,
  period: z.string().nullable().describe('A year (2026) or a quarter (2026-Q3); null for none'),
  year: z.number().int().describe("The period's year, else the year it was filed"),
  filed_at: isoTime,
  updated_at: isoTime.describe("When the current version's file was uploaded"),
  version: z.number().int(),
  file_name: z.string(),
  size: z.number().int().describe('Bytes'),
  sha256: z.string().describe("SHA-256 of the file's bytes, hex"),
  opened_at: isoTime.nullable().describe("The signed-in partner's last download; null if never (an LP's own)"),
  unread: z.boolean().describe('Not downloaded by the signed-in partner since its current file was uploaded (always false for a GP)'),
  all_lps: z.boolean(),
  audience_size: z.number().int().nullable().describe('How many partners it is for (GP only)'),
  opened_count: z.number().int().nullable().describe('How many of them have opened it (GP only)'),
  withdrawn_at: isoTime.nullable().describe('When a GP withdrew it (GP only: partners never see a withdrawn document)'),
});
export type DocumentSummary = z.infer<typeof documentSummary>;

export const documentsOutput = z.object({ documents: z.array(documentSummary) });
export type DocumentsOutput = z.infer<typeof documentsOutput>;

const receipt = z.object({
  user_id: z.number().int(),
  email: z.string(),
  name: z.string(),
  first_opened_at: isoTime.nullable(),
  last_opened_at: isoTime.nullable(),
  opens: z.number().int(),
});
export type DocumentReceipt = z.infer<typeof receipt>;

export const receiptsOutput = z.object({
  receipts: z.array(receipt).describe('Every partner it is for, opened or not, with when they first and last opened it'),
});
export type ReceiptsOutput = z.infer<typeof receiptsOutput>;

const documentVersion = z.object({
  version: z.number().int(),
  file_name: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  uploaded_at: isoTime,
  uploaded_by: z.string().describe("The uploader's e-mail, or 'system' for a notice the portal filed"),
});

export const documentOutput = z.object({
  document: documentSummary,
  versions: z.array(documentVersion).nullable().describe('Every file it has had, newest first (GP only)'),
  receipts: z.array(receipt).nullable().describe('GP only'),
});
export type DocumentOutput = z.infer<typeof documentOutput>;

export const uploadDocumentOutput = z.object({ message: z.string(), id: z.number().int(), version: z.number().int() });
export type UploadDocumentOutput = z.infer<typeof uploadDocumentOutput>;
