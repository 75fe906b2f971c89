import PDFDocument from 'pdfkit';
import { dec, fixed } from '../../domain/money';
import { usd, qty } from '../format';
import type { Statement } from './statement';

/** The quarterly statement as a one-page (or longer) PDF, made with pdfkit's standard fonts. */

const ratio = (value: string | null) => (value === null ? '—' : value);
const irrText = (value: string | null) => (value === null ? '—' : `${value} (${fixed(dec(value).times(100), 2)} % a year)`);
const money = (value: string | null) => (value === null ? '—' : usd(value));

export function statementPdf(s: Statement): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'LETTER', margin: 56, info: { Title: `Capital account statement ${s.quarter}`, Author: s.firm } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.font('Helvetica-Bold').fontSize(18).text(s.firm);
  doc.moveDown(0.3).font('Helvetica').fontSize(13).text(`Capital account statement, ${s.quarter}`);
  doc.fontSize(10).fillColor('#444').text(`Period ${s.from} to ${s.to}`);
  doc.text(`Limited partner: ${s.partner.name} (${s.partner.email})`);
  doc.fillColor('#000').moveDown();

  const rows: [string, string][] = [
    ['Opening value', money(s.opening_value)],
    ['Contributions', money(s.contributions)],
    ['Distributions', money(s.distributions)],
    ['Gain or loss', money(s.gain)],
    ['Closing value', money(s.closing_value)],
    ['Units', qty(s.units)],
    ['Value per unit', money(s.unit_value)],
    ['DPI', ratio(s.dpi)],
    ['RVPI', ratio(s.rvpi)],
    ['TVPI', ratio(s.tvpi)],
    ['IRR (XIRR)', irrText(s.irr)],
  ];
  const left = doc.page.margins.left;
  for (const [label, value] of rows) {
    const y = doc.y;
    doc.font('Helvetica').fontSize(11).text(label, left, y, { width: 200 });
    doc.text(value, left + 210, y, { width: 260, align: 'right' });
    doc.moveDown(0.2);
  }

  doc.moveDown().font('Helvetica-Bold').fontSize(12).text('Entries of the quarter', left);
  doc.moveDown(0.3).font('Helvetica').fontSize(10);
  if (s.entries.length === 0) doc.text('No entries in this quarter.', left);
  const columns = [
    { title: 'Date', x: 0, width: 80, align: 'left' as const },
    { title: 'Kind', x: 85, width: 90, align: 'left' as const },
    { title: 'Amount', x: 180, width: 100, align: 'right' as const },
    { title: 'Units', x: 285, width: 100, align: 'right' as const },
    { title: 'Value per unit', x: 390, width: 100, align: 'right' as const },
  ];
  const line = (cells: string[]) => {
    const y = doc.y;
    cells.forEach((text, i) => doc.text(text, left + columns[i]!.x, y, { width: columns[i]!.width, align: columns[i]!.align }));
    doc.moveDown(0.2);
  };
  if (s.entries.length > 0) {
    doc.font('Helvetica-Bold');
    line(columns.map((c) => c.title));
    doc.font('Helvetica');
    for (const e of s.entries) line([e.date, e.kind, usd(e.amount), e.kind === 'commitment' ? '' : qty(e.units), money(e.unit_value)]);
  }
  doc
    .moveDown(2)
    .fontSize(8)
    .fillColor('#555')
    .text(
      'Units are bought by contributions and redeemed by distributions at the value per unit of their day (net account value ÷ units outstanding). ' +
        'IRR is XIRR: the annual rate at which the dated contributions, distributions and the closing value discount to zero (actual days ÷ 365).',
      left,
    );
  doc.end();
  return done;
}
