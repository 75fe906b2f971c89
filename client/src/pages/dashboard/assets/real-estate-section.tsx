import { messageOf } from '../../../api/errors';
import { trpc } from '../../../api/trpc';
import type { AssetFigures, PortfolioTotals, RealEstateAsset } from '../portfolio-types';
import { useRefreshPortfolio } from '../use-portfolio';
import { AssetTable } from './asset-table';
import { commonPayload, decimalText, type AssetValues } from './asset-values';
import { REAL_ESTATE_KIND } from './real-estate-kind';
import { useAssetRows } from './use-asset-rows';

export const REAL_ESTATE_SAVE_FAILED = 'Failed to save real estate assets.';

const propertyFields = (values: AssetValues) => ({
  ...commonPayload(values),
  total_rental_income: decimalText(values.total_rental_income),
  monthly_rental_income: decimalText(values.monthly_rental_income),
  annual_rental_income_pct: decimalText(values.annual_rental_income_pct),
});

/** Real Estate: editable for GPs, read-only for LPs. */
interface SectionProps {
  assets: readonly RealEstateAsset[];
  /** The engine's figures of these assets, and its totals. */
  figures: readonly AssetFigures[];
  totals: PortfolioTotals;
}

export function RealEstateSection({ editable, ...props }: SectionProps & { editable: boolean }) {
  return editable ? <EditableProperties {...props} /> : <AssetTable kind={REAL_ESTATE_KIND} {...props} />;
}

function EditableProperties(props: SectionProps) {
  const utils = trpc.useUtils();
  const save = trpc.assets.realEstate.save.useMutation();
  const update = trpc.assets.realEstate.update.useMutation();
  const remove = trpc.assets.realEstate.remove.useMutation();
  const list = utils.assets.realEstate.list;
  const refreshPortfolio = useRefreshPortfolio();
  // The engine's figures load first; then the answer goes straight into the list, so a saved row
  // never shows twice, or without its figures; a reload of the list follows.
  const refresh = () => void list.invalidate();
  const rows = useAssetRows(REAL_ESTATE_KIND.blank, {
    saveNew: async (values) => {
      const saved = await save.mutateAsync({ assets: values.map((v) => ({ ...propertyFields(v), last_price_date: null })) });
      await refreshPortfolio();
      list.setData(undefined, (old) => [...(old ?? []), ...saved]);
      refresh();
    },
    // SPEC §7 sends no rental fields on update; the server takes them, and an edit of the rent must not be lost.
    update: async (id, values) => {
      const { value: _value, ...fields } = propertyFields(values);
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
    saveFailed: (error) => messageOf(error, REAL_ESTATE_SAVE_FAILED),
  });
  return <AssetTable kind={REAL_ESTATE_KIND} {...props} rows={rows} />;
}
