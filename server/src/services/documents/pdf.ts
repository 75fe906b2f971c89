import { createHash } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import {
  EMPTY_FILE_MESSAGE,
  NOT_A_PDF_MESSAGE,
  TOO_LARGE_MESSAGE,
  UNREADABLE_PDF_MESSAGE,
  DOCUMENT_LIMITS,
} from '../../contract/document-rules';
import { fail } from '../../platform/errors';

/** A PDF's first bytes: "%PDF-". */
const MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d];

export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * Refuses anything but a real PDF of at most 25 MB (docs/decisions/0020): it starts with %PDF-
 * and pdf-lib parses it into a document of at least one page. Encrypted PDFs are accepted (their
 * page tree is still readable); nothing in the file is run or rendered.
 */
export async function checkPdf(bytes: Uint8Array): Promise<{ pages: number }> {
  if (bytes.length === 0) throw fail.badRequest(EMPTY_FILE_MESSAGE);
  if (bytes.length > DOCUMENT_LIMITS.maxBytes) throw fail.tooLarge(TOO_LARGE_MESSAGE);
  if (bytes.length < MAGIC.length || MAGIC.some((b, i) => bytes[i] !== b)) throw fail.badRequest(NOT_A_PDF_MESSAGE);
  let pages: number;
  try {
    const pdf = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: false });
    pages = pdf.getPageCount();
  } catch {
    throw fail.badRequest(UNREADABLE_PDF_MESSAGE);
  }
  if (pages < 1) throw fail.badRequest(UNREADABLE_PDF_MESSAGE);
  return { pages };
}
