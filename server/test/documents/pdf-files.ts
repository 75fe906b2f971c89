import { PDFDocument, StandardFonts } from 'pdf-lib';

/** A real one-page PDF whose text is `text`, so two calls with different texts give different bytes. */
export async function pdfBytes(text: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([300, 200]).drawText(text, { x: 20, y: 100, size: 12, font });
  return doc.save({ useObjectStreams: false });
}

export const base64 = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64');
