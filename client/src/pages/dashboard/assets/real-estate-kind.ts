import { formatCurrency, formatMoney, formatPercent } from '../../../lib/format';
import type { RealEstateAsset } from '../portfolio-types';
import type { AssetKind } from './asset-kind';
import { decimalText, plainText } from './asset-values';
import { commonValues, gain, gainPct, LEADING_COLUMNS, money } from './venture-kind';

/** SPEC §2's Real Estate table; its figures are the portfolio engine's (a property's gain counts its rent). */
export const REAL_ESTATE_KIND: AssetKind<RealEstateAsset> = {
  title: 'Real Estate',
  csv: { path: '/api/export/real-estate.csv', fileName: 'real-estate.csv' },
  addLabel: '+ Add Real Estate Investment',
  saveLabel: 'Save Real Estate Investment',
  noun: 'property',
  empty: 'No real estate investments yet.',
  columns: [
    ...LEADING_COLUMNS,
    { type: 'computed', key: 'total_cost', header: 'Total Cost $', show: (f) => money(f.cost) },
    {
      type: 'field',
      key: 'total_rental_income',
      header: 'Total Rental Income $',
      input: 'numeric',
      show: (v) => formatMoney(decimalText(v.total_rental_income)),
    },
    { type: 'computed', key: 'total_gain', header: 'Total Gain $', show: (f) => gain(f.gain) },
    { type: 'computed', key: 'total_gain_pct', header: 'Total Gain %', show: (f) => gainPct(f.gainPct, f.gain) },
    // A property's total value counts the rent it has earned, as the net account value does.
    { type: 'computed', key: 'total_value', header: 'Total Value', show: (f) => money(f.totalValue) },
    {
      type: 'field',
      key: 'monthly_rental_income',
      header: 'Monthly Rental Income $',
      input: 'numeric',
      show: (v) => formatMoney(decimalText(v.monthly_rental_income)),
    },
    {
      type: 'field',
      key: 'annual_rental_income_pct',
      header: 'Annual Rental Income %',
      input: 'numeric',
      show: (v) => formatPercent(decimalText(v.annual_rental_income_pct)),
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
    total_rental_income: plainText(a.total_rental_income),
    monthly_rental_income: plainText(a.monthly_rental_income),
    annual_rental_income_pct: plainText(a.annual_rental_income_pct),
  }),
  totals: (t) => ({
    total_cost: money(t.realEstateCost),
    total_rental_income: money(t.totalRentalIncome),
    total_gain: gain(t.realEstateGain),
    total_gain_pct: gainPct(t.realEstateGainPct, t.realEstateGain),
    total_value: money(t.realEstateTotalValue),
    // SPEC §9: the annual income total is 12 × the monthly total (the engine's annualRentalIncome),
    // under the monthly total it comes from; the % column holds percentages only.
    monthly_rental_income: { ...money(t.monthlyRentalIncome), note: `${formatCurrency(t.annualRentalIncome)} a year` },
  }),
};
