import { formatCalendarDate, formatMoney, formatPercent, formatQuantity, formatSignedMoney, toneOf } from '../../../lib/format';
import type { VentureAsset } from '../portfolio-types';
import type { AssetColumn, AssetKind, CellText } from './asset-kind';
import { decimalText, plainText, type AssetValues } from './asset-values';

/** Cells of the engine's decimal text. */
export const money = (text: string): CellText => ({ text: formatMoney(text) });
export const gain = (text: string): CellText => ({ text: formatSignedMoney(text), tone: toneOf(text) });
/** A gain %, signed and toned by the gain it measures; N/A where nothing was paid. */
export const gainPct = (pct: string | null, of: string): CellText => ({ text: formatPercent(pct, { signed: true }), tone: toneOf(of) });

/** Name, purchase date, last price (with its date), qty and price paid: both tables start so. */
export const LEADING_COLUMNS: AssetColumn[] = [
  { type: 'field', key: 'name', header: 'Name', input: 'text', show: (v) => v.name ?? '' },
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

/** The saved fields of any private asset, as its inputs hold them. */
export function commonValues(asset: { name: string; purchase_date: string; qty: number; price_paid: number; last_price_at_date: number; last_price_date: string | null }): AssetValues {
  return {
    name: asset.name,
    purchase_date: asset.purchase_date,
    qty: plainText(asset.qty),
    price_paid: plainText(asset.price_paid),
    last_price_at_date: plainText(asset.last_price_at_date),
    last_price_date: asset.last_price_date ?? '',
  };
}

/** SPEC §2's Venture Investments table; its figures are the portfolio engine's. */
export const VENTURE_KIND: AssetKind<VentureAsset> = {
  title: 'Venture Investments',
  csv: { path: '/api/export/venture.csv', fileName: 'venture.csv' },
  addLabel: '+ Add Venture Investment',
  saveLabel: 'Save Venture Investment',
  noun: 'venture investment',
  empty: 'No venture investments yet.',
  columns: [
    ...LEADING_COLUMNS,
    { type: 'computed', key: 'total_cost', header: 'Total Cost $', show: (f) => money(f.cost) },
    { type: 'computed', key: 'total_gain', header: 'Total Gain $', show: (f) => gain(f.gain) },
    { type: 'computed', key: 'total_gain_pct', header: 'Total Gain %', show: (f) => gainPct(f.gainPct, f.gain) },
    { type: 'computed', key: 'value', header: 'Value $', show: (f) => money(f.value) },
    { type: 'field', key: 'dividend_dollar', header: 'Dividend $', input: 'numeric', show: (v) => formatMoney(decimalText(v.dividend_dollar)) },
    { type: 'field', key: 'dividend_pct', header: 'Dividend %', input: 'numeric', show: (v) => formatPercent(decimalText(v.dividend_pct)) },
  ],
  blank: { name: '', purchase_date: '', last_price_at_date: '', qty: '', price_paid: '', dividend_dollar: '', dividend_pct: '' },
  valuesOf: (a) => ({ ...commonValues(a), dividend_dollar: plainText(a.dividend_dollar), dividend_pct: plainText(a.dividend_pct) }),
  totals: (t) => ({
    total_cost: money(t.ventureCost),
    total_gain: gain(t.ventureGain),
    total_gain_pct: gainPct(t.ventureGainPct, t.ventureGain),
    value: money(t.ventureValue),
    dividend_dollar: money(t.ventureDividendDollar),
    // Value-weighted (SPEC §3).
    dividend_pct: { text: formatPercent(t.ventureDividendPct) },
  }),
};
