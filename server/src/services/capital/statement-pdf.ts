import { firm } from '../../contract/firm';
import { CAPITAL_KIND_LABELS, irrPercentText, multipleText } from '../../contract/capital-rules';
import { addDays } from '../../domain/dates';
import { qty, unitPrice, usd } from '../../platform/format';
import type { Statement } from './statement';
import { INK, longDay, MUTED, PAGE_MARGIN, pdfPage, RULE, SHADE } from './pdf-page';
import { MISSING_MARK } from './statement-fonts';

/**
 * The quarterly statement as a fund administrator's PDF: the firm and its address, the partner,
 * a roll-forward of the account, units and performance, the quarter's entries as a table, notes
 * and a disclaimer, and "Page n of m" on every page.
 */

const FOOTER_SPACE = 36;
const NOTICE_FILL = '#fff6db';
const NOTICE_LINE = '#c9a227';
/** The mark beside a provisional figure. */
const PROVISIONAL = '\u2020';
/** The mark beside a value per unit priced at an official net account value. */
const OFFICIAL = '\u2021';

const shortDate = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', year: 'numeric', month: 'short', day: 'numeric' });
const shortDay = (day: string) => shortDate.format(new Date(`${day}T00:00:00Z`));

const NONE = '\u2014';
const money = (value: string | null) => (value === null ? NONE : usd(value));
const perUnit = (value: string | null) => (value === null ? NONE : unitPrice(value));
const multiple = (value: string | null) => (value === null ? NONE : multipleText(value));
const irr = (value: string | null) => (value === null ? NONE : irrPercentText(value));
const negated = (value: string) => (/^0(\.0+)?$/.test(value) ? usd(value) : usd(`-${value}`));

interface Column {
  title: string;
  width: number;
  align: 'left' | 'right';
}

