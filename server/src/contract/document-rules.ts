import { hasControlCharacters, hasDirectionOverrides } from '../domain/text';

/**
 * The partners' documents' rules and messages (docs/product.md "Documents", docs/decisions/0020),
 * without zod, so the pages that only show a limit or check a file before sending load no schema.
 */

export const DOCUMENT_KINDS = ['tax', 'statement', 'letter', 'notice', 'other'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export const DOCUMENT_KIND_LABELS: Record<DocumentKind, string> = {
  tax: 'K-1 / tax',
  statement: 'Statement',
  letter: 'Letter',
  notice: 'Notice',
  other: 'Other',
};

export const DOCUMENT_LIMITS = {
  /** A document's file: 25 MB. */
  maxBytes: 25 * 1024 * 1024,
  title: 200,
  fileName: 120,
  /** Partners chosen for one document. */
  audience: 500,
};

/** The file in base64, as the upload sends it: 4 characters for every 3 bytes. */
export const MAX_BASE64_LENGTH = Math.ceil(DOCUMENT_LIMITS.maxBytes / 3) * 4;

/** An upload's request body: the file in base64 and its few fields. */
export const DOCUMENT_BODY_LIMIT = MAX_BASE64_LENGTH + 64 * 1024;

export const TOO_LARGE_MESSAGE = 'The file is too large: a document can be at most 25 MB.';
export const NOT_A_PDF_MESSAGE = 'The file is not a PDF. Upload a PDF document (its content, not only its name, must be a PDF).';
export const UNREADABLE_PDF_MESSAGE = 'The file starts like a PDF but could not be read as one. Save it again as a PDF and upload that.';
export const EMPTY_FILE_MESSAGE = 'The file is empty.';
export const UPLOADS_BUSY_MESSAGE = 'Too many documents are being checked right now. Please try again in a moment.';

/** A year (2026) or a quarter (2026-Q3). */
export const PERIOD_RULE = /^(19|20|21)\d{2}(-Q[1-4])?$/;
export const PERIOD_MESSAGE = 'Period must be a year (2026) or a quarter (2026-Q3), or left empty.';

/** Characters no file name may hold: path separators, and those Windows and HTML give a meaning. */
const UNSAFE_CHARACTERS = /[/\\<>:"|?*]/;

/**
 * Why a file name cannot be kept, or null when it can: it is shown to partners and sent back as the
 * download's name, so it is one plain name ending in .pdf, without path separators, control or
 * direction-changing characters, or markup.
 */
export function fileNameProblem(name: string): string | null {
  if (name.trim() === '') return 'The file needs a name.';
  if (name !== name.trim()) return 'The file name cannot start or end with spaces.';
  if (name.length > DOCUMENT_LIMITS.fileName) return `The file name is too long (at most ${DOCUMENT_LIMITS.fileName} characters).`;
  if (hasControlCharacters(name)) return 'The file name cannot contain control characters.';
  if (hasDirectionOverrides(name)) return 'The file name cannot contain characters that change the direction of text.';
  if (/<\s*\/?\s*[a-z!]/i.test(name) || /&#?[a-z0-9]+;/i.test(name))
    return 'The file name cannot contain HTML or script. Rename the file and upload it again.';
  if (UNSAFE_CHARACTERS.test(name)) return 'The file name cannot contain any of / \\ < > : " | ? *. Rename the file and upload it again.';
  if (name.startsWith('.')) return 'The file name cannot start with a dot.';
  if (!/\.pdf$/i.test(name) || name.length === 4) return 'The file name must end in .pdf.';
  return null;
}

/** The year a document belongs to: its period's, else the year it was filed. */
export function documentYear(period: string | null, filedAt: string): number {
  return Number((period ?? filedAt).slice(0, 4));
}
