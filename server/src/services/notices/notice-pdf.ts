import PDFDocument from 'pdfkit';
import { firm } from '../../contract/firm';
import { qty, unitPrice, usd } from '../../platform/format';
import { mainFace, MISSING_MARK, statementFaces, textRuns, type Weight } from '../capital/statement-fonts';

/**
 * A capital call notice or a distribution notice (docs/decisions/0021): one page in the
 * statements' fonts and letterhead, stating the amount, the date, the units and the value per unit
 * the entry was priced at, and how the money moves.
 */

export interface Notice {
  kind: 'contribution' | 'distribution';
  partner: { name: string; email: string };
  /** Cents as text, above zero. */
  amount: string;
  /** The entry's day (YYYY-MM-DD). */
  date: string;
  /** Units bought or redeemed (positive text, 8 places). */
  units: string;
  /** The value per unit the entry was priced at (8 places). */
  unitValue: string;
  /** The day the notice is issued. */
  issued: string;
  /** The firm's payment instructions (PAYMENT_INSTRUCTIONS), one line each. */
  paymentInstructions: string[];
}

const PAGE_MARGIN = 54;
const INK = '#111111';
const MUTED = '#555555';
const RULE = '#b8bec6';
const SHADE = '#eef1f4';

const calendar = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' });
export const longDay = (day: string): string => calendar.format(new Date(`${day}T00:00:00Z`));

export const noticeTitle = (kind: Notice['kind']): string => (kind === 'contribution' ? 'Capital Call Notice' : 'Distribution Notice');

export function noticePdf(n: Notice): Promise<Buffer> {
  const title = noticeTitle(n.kind);
  const doc = new PDFDocument({
    size: 'LETTER',
    margins: { top: PAGE_MARGIN, left: PAGE_MARGIN, right: PAGE_MARGIN, bottom: PAGE_MARGIN },
    info: { Title: `${title}: ${n.partner.name}, ${n.date}`, Author: firm.name, Subject: `${usd(n.amount)} on ${n.date}` },
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
  /** Text anyone may have typed (a name, an e-mail, the instructions), each character in a font that has it. */
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

  // The letterhead, as the statements have it.
  const top = doc.y;
  font('bold', 17).text(firm.name, left, top, { width: width / 2 });
  font('regular', 8.5, MUTED);
  for (const line of firm.address) doc.text(line, left, doc.y, { width: width / 2 });
  doc.text(firm.email, left, doc.y, { width: width / 2 });
  const firmBottom = doc.y;
  font('bold', 13).text(title, left + width / 2, top + 2, { width: width / 2, align: 'right' });
  font('regular', 9, MUTED).text(`Issued ${longDay(n.issued)}`, left + width / 2, doc.y + 2, { width: width / 2, align: 'right' });
  doc.y = Math.max(doc.y, firmBottom) + 10;
  rule(doc.y, INK, 1.25);
  doc.y += 12;

  font('regular', 8, MUTED).text('LIMITED PARTNER', left, doc.y, { width, characterSpacing: 0.5 });
  userText(n.partner.name, 'bold', 12, left, doc.y + 2, width);
  userText(n.partner.email, 'regular', 9, left, doc.y + 1, width);
  doc.y += 8;

  const lead =
    n.kind === 'contribution'
      ? `Your capital contribution of ${usd(n.amount)} dated ${longDay(n.date)} has been recorded in your capital account. ` +
        'It bought the units below at that day\u2019s value per unit.'
      : `A distribution of ${usd(n.amount)} dated ${longDay(n.date)} has been made from your capital account. ` +
        'It redeemed the units below at that day\u2019s value per unit.';
  font('regular', 10).text(lead, left, doc.y + 6, { width });

  heading(n.kind === 'contribution' ? 'Capital call' : 'Distribution');
  const rows: [string, string][] = [
    ['Amount', usd(n.amount)],
    ['Date', longDay(n.date)],
    [n.kind === 'contribution' ? 'Units bought' : 'Units redeemed', qty(n.units)],
    ['Value per unit', unitPrice(n.unitValue)],
  ];
  for (const [label, value] of rows) {
    const y = doc.y;
    font('regular', 10).text(label, left, y + 4, { width: width - 180 });
    font('bold', 10).text(value, left + width - 170, y + 4, { width: 170, align: 'right' });
    doc.y = y + 19;
    rule(doc.y - 1, SHADE, 0.75);
  }

  heading('Payment instructions');
  if (n.kind === 'contribution') {
    font('regular', 10).text(`Please pay ${usd(n.amount)} as follows:`, left, doc.y + 2, { width });
    for (const line of n.paymentInstructions) userText(line, 'regular', 10, left + 12, doc.y + 3, width - 12);
  } else {
    font('regular', 10).text(
      `The firm pays ${usd(n.amount)} to the bank account it holds on file for you. Nothing is to be paid by you.`,
      left,
      doc.y + 2,
      { width },
    );
    font('regular', 9, MUTED).text('The firm\u2019s instructions for capital calls, for reference:', left, doc.y + 6, { width });
    for (const line of n.paymentInstructions) userText(line, 'regular', 9, left + 12, doc.y + 3, width - 12);
  }

  const notes = [
    ...(replaced
      ? [`Some characters above are not in this notice\u2019s fonts and are shown as ${MISSING_MARK}; the portal shows them in full.`]
      : []),
    `This notice has been prepared by ${firm.name} for the limited partner named above and is confidential. ` +
      `Your capital account and its statements are in the partner portal. Please report any discrepancy within 30 days to ${firm.email}.`,
  ];
  doc.moveDown(1.5);
  for (const note of notes) font('regular', 8.5, MUTED).text(note, left, doc.y + 4, { width });
  doc.end();
  return done;
}
