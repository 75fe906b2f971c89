import PDFDocument from 'pdfkit';
import { firm } from '../../contract/firm';
import { mainFace, statementFaces, textRuns, type Weight } from './statement-fonts';

/**
 * What the portal's PDFs (the quarterly statement, the capital notices) share: a letter page in the
 * statements' fonts, its colours, the letterhead, section headings and rules, and text anyone may
 * have typed set character by character in a font that has it.
 */

export const PAGE_MARGIN = 54;
export const INK = '#111111';
export const MUTED = '#555555';
export const RULE = '#b8bec6';
export const SHADE = '#eef1f4';

const calendar = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' });
/** "November 26, 2026" for 2026-11-26. */
export const longDay = (day: string): string => calendar.format(new Date(`${day}T00:00:00Z`));

export interface PdfPage {
  doc: PDFKit.PDFDocument;
  /** The file's bytes, once `doc.end()` was called. */
  done: Promise<Buffer>;
  left: number;
  width: number;
  font: (weight: Weight, size: number, color?: string) => PDFKit.PDFDocument;
  userText: (text: string, weight: Weight, size: number, x: number, y: number, w: number) => void;
  /** Whether userText met a character none of the fonts has (shown as the missing mark). */
  replaced: () => boolean;
  rule: (y: number, color?: string, lineWidth?: number) => void;
  heading: (text: string) => void;
  /** The firm's name, address and e-mail on the left; the document's title and its lines on the right; a rule under both. */
  letterhead: (firmName: string, title: string, lines: string[]) => void;
}

export function pdfPage(options: { bottomMargin: number; bufferPages?: boolean; info: PDFKit.DocumentInfo }): PdfPage {
  const doc = new PDFDocument({
    size: 'LETTER',
    margins: { top: PAGE_MARGIN, left: PAGE_MARGIN, right: PAGE_MARGIN, bottom: options.bottomMargin },
    bufferPages: options.bufferPages ?? false,
    info: options.info,
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  for (const face of statementFaces()) doc.registerFont(face.id, face.data);

  const left = PAGE_MARGIN;
  const width = doc.page.width - PAGE_MARGIN * 2;
  const font = (weight: Weight, size: number, color = INK) => doc.font(mainFace(weight)).fontSize(size).fillColor(color);
  let replaced = false;
  const userText = (text: string, weight: Weight, size: number, x: number, y: number, w: number) => {
    const { runs, missing } = textRuns(text, weight);
    replaced ||= missing;
    doc.fontSize(size).fillColor(INK);
    runs.forEach((run, i) => {
      doc.font(run.face);
      const last = i === runs.length - 1;
      if (i === 0) doc.text(run.text, x, y, { width: w, continued: !last });
      else doc.text(run.text, { continued: !last });
    });
  };
  const rule = (y: number, color = RULE, lineWidth = 0.75) => {
    doc
      .moveTo(left, y)
      .lineTo(left + width, y)
      .lineWidth(lineWidth)
      .strokeColor(color)
      .stroke();
  };
  const heading = (text: string) => {
    doc.moveDown(1.2);
    font('bold', 11).text(text.toUpperCase(), left, doc.y, { width, characterSpacing: 0.6 });
    const y = doc.y + 3;
    rule(y, INK, 1);
    doc.y = y + 6;
  };
  const letterhead = (firmName: string, title: string, lines: string[]) => {
    const top = doc.y;
    font('bold', 17).text(firmName, left, top, { width: width / 2 });
    font('regular', 8.5, MUTED);
    for (const line of firm.address) doc.text(line, left, doc.y, { width: width / 2 });
    doc.text(firm.email, left, doc.y, { width: width / 2 });
    const firmBottom = doc.y;
    font('bold', 13).text(title, left + width / 2, top + 2, { width: width / 2, align: 'right' });
    lines.forEach((line, i) => {
      font('regular', 9, MUTED).text(line, left + width / 2, doc.y + (i === 0 ? 2 : 0), { width: width / 2, align: 'right' });
    });
    doc.y = Math.max(doc.y, firmBottom) + 10;
    rule(doc.y, INK, 1.25);
    doc.y += 12;
  };
  return { doc, done, left, width, font, userText, replaced: () => replaced, rule, heading, letterhead };
}
