import { messageOf } from '../../../api/errors';
import { trpc } from '../../../api/trpc';
import { formatCurrency, formatMoney, formatPercent } from '../../../lib/format';
import type { RealEstateAsset } from '../portfolio-types';
import { COMMON_LABELS, gain, gainPct, LEADING_COLUMNS, money } from './asset-cells';
import type { AssetKind, AssetProcedures } from './asset-kind';
import { BLANK_COMMON, commonPayload, commonValues, decimalText, plainText, type RealEstateValues } from './asset-values';

export const REAL_ESTATE_SAVE_FAILED = 'Failed to save real estate assets.';

const propertyFields = (values: RealEstateValues) => ({
  ...commonPayload(values),
  total_rental_income: decimalText(values.total_rental_income),
  monthly_rental_income: decimalText(values.monthly_rental_income),
  annual_rental_income_pct: decimalText(values.annual_rental_income_pct),
});

function useRealEstateProcedures(): AssetProcedures<RealEstateAsset, RealEstateValues> {
  const utils = trpc.useUtils();
  const save = trpc.assets.realEstate.save.useMutation();
  const update = trpc.assets.realEstate.update.useMutation();
  const remove = trpc.assets.realEstate.remove.useMutation();
  const list = utils.assets.realEstate.list;
  return {
    save: (rows) => save.mutateAsync({ assets: rows.map((v) => ({ ...propertyFields(v), last_price_date: null })) }),
    // docs/product.md §7 sends no rental fields on update; the server takes them, and an edit of the rent must not be lost.
    update: (id, values) => {
      const { value: _value, ...fields } = propertyFields(values);
      return update.mutateAsync({ id, ...fields });
    },
    remove: (id) => remove.mutateAsync({ id }),
    list: { setData: (change) => list.setData(undefined, change), invalidate: () => list.invalidate() },
    saveFailed: (error) => messageOf(error, REAL_ESTATE_SAVE_FAILED),
  };
}

/** docs/product.md §2's Real Estate table; its figures are the portfolio engine's (a property's gain counts its rent). */
export const REAL_ESTATE_KIND: AssetKind<RealEstateAsset, RealEstateValues> = {
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
    { type: 'computed', key: 'total_value', header: 'Total Value', show: (f) => money(f.totalValue), pinned: true },
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
  labels: {
    ...COMMON_LABELS,
    total_rental_income: 'Total Rental Income $',
    monthly_rental_income: 'Monthly Rental Income $',
    annual_rental_income_pct: 'Annual Rental Income %',
  },
  blank: { ...BLANK_COMMON, total_rental_income: '', monthly_rental_income: '', annual_rental_income_pct: '' },
  valuesOf: (a) => ({
    ...commonValues(a),
    total_rental_income: plainText(a.total_rental_income),
    monthly_rental_income: plainText(a.monthly_rental_income),
    annual_rental_income_pct: plainText(a.annual_rental_income_pct),
  }),
  payload: (values) => ({ ...propertyFields(values), last_price_date: null }),
  rowInput: () => import('@contract/real-estate').then((contract) => contract.realEstateRowInput),
  totals: (t) => ({
    total_cost: money(t.realEstateCost),
    total_rental_income: money(t.totalRentalIncome),
    total_gain: gain(t.realEstateGain),
    total_gain_pct: gainPct(t.realEstateGainPct, t.realEstateGain),
    total_value: money(t.realEstateTotalValue),
    // docs/product.md §9: the annual income total is 12 × the monthly total (the engine's annualRentalIncome),
    // under the monthly total it comes from; the % column holds percentages only.
    monthly_rental_income: { ...money(t.monthlyRentalIncome), note: `${formatCurrency(t.annualRentalIncome)} a year` },
  }),
  useProcedures: useRealEstateProcedures,
};
