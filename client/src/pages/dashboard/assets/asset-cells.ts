import { formatCalendarDate, formatMoney, formatPercent, formatQuantity, formatSignedMoney, toneOf } from '../../../lib/format';
import type { AssetColumn, CellText } from './asset-kind';
import { decimalText, type CommonValues } from './asset-values';

/** Cells of the engine's decimal text. */
export const money = (text: string): CellText => ({ text: formatMoney(text) });
export const gain = (text: string): CellText => ({ text: formatSignedMoney(text), tone: toneOf(text) });
/** A gain %, signed and toned by the gain it measures; N/A where nothing was paid. */
export const gainPct = (pct: string | null, of: string): CellText => ({ text: formatPercent(pct, { signed: true }), tone: toneOf(of) });

/** Name, purchase date, last price (with its date), qty and price paid: both tables start so. */
export const LEADING_COLUMNS: AssetColumn<CommonValues>[] = [
  { type: 'field', key: 'name', header: 'Name', input: 'text', show: (v) => v.name },
  { type: 'field', key: 'purchase_date', header: 'Purchase Date', input: 'date', show: (v) => formatCalendarDate(v.purchase_date) },
  {
    type: 'field',
    key: 'last_price_at_date',
    header: 'Last Price $',
    input: 'decimal',
    show: (v) => formatMoney(decimalText(v.last_price_at_date)),
    note: (v) => (v.last_price_date ? `as of ${formatCalendarDate(v.last_price_date)}` : null),
  },
  { type: 'field', key: 'qty', header: 'Qty', input: 'decimal', show: (v) => formatQuantity(decimalText(v.qty)) },
  { type: 'field', key: 'price_paid', header: 'Price Paid $', input: 'decimal', show: (v) => formatMoney(decimalText(v.price_paid)) },
];

/** The common fields' headers, the same in both tables, to name a field the row rule refused. */
export const COMMON_LABELS: Record<keyof CommonValues, string> = {
  name: 'Name',
  purchase_date: 'Purchase Date',
  qty: 'Qty',
  price_paid: 'Price Paid $',
  last_price_at_date: 'Last Price $',
  last_price_date: 'Last Price Date',
};
