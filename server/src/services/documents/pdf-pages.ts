import { PDFDocument } from 'pdf-lib';

/**
 * How many pages pdf-lib reads in a file, or null when it cannot parse it. Encrypted PDFs are
 * read too (their page tree is still readable); nothing in the file is run or rendered.
 */
export async function pdfPages(bytes: Uint8Array): Promise<number | null> {
  try {
    const pdf = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: false });
    return pdf.getPageCount();
  } catch {
    return null;
  }
}
