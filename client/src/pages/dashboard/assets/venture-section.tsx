import { isApiError } from '../../../api/errors';
import { trpc } from '../../../api/trpc';
import type { VentureAsset } from '../portfolio-types';
import { AssetTable } from './asset-table';
import { commonPayload, decimalText, type AssetValues } from './asset-values';
import { useAssetRows } from './use-asset-rows';
import { VENTURE_KIND } from './venture-kind';

export const VENTURE_SAVE_FAILED = 'Failed to save illiquid assets.';

/** SPEC §8: a refusal from the server reads 'Error saving assets: ' and its error (or status); no answer at all, the fallback. */
export function ventureSaveFailed(error: unknown): string {
  if (isApiError(error) && error.data) return `Error saving assets: ${error.message.trim() || error.data.httpStatus}`;
  return VENTURE_SAVE_FAILED;
}

const ventureFields = (values: AssetValues) => ({
  ...commonPayload(values),
  dividend_dollar: decimalText(values.dividend_dollar),
  dividend_pct: decimalText(values.dividend_pct),
});

/** Venture Investments: editable for GPs, read-only for LPs. */
export function VentureSection({ assets, editable }: { assets: readonly VentureAsset[]; editable: boolean }) {
  return editable ? <EditableVentures assets={assets} /> : <AssetTable kind={VENTURE_KIND} assets={assets} />;
}

function EditableVentures({ assets }: { assets: readonly VentureAsset[] }) {
  const utils = trpc.useUtils();
  const save = trpc.assets.venture.save.useMutation();
  const update = trpc.assets.venture.update.useMutation();
  const remove = trpc.assets.venture.remove.useMutation();
  const list = utils.assets.venture.list;
  // The answer goes straight into the list, so a saved row never shows twice or not at all; a reload follows.
  const refresh = () => void list.invalidate();
  const rows = useAssetRows(VENTURE_KIND.blank, {
    saveNew: async (values) => {
      const saved = await save.mutateAsync({ assets: values.map((v) => ({ ...ventureFields(v), last_price_date: null })) });
      list.setData(undefined, (old) => [...(old ?? []), ...saved]);
      refresh();
    },
    update: async (id, values) => {
      const { value: _value, ...fields } = ventureFields(values);
      const saved = await update.mutateAsync({ id, ...fields });
      list.setData(undefined, (old) => old?.map((asset) => (asset.id === saved.id ? saved : asset)));
      refresh();
    },
    remove: async (id) => {
      await remove.mutateAsync({ id });
      list.setData(undefined, (old) => old?.filter((asset) => asset.id !== id));
      refresh();
    },
    saveFailed: ventureSaveFailed,
  });
  return <AssetTable kind={VENTURE_KIND} assets={assets} rows={rows} />;
}
