import { isApiError } from '../../../api/errors';
import { trpc } from '../../../api/trpc';
import { formatMoney, formatPercent } from '../../../lib/format';
import type { VentureAsset } from '../portfolio-types';
import { COMMON_LABELS, gain, gainPct, LEADING_COLUMNS, money } from './asset-cells';
import type { AssetKind, AssetProcedures } from './asset-kind';
import { BLANK_COMMON, commonPayload, commonValues, decimalText, plainText, type VentureValues } from './asset-values';

export const VENTURE_SAVE_FAILED = 'Failed to save illiquid assets.';

/** docs/product.md §8: a refusal from the server reads 'Error saving assets: ' and its error (or status); no answer at all, the fallback. */
export function ventureSaveFailed(error: unknown): string {
  if (isApiError(error) && error.data) return `Error saving assets: ${error.message.trim() || error.data.httpStatus}`;
  return VENTURE_SAVE_FAILED;
}

const ventureFields = (values: VentureValues) => ({
  ...commonPayload(values),
  dividend_dollar: decimalText(values.dividend_dollar),
  dividend_pct: decimalText(values.dividend_pct),
});

function useVentureProcedures(): AssetProcedures<VentureAsset, VentureValues> {
  const utils = trpc.useUtils();
  const save = trpc.assets.venture.save.useMutation();
  const update = trpc.assets.venture.update.useMutation();
  const remove = trpc.assets.venture.remove.useMutation();
  const list = utils.assets.venture.list;
  return {
    save: (rows) => save.mutateAsync({ assets: rows.map((v) => ({ ...ventureFields(v), last_price_date: null })) }),
    update: (id, values) => {
      const { value: _value, ...fields } = ventureFields(values);
      return update.mutateAsync({ id, ...fields });
    },
    remove: (id) => remove.mutateAsync({ id }),
    list: { setData: (change) => list.setData(undefined, change), invalidate: () => list.invalidate() },
    saveFailed: ventureSaveFailed,
  };
}

/** docs/product.md §2's Venture Investments table; its figures are the portfolio engine's. */
export const VENTURE_KIND: AssetKind<VentureAsset, VentureValues> = {
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
    { type: 'computed', key: 'value', header: 'Value $', show: (f) => money(f.value), pinned: true },
    {
      type: 'field',
      key: 'dividend_dollar',
      header: 'Dividend $',
      input: 'numeric',
      show: (v) => formatMoney(decimalText(v.dividend_dollar)),
    },
    { type: 'field', key: 'dividend_pct', header: 'Dividend %', input: 'numeric', show: (v) => formatPercent(decimalText(v.dividend_pct)) },
  ],
  labels: { ...COMMON_LABELS, dividend_dollar: 'Dividend $', dividend_pct: 'Dividend %' },
  blank: { ...BLANK_COMMON, dividend_dollar: '', dividend_pct: '' },
  valuesOf: (a) => ({ ...commonValues(a), dividend_dollar: plainText(a.dividend_dollar), dividend_pct: plainText(a.dividend_pct) }),
  payload: (values) => ({ ...ventureFields(values), last_price_date: null }),
  rowInput: () => import('@contract/venture').then((contract) => contract.ventureRowInput),
  totals: (t) => ({
    total_cost: money(t.ventureCost),
    total_gain: gain(t.ventureGain),
    total_gain_pct: gainPct(t.ventureGainPct, t.ventureGain),
    value: money(t.ventureValue),
    dividend_dollar: money(t.ventureDividendDollar),
    // Value-weighted (docs/product.md §3).
    dividend_pct: { text: formatPercent(t.ventureDividendPct) },
  }),
  useProcedures: useVentureProcedures,
};
