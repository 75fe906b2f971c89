import { firm } from '../../contract/firm';
import { qty, unitPrice, usd } from '../../platform/format';
import { longDay, MUTED, PAGE_MARGIN, pdfPage, SHADE } from '../capital/pdf-page';
import { MISSING_MARK } from '../capital/statement-fonts';

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

export const noticeTitle = (kind: Notice['kind']): string => (kind === 'contribution' ? 'Capital Call Notice' : 'Distribution Notice');

export function noticePdf(n: Notice): Promise<Buffer> {
  const title = noticeTitle(n.kind);
  const page = pdfPage({
    bottomMargin: PAGE_MARGIN,
    info: { Title: `${title}: ${n.partner.name}, ${n.date}`, Author: firm.name, Subject: `${usd(n.amount)} on ${n.date}` },
  });
  const { doc, done, left, width, font, userText, rule, heading } = page;

  // The letterhead, as the statements have it.
  page.letterhead(firm.name, title, [`Issued ${longDay(n.issued)}`]);

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
    ...(page.replaced()
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
