import { NOT_AVAILABLE } from '@contract/quotes';
import { formatMarketCap, formatMoney, formatPercent, formatQuantity, formatRatio, formatSignedMoney, toneOf } from '../../../lib/format';
import type { HoldingRow } from './holdings-rows';

/** GPs see 0 for a missing dividend yield or P/E; LPs see N/A (docs/product.md §2). */
export type MissingAs = 'zero' | 'na';

export interface HoldingsColumn {
  id: string;
  header: string;
  /** What the column sorts by, as an exact decimal (null sorts lowest): decimal text or a quote's number. */
  value: (row: HoldingRow) => number | string | null;
  /** The cell's text. */
  text: (row: HoldingRow, missingAs: MissingAs) => string;
  /** Gains green, losses red. */
  signed?: boolean;
  sortable: boolean;
}

const forSymbol = (format: (row: HoldingRow) => string) => (row: HoldingRow) => (row.kind === 'lot' ? '' : format(row));
const orMissing = (value: number | null, missingAs: MissingAs, format: (n: number) => string) =>
  value === null ? (missingAs === 'zero' ? format(0) : NOT_AVAILABLE) : format(value);

export const PREDICTION_HEADER = 'Next Day Predicted Close (In Beta)';

/** docs/product.md §2's columns after Symbol, in order; the prediction column is the GP's only. */
export function holdingsColumns(options: { predictions: boolean }): HoldingsColumn[] {
  const columns: HoldingsColumn[] = [
    { id: 'lastPrice', header: 'Last Price', value: (r) => r.lastPrice, text: forSymbol((r) => formatMoney(r.lastPrice)), sortable: true },
    {
      id: 'change',
      header: 'Change $',
      value: (r) => r.change,
      text: forSymbol((r) => formatSignedMoney(r.change)),
      signed: true,
      sortable: true,
    },
    {
      id: 'changePct',
      header: 'Change %',
      value: (r) => r.changePct,
      text: forSymbol((r) => formatPercent(r.changePct, { signed: true })),
      signed: true,
      sortable: true,
    },
    { id: 'qty', header: 'Qty #', value: (r) => r.qty, text: (r) => formatQuantity(r.qty), sortable: true },
    { id: 'pricePaid', header: 'Price Paid $', value: (r) => r.pricePaid, text: (r) => formatMoney(r.pricePaid), sortable: true },
    {
      id: 'dayGain',
      header: "Day's Gain $",
      value: (r) => r.dayGain,
      text: (r) => formatSignedMoney(r.dayGain),
      signed: true,
      sortable: true,
    },
    { id: 'totalCost', header: 'Total Cost $', value: (r) => r.totalCost, text: (r) => formatMoney(r.totalCost), sortable: true },
    {
      id: 'totalGain',
      header: 'Total Gain $',
      value: (r) => r.totalGain,
      text: (r) => formatSignedMoney(r.totalGain),
      signed: true,
      sortable: true,
    },
    {
      id: 'totalGainPct',
      header: 'Total Gain %',
      value: (r) => r.totalGainPct,
      text: (r) => formatPercent(r.totalGainPct, { signed: true }),
      signed: true,
      sortable: true,
    },
    { id: 'value', header: 'Value $', value: (r) => r.value, text: (r) => formatMoney(r.value), sortable: true },
    {
      id: 'dividendYield',
      header: 'Dividend Yield %',
      value: (r) => r.dividendYield,
      text: (r, missingAs) => (r.kind === 'lot' ? '' : orMissing(r.dividendYield, missingAs, (n) => formatPercent(n))),
      sortable: true,
    },
    {
      id: 'marketCap',
      header: 'Market Cap',
      value: (r) => r.marketCap,
      text: forSymbol((r) => formatMarketCap(r.marketCap)),
      sortable: true,
    },
    {
      id: 'oneMonthPerf',
      header: '1 month Performance',
      value: (r) => r.oneMonthPerf,
      text: forSymbol((r) => formatPercent(r.oneMonthPerf, { signed: true })),
      signed: true,
      sortable: true,
    },
    {
      id: 'peRatio',
      header: 'P/E ratio',
      value: (r) => r.peRatio,
      text: (r, missingAs) => (r.kind === 'lot' ? '' : orMissing(r.peRatio, missingAs, formatRatio)),
      sortable: true,
    },
    {
      id: 'pctOfPortfolio',
      header: '% of Portfolio',
      value: (r) => r.pctOfPortfolio,
      text: (r) => formatPercent(r.pctOfPortfolio),
      sortable: true,
    },
  ];
  if (options.predictions) {
    columns.push({
      id: 'prediction',
      header: PREDICTION_HEADER,
      value: (r) => r.prediction,
      text: forSymbol((r) => formatMoney(r.prediction)),
      sortable: false,
    });
  }
  return columns;
}

/** The tone class of a signed cell. */
export function cellTone(column: HoldingsColumn, row: HoldingRow): string {
  if (!column.signed) return '';
  const value = column.value(row);
  return value === null ? '' : `tone--${toneOf(value)}`;
}
