import { isApiError } from '../../../api/errors';
import { trpc } from '../../../api/trpc';
import type { AssetFigures, PortfolioTotals, VentureAsset } from '../portfolio-types';
import { useRefreshPortfolio } from '../use-portfolio';
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
interface SectionProps {
  assets: readonly VentureAsset[];
  /** The engine's figures of these assets, and its totals. */
  figures: readonly AssetFigures[];
  totals: PortfolioTotals;
}

export function VentureSection({ editable, ...props }: SectionProps & { editable: boolean }) {
  return editable ? <EditableVentures {...props} /> : <AssetTable kind={VENTURE_KIND} {...props} />;
}

function EditableVentures(props: SectionProps) {
  const utils = trpc.useUtils();
  const save = trpc.assets.venture.save.useMutation();
  const update = trpc.assets.venture.update.useMutation();
  const remove = trpc.assets.venture.remove.useMutation();
  const list = utils.assets.venture.list;
  const refreshPortfolio = useRefreshPortfolio();
  // The engine's figures load first; then the answer goes straight into the list, so a saved row
  // never shows twice, or without its figures; a reload of the list follows.
  const refresh = () => void list.invalidate();
  const rows = useAssetRows(VENTURE_KIND.blank, {
    saveNew: async (values) => {
      const saved = await save.mutateAsync({ assets: values.map((v) => ({ ...ventureFields(v), last_price_date: null })) });
      await refreshPortfolio();
      list.setData(undefined, (old) => [...(old ?? []), ...saved]);
      refresh();
    },
    update: async (id, values) => {
      const { value: _value, ...fields } = ventureFields(values);
      const saved = await update.mutateAsync({ id, ...fields });
      await refreshPortfolio();
      list.setData(undefined, (old) => old?.map((asset) => (asset.id === saved.id ? saved : asset)));
      refresh();
    },
    remove: async (id) => {
      await remove.mutateAsync({ id });
      await refreshPortfolio();
      list.setData(undefined, (old) => old?.filter((asset) => asset.id !== id));
      refresh();
    },
    saveFailed: ventureSaveFailed,
  });
  return <AssetTable kind={VENTURE_KIND} {...props} rows={rows} />;
}
