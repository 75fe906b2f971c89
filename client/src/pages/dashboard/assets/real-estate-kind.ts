import {
  annualFromMonthly,
  assetCost,
  assetValue,
  gainPct,
  realEstateGain,
} from '../../../../../server/src/domain/portfolio-math';
import { formatCurrency, formatMoney, formatPercent, formatSignedMoney, toneOf } from '../../../lib/format';
import { numberOfText } from '../../../lib/numeric-text';
import { realEstateFigures } from '../portfolio-figures';
import type { RealEstateAsset } from '../portfolio-types';
import type { AssetKind, CellText } from './asset-kind';
import { figuresOf, type AssetValues } from './asset-values';
import { commonValues, LEADING_COLUMNS } from './venture-kind';

const money = (n: number): CellText => ({ text: formatMoney(n) });
const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);
const costOf = (v: AssetValues) => assetCost(figuresOf(v));
const gainOf = (v: AssetValues) => realEstateGain(figuresOf(v));
/** A property's total value counts the rent it has earned, as the net account value does. */
const totalValue = (f: { qty: number; lastPrice: number; pricePaid: number; totalRentalIncome: number }) => assetValue(f) + f.totalRentalIncome;

/** SPEC §2's Real Estate table. */
export const REAL_ESTATE_KIND: AssetKind<RealEstateAsset> = {
  title: 'Real Estate',
  addLabel: '+ Add Real Estate Investment',
  saveLabel: 'Save Real Estate Investment',
  noun: 'property',
  empty: 'No real estate investments yet.',
  columns: [
    ...LEADING_COLUMNS,
    { type: 'computed', key: 'total_cost', header: 'Total Cost $', show: (v) => money(costOf(v)) },
    {
      type: 'field',
      key: 'total_rental_income',
      header: 'Total Rental Income $',
      input: 'numeric',
      show: (v) => formatMoney(numberOfText(v.total_rental_income ?? '')),
    },
    { type: 'computed', key: 'total_gain', header: 'Total Gain $', show: (v) => ({ text: formatSignedMoney(gainOf(v)), tone: toneOf(gainOf(v)) }) },
    {
      type: 'computed',
      key: 'total_gain_pct',
      header: 'Total Gain %',
      show: (v) => ({ text: formatPercent(gainPct(gainOf(v), costOf(v)), { signed: true }), tone: toneOf(gainOf(v)) }),
    },
    { type: 'computed', key: 'total_value', header: 'Total Value', show: (v) => money(totalValue(figuresOf(v))) },
    {
      type: 'field',
      key: 'monthly_rental_income',
      header: 'Monthly Rental Income $',
      input: 'numeric',
      show: (v) => formatMoney(numberOfText(v.monthly_rental_income ?? '')),
    },
    {
      type: 'field',
      key: 'annual_rental_income_pct',
      header: 'Annual Rental Income %',
      input: 'numeric',
      show: (v) => formatPercent(numberOfText(v.annual_rental_income_pct ?? '')),
    },
  ],
  blank: {
    name: '',
    purchase_date: '',
    last_price_at_date: '',
    qty: '',
    price_paid: '',
    total_rental_income: '',
    monthly_rental_income: '',
    annual_rental_income_pct: '',
  },
  valuesOf: (a) => ({
    ...commonValues(a),
    total_rental_income: String(a.total_rental_income),
    monthly_rental_income: String(a.monthly_rental_income),
    annual_rental_income_pct: String(a.annual_rental_income_pct),
  }),
  totals: (assets) => {
    const figures = assets.map(realEstateFigures);
    const cost = sum(figures.map(assetCost));
    const totalGain = sum(figures.map(realEstateGain));
    const monthly = sum(assets.map((a) => a.monthly_rental_income));
    return {
      total_cost: money(cost),
      total_rental_income: money(sum(assets.map((a) => a.total_rental_income))),
      total_gain: { text: formatSignedMoney(totalGain), tone: toneOf(totalGain) },
      total_gain_pct: { text: formatPercent(gainPct(totalGain, cost), { signed: true }), tone: toneOf(totalGain) },
      total_value: money(sum(figures.map(totalValue))),
      monthly_rental_income: money(monthly),
      // SPEC §9: the annual income total is 12 × the monthly total.
      annual_rental_income_pct: { text: `${formatCurrency(annualFromMonthly(monthly))} a year` },
    };
  },
};