export function statementPdf(s: Statement): Promise<Buffer> {
  const page = pdfPage({
    bottomMargin: PAGE_MARGIN + FOOTER_SPACE,
    bufferPages: true,
    info: { Title: `Capital account statement ${s.quarter}: ${s.partner.name}`, Author: s.firm, Subject: `${s.from} to ${s.to}` },
  });
  const { doc, done, left, width, font, userText, rule } = page;
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  const ensureRoom = (height: number) => {
    if (doc.y + height > bottom()) doc.addPage();
  };
  const heading = (title: string) => {
    ensureRoom(60);
    page.heading(title);
  };

  // The firm, and what this document is.
  page.letterhead(s.firm, 'Capital Account Statement', [`Quarter ended ${longDay(s.to)} (${s.quarter})`, `Issued ${longDay(s.issued)}`]);

  // The partner and the period.
  const partnerTop = doc.y;
  font('regular', 8, MUTED).text('LIMITED PARTNER', left, partnerTop, { width: width * 0.6, characterSpacing: 0.5 });
  userText(s.partner.name, 'bold', 12, left, doc.y + 2, width * 0.6);
  userText(s.partner.email, 'regular', 9, left, doc.y + 1, width * 0.6);
  const partnerBottom = doc.y;
  font('regular', 8, MUTED).text('PERIOD', left + width * 0.6, partnerTop, { width: width * 0.4, align: 'right', characterSpacing: 0.5 });
  font('regular', 10).text(`${shortDay(s.from)} \u2013 ${shortDay(s.to)}`, left + width * 0.6, doc.y + 2, {
    width: width * 0.4,
    align: 'right',
  });
  font('regular', 9, MUTED).text('Amounts in US dollars', left + width * 0.6, doc.y + 1, { width: width * 0.4, align: 'right' });
  doc.y = Math.max(doc.y, partnerBottom) + 6;

  if (s.provisional) {
    const text = `${s.provisional.note} Figures marked ${PROVISIONAL} are provisional.`;
    font('regular', 9);
    const textHeight = doc.heightOfString(text, { width: width - 24 });
    const boxTop = doc.y + 10;
    const boxHeight = textHeight + 34;
    doc.rect(left, boxTop, width, boxHeight).lineWidth(1).fillAndStroke(NOTICE_FILL, NOTICE_LINE);
    font('bold', 10).text('Provisional figures', left + 12, boxTop + 9, { width: width - 24 });
    font('regular', 9).text(text, left + 12, doc.y + 2, { width: width - 24 });
    doc.y = boxTop + boxHeight;
  }

  /** Label and value rows; `strong` for a total, with a rule above it. */
  const figureRows = (rows: { label: string; value: string; provisional?: boolean; strong?: boolean }[]) => {
    const valueWidth = 150;
    for (const row of rows) {
      ensureRoom(20);
      const y = doc.y;
      if (row.strong) rule(y - 1, INK, 0.75);
      font(row.strong ? 'bold' : 'regular', 10).text(row.label, left, y + 4, { width: width - valueWidth - 20 });
      doc.text(row.value, left + width - valueWidth - 14, y + 4, { width: valueWidth, align: 'right' });
      if (row.provisional) font('bold', 10, NOTICE_LINE).text(PROVISIONAL, left + width - 12, y + 4, { width: 12 });
      doc.y = y + 19;
      if (!row.strong) rule(doc.y - 1, SHADE, 0.75);
    }
  };

  const opening = s.provisional?.opening ?? false;
  const closing = s.provisional?.closing ?? false;
  // A day valued at the official net account value a GP set (the fund administrator's figure) says so.
  const officialMark = (official: boolean) => (official ? ' (official value)' : '');
  heading('Capital account summary');
  figureRows([
    {
      label: `Opening value, ${longDay(addDays(s.from, -1))}${officialMark(s.official.opening)}`,
      value: money(s.opening_value),
      provisional: opening,
    },
    { label: 'Contributions', value: money(s.contributions) },
    { label: 'Distributions', value: negated(s.distributions) },
    { label: 'Gain or loss', value: money(s.gain), provisional: opening || closing },
    {
      label: `Closing value, ${longDay(s.to)}${officialMark(s.official.closing)}`,
      value: money(s.closing_value),
      provisional: closing,
      strong: true,
    },
  ]);

  heading('Units and performance');
  figureRows([
    { label: 'Units held', value: qty(s.units) },
    { label: `Value per unit${officialMark(s.official.closing)}`, value: perUnit(s.unit_value), provisional: closing },
    { label: 'DPI (distributed \u00f7 contributed)', value: multiple(s.dpi) },
    { label: 'RVPI (value \u00f7 contributed)', value: multiple(s.rvpi), provisional: closing },
    { label: 'TVPI ((distributed + value) \u00f7 contributed)', value: multiple(s.tvpi), provisional: closing },
    { label: 'IRR since the first contribution (XIRR)', value: irr(s.irr), provisional: closing },
  ]);

  heading('Entries of the quarter');
  const columns: Column[] = [
    { title: 'Date', width: 78, align: 'left' },
    { title: 'Kind', width: 84, align: 'left' },
    { title: 'Amount', width: 96, align: 'right' },
    { title: 'Units', width: 88, align: 'right' },
    { title: 'Value per unit', width: 82, align: 'right' },
    { title: 'Recorded', width: 76, align: 'right' },
  ];
  const ROW = 18;
  const tableRow = (cells: string[], options: { header?: boolean; shade?: boolean } = {}) => {
    const y = doc.y;
    if (options.header || options.shade) doc.rect(left, y, width, ROW).fill(options.header ? '#dde3ea' : SHADE);
    font(options.header ? 'bold' : 'regular', 9);
    let x = left;
    cells.forEach((text, i) => {
      const c = columns[i]!;
      doc.text(text, x + 6, y + 5, { width: c.width - 12, align: c.align, lineBreak: false });
      x += c.width;
    });
    doc.y = y + ROW;
  };
  if (s.entries.length === 0) {
    font('regular', 10, MUTED).text('No entries in this quarter.', left, doc.y + 2, { width });
  } else {
    tableRow(
      columns.map((c) => c.title),
      { header: true },
    );
    s.entries.forEach((e, i) => {
      if (doc.y + ROW > bottom()) {
        doc.addPage();
        tableRow(
          columns.map((c) => c.title),
          { header: true },
        );
      }
      const priced = e.kind !== 'commitment';
      tableRow(
        [
          shortDay(e.date),
          CAPITAL_KIND_LABELS[e.kind],
          e.kind === 'distribution' ? negated(e.amount) : usd(e.amount),
          priced ? qty(e.units) : NONE,
          priced ? `${perUnit(e.unit_value)}${e.provisional ? ` ${PROVISIONAL}` : ''}${e.official ? ` ${OFFICIAL}` : ''}` : NONE,
          shortDay(e.recorded_on),
        ],
        { shade: i % 2 === 1 },
      );
    });
    rule(doc.y, RULE);
  }

  heading('Notes');
  const notes = [
    'Units are bought by contributions and redeemed by distributions at the value per unit of their day: the net account value ' +
      'divided by the units outstanding. The account\u2019s value is its units at that value per unit.',
    'Gain or loss is the closing value less the opening value and the contributions, plus the distributions. DPI, RVPI and TVPI ' +
      'relate what was distributed and what the account is worth to what was contributed. The IRR is the annual rate at which the ' +
      'dated contributions, distributions and the closing value discount to zero (actual days \u00f7 365).',
    ...(s.official.opening || s.official.closing || s.entries.some((e) => e.official)
      ? [
          `An official value, and a value per unit marked ${OFFICIAL}, is the official net account value of the firm set for ` +
            'that day (the figure struck by the fund administrator), used in place of the computed one.',
        ]
      : []),
    ...(page.replaced()
      ? [
          `Some characters of the names above are not in this statement\u2019s fonts and are shown as ${MISSING_MARK}; ` +
            'the CSV statement and the portal show them in full.',
        ]
      : []),
    `This statement has been prepared by ${s.firm} for the limited partner named above and is confidential. It is unaudited and ` +
      'for information only; it is not an offer to sell, or a solicitation of an offer to buy, any interest. Values rest on the ' +
      'firm\u2019s books and market prices on the days shown and may be revised. Past performance does not guarantee future results. ' +
      `Please report any discrepancy within 30 days to ${firm.email}.`,
  ];
  for (const note of notes) {
    font('regular', 8.5, MUTED);
    ensureRoom(doc.heightOfString(note, { width }) + 6);
    doc.text(note, left, doc.y + 4, { width });
  }

  // "Page n of m" and the document's name on every page, in the margin below the text.
  const pages = doc.bufferedPageRange();
  for (let i = 0; i < pages.count; i += 1) {
    doc.switchToPage(pages.start + i);
    const y = doc.page.height - PAGE_MARGIN - 10;
    const bottomMargin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    rule(y - 6, RULE, 0.5);
    font('regular', 8, MUTED).text(`${s.firm} \u00b7 Capital account statement, ${s.quarter}`, left, y, {
      width: width - 90,
      lineBreak: false,
    });
    doc.text(`Page ${i + 1} of ${pages.count}`, left + width - 90, y, { width: 90, align: 'right', lineBreak: false });
    doc.page.margins.bottom = bottomMargin;
  }
  doc.end();
  return done;
}
