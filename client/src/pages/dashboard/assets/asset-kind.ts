import type { AssetFigures, PortfolioTotals } from '../portfolio-types';
import type { AssetValues } from './asset-values';

/** What a cell shows: its text and, for gains and losses, its tone. */
export interface CellText {
  text: string;
  tone?: 'gain' | 'loss' | 'flat';
  /** A second line under the figure (the TOTAL row's annual rental income). */
  note?: string;
}

/** An input column: its field, how it is typed and how its saved value reads. */
export interface FieldColumn {
  type: 'field';
  key: string;
  header: string;
  /** text: free text; date: YYYY-MM-DD; decimal: checked on save; numeric: SPEC §5's numeric text rule as typed. */
  input: 'text' | 'date' | 'decimal' | 'numeric';
  show: (values: AssetValues) => string;
  /** A second line under the saved value (the last price's date). */
  note?: (values: AssetValues) => string | null;
}

/**
 * A figure of a saved row, from the portfolio engine's valuation (cost, value, gain, gain %).
 * Rows being typed show none: the engine works them out once they are saved.
 */
export interface ComputedColumn {
  type: 'computed';
  key: string;
  header: string;
  show: (figures: AssetFigures) => CellText;
}

export type AssetColumn = FieldColumn | ComputedColumn;

/** One of the two private-asset tables: its texts, columns and totals. */
export interface AssetKind<Asset> {
  title: string;
  addLabel: string;
  saveLabel: string;
  /** How a row is named in labels ("Name (new row 1)"). */
  noun: string;
  columns: AssetColumn[];
  blank: AssetValues;
  valuesOf: (asset: Asset) => AssetValues;
  /** The TOTAL row's cells by column key, from the engine's totals. */
  totals: (totals: PortfolioTotals) => Record<string, CellText>;
  empty: string;
  /** The table's CSV export (GET /api/export/...). */
  csv: { path: string; fileName: string };
}
