import type { AssetFigures, PortfolioTotals } from '../portfolio-types';
import type { CommonValues, FieldKey } from './asset-values';
import type { RowSchema } from './row-problems';

/** What a cell shows: its text and, for gains and losses, its tone. */
export interface CellText {
  text: string;
  tone?: 'gain' | 'loss' | 'flat';
  /** A second line under the figure (the TOTAL row's annual rental income). */
  note?: string;
}

/** An input column: its field, how it is typed and how its saved value reads. */
export interface FieldColumn<Values> {
  type: 'field';
  key: FieldKey<Values>;
  header: string;
  /** text: free text; date: YYYY-MM-DD; decimal: checked on save; numeric: docs/product.md §5's numeric text rule as typed. */
  input: 'text' | 'date' | 'decimal' | 'numeric';
  show: (values: Values) => string;
  /** A second line under the saved value (the last price's date). */
  note?: (values: Values) => string | null;
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
  /** The row's value: kept in view while the table scrolls sideways (DataTable's pinned column). */
  pinned?: boolean;
}

export type AssetColumn<Values> = FieldColumn<Values> | ComputedColumn;

/** A kind's server calls, bound by its hook (tRPC's hooks are typed per procedure); rows go as the kind's payload. */
export interface AssetProcedures<Asset, Values> {
  save: (rows: Values[]) => Promise<Asset[]>;
  update: (id: number, row: Values) => Promise<Asset>;
  remove: (id: number) => Promise<unknown>;
  /** The cached list of this kind, updated with each answer. */
  list: {
    setData: (update: (old: Asset[] | undefined) => Asset[] | undefined) => void;
    invalidate: () => Promise<void>;
  };
  /** docs/product.md §8's message for a failed save of new rows. */
  saveFailed: (error: unknown) => string;
}

/** One of the two private-asset tables: its texts, columns, totals, row rule and server calls. */
export interface AssetKind<Asset extends { id: number; name: string }, Values extends CommonValues> {
  title: string;
  addLabel: string;
  saveLabel: string;
  /** How a row is named in labels ("Name (new row 1)"). */
  noun: string;
  columns: AssetColumn<Values>[];
  blank: Values;
  valuesOf: (asset: Asset) => Values;
  /** The row as the server takes it on save (docs/product.md §7's body); checked against rowInput before it is sent. */
  payload: (values: Values) => object;
  /** Each field's header, to name the fields the row rule refused. */
  labels: Record<FieldKey<Values>, string>;
  /** The contract's row schema (ventureRowInput, realEstateRowInput), loaded on the first save: zod stays out of the dashboard's first load. */
  rowInput: () => Promise<RowSchema>;
  /** The TOTAL row's cells by column key, from the engine's totals. */
  totals: (totals: PortfolioTotals) => Partial<Record<string, CellText>>;
  empty: string;
  /** The table's CSV export (GET /api/export/...). */
  csv: { path: string; fileName: string };
  useProcedures: () => AssetProcedures<Asset, Values>;
}
