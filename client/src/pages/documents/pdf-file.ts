import { DOCUMENT_LIMITS, EMPTY_FILE_MESSAGE, fileNameProblem, NOT_A_PDF_MESSAGE, TOO_LARGE_MESSAGE } from '@contract/document-rules';

/** A chosen file, checked as the server will check it (docs/decisions/0020), and read as base64 to send. */
export type ReadFile = { ok: true; fileName: string; content: string } | { ok: false; problem: string };

export const CHOOSE_FILE = 'Choose a PDF file to upload.';

/** What is wrong with a file before it is read: its size, its name, its first bytes (%PDF-). */
export async function pdfFileProblem(file: File): Promise<string | null> {
  if (file.size === 0) return EMPTY_FILE_MESSAGE;
  if (file.size > DOCUMENT_LIMITS.maxBytes) return TOO_LARGE_MESSAGE;
  const nameProblem = fileNameProblem(file.name);
  if (nameProblem) return nameProblem;
  const head = new Uint8Array(await file.slice(0, 5).arrayBuffer());
  return String.fromCharCode(...head) === '%PDF-' ? null : NOT_A_PDF_MESSAGE;
}

/** The file's bytes as base64 (the server parses it as a PDF too). */
function base64Of(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = typeof reader.result === 'string' ? reader.result : '';
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}

export async function readPdfFile(file: File | null | undefined): Promise<ReadFile> {
  if (!file) return { ok: false, problem: CHOOSE_FILE };
  const problem = await pdfFileProblem(file);
  if (problem) return { ok: false, problem };
  try {
    return { ok: true, fileName: file.name, content: await base64Of(file) };
  } catch {
    return { ok: false, problem: 'The file could not be read. Choose it again.' };
  }
}
