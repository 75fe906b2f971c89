import {
  assetCost,
  assetGain,
  assetValue,
  gainPct,
  valueWeightedPct,
} from '../../../../../server/src/domain/portfolio-math';
import { formatCalendarDate, formatMoney, formatPercent, formatQuantity, formatSignedMoney, toneOf } from '../../../lib/format';
import { numberOfText } from '../../../lib/numeric-text';
import { ventureFigures } from '../portfolio-figures';
import type { VentureAsset } from '../portfolio-types';
import type { AssetColumn, AssetKind, CellText } from './asset-kind';
import { figuresOf, type AssetValues } from './asset-values';

const money = (n: number): CellText => ({ text: formatMoney(n) });
const gain = (n: number): CellText => ({ text: formatSignedMoney(n), tone: toneOf(n) });
const pct = (n: number, signed = true): CellText => ({ text: formatPercent(n, { signed }), tone: signed ? toneOf(n) : undefined });
const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

/** Name, purchase date, last price (with its date), qty and price paid: both tables start so. */
export const LEADING_COLUMNS: AssetColumn[] = [
  { type: 'field', key: 'name', header: 'Name', input: 'text', show: (v) => v.name ?? '' },
  { type: 'field', key: 'purchase_date', header: 'Purchase Date', input: 'date', show: (v) => formatCalendarDate(v.purchase_date) },
  {
    type: 'field',
    key: 'last_price_at_date',
    header: 'Last Price $',
    input: 'decimal',
    show: (v) => formatMoney(numberOfText(v.last_price_at_date ?? '')),
    note: (v) => (v.last_price_date ? `as of ${formatCalendarDate(v.last_price_date)}` : null),
  },
  { type: 'field', key: 'qty', header: 'Qty', input: 'decimal', show: (v) => formatQuantity(numberOfText(v.qty ?? '')) },
  { type: 'field', key: 'price_paid', header: 'Price Paid $', input: 'decimal', show: (v) => formatMoney(numberOfText(v.price_paid ?? '')) },
];

const costOf = (v: AssetValues) => assetCost(figuresOf(v));

/** The saved fields of any private asset, as its inputs hold them. */
export function commonValues(asset: { name: string; purchase_date: string; qty: number; price_paid: number; last_price_at_date: number; last_price_date: string | null }): AssetValues {
  return {
    name: asset.name,
    purchase_date: asset.purchase_date,
    qty: String(asset.qty),
    price_paid: String(asset.price_paid),
    last_price_at_date: String(asset.last_price_at_date),
    last_price_date: asset.last_price_date ?? '',
  };
}

/** SPEC §2's Venture Investments table. */
export const VENTURE_KIND: AssetKind<VentureAsset> = {
  title: 'Venture Investments',
  addLabel: '+ Add Venture Investment',
  saveLabel: 'Save Venture Investment',
  noun: 'venture investment',
  empty: 'No venture investments yet.',
  columns: [
    ...LEADING_COLUMNS,
    { type: 'computed', key: 'total_cost', header: 'Total Cost $', show: (v) => money(costOf(v)) },
    { type: 'computed', key: 'total_gain', header: 'Total Gain $', show: (v) => gain(assetGain(figuresOf(v))) },
    { type: 'computed', key: 'total_gain_pct', header: 'Total Gain %', show: (v) => pct(gainPct(assetGain(figuresOf(v)), costOf(v))) },
    { type: 'computed', key: 'value', header: 'Value $', show: (v) => money(assetValue(figuresOf(v))) },
    { type: 'field', key: 'dividend_dollar', header: 'Dividend $', input: 'numeric', show: (v) => formatMoney(numberOfText(v.dividend_dollar ?? '')) },
    { type: 'field', key: 'dividend_pct', header: 'Dividend %', input: 'numeric', show: (v) => formatPercent(numberOfText(v.dividend_pct ?? '')) },
  ],
  blank: { name: '', purchase_date: '', last_price_at_date: '', qty: '', price_paid: '', dividend_dollar: '', dividend_pct: '' },
  valuesOf: (a) => ({ ...commonValues(a), dividend_dollar: String(a.dividend_dollar), dividend_pct: String(a.dividend_pct) }),
  totals: (assets) => {
    const figures = assets.map(ventureFigures);
    const cost = sum(figures.map(assetCost));
    const totalGain = sum(figures.map(assetGain));
    return {
      total_cost: money(cost),
      total_gain: gain(totalGain),
      total_gain_pct: pct(gainPct(totalGain, cost)),
      value: money(sum(figures.map(assetValue))),
      dividend_dollar: money(sum(assets.map((a) => a.dividend_dollar))),
      dividend_pct: pct(valueWeightedPct(assets.map((a) => ({ value: assetValue(ventureFigures(a)), pct: a.dividend_pct }))), false),
    };
  },
};
