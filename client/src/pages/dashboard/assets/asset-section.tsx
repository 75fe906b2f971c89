import type { AssetFigures, PortfolioTotals } from '../portfolio-types';
import { useRefreshPortfolio } from '../use-portfolio';
import type { AssetKind } from './asset-kind';
import { AssetTable } from './asset-table';
import type { CommonValues } from './asset-values';
import { useAssetRows } from './use-asset-rows';

interface SectionProps<Asset extends { id: number; name: string }, Values extends CommonValues> {
  kind: AssetKind<Asset, Values>;
  assets: readonly Asset[];
  /** The engine's figures of these assets, and its totals. */
  figures: readonly AssetFigures[];
  totals: PortfolioTotals;
}

/** A venture or real estate section: editable for GPs, read-only for LPs. */
export function AssetSection<Asset extends { id: number; name: string }, Values extends CommonValues>({
  editable,
  ...props
}: SectionProps<Asset, Values> & { editable: boolean }) {
  return editable ? <EditableAssets {...props} /> : <AssetTable {...props} />;
}

function EditableAssets<Asset extends { id: number; name: string }, Values extends CommonValues>(props: SectionProps<Asset, Values>) {
  const procedures = props.kind.useProcedures();
  const refreshPortfolio = useRefreshPortfolio();
  // The engine's figures load first; then the answer goes straight into the list, so a saved row
  // never shows twice, or without its figures; a reload of the list follows.
  const { list } = procedures;
  const refresh = () => void list.invalidate();
  const rows = useAssetRows(props.kind, {
    saveNew: async (values) => {
      const saved = await procedures.save(values);
      await refreshPortfolio();
      list.setData((old) => [...(old ?? []), ...saved]);
      refresh();
    },
    update: async (id, values) => {
      const saved = await procedures.update(id, values);
      await refreshPortfolio();
      list.setData((old) => old?.map((asset) => (asset.id === saved.id ? saved : asset)));
      refresh();
    },
    remove: async (id) => {
      await procedures.remove(id);
      await refreshPortfolio();
      list.setData((old) => old?.filter((asset) => asset.id !== id));
      refresh();
    },
    saveFailed: procedures.saveFailed,
  });
  return <AssetTable {...props} rows={rows} />;
}
