import { useMemo, useState, type ReactNode } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { CsvExportButton } from '../../../components/csv-export-button';
import { DataTable, type Column, type FooterRow } from '../../../components/data-table';
import { DiskIcon, PencilIcon, TrashIcon } from '../icons';
import type { AssetFigures, PortfolioTotals } from '../portfolio-types';
import type { AssetColumn, AssetKind, CellText } from './asset-kind';
import { AssetInput } from './asset-input';
import { fieldText, type CommonValues } from './asset-values';
import { newRowId, savedRowId, type AssetRows } from './use-asset-rows';
import '../../../styles/portal-page.css';
import '../../../styles/table-cells.css';
import '../../../styles/badges.css';
import '../../../styles/tones.css';

/** A row of the table: a saved asset (open for editing when it has a draft), or a new row being typed. */
type Row<Asset, Values> =
  | { type: 'saved'; id: string; asset: Asset; values: Values; draft: Values | undefined; figures: AssetFigures | undefined }
  | { type: 'new'; id: string; key: number; name: string; values: Values };

interface AssetTableProps<Asset extends { id: number; name: string }, Values extends CommonValues> {
  kind: AssetKind<Asset, Values>;
  assets: readonly Asset[];
  /** The engine's figures of the saved rows, by id. */
  figures: readonly AssetFigures[];
  /** The engine's totals, for the TOTAL row. */
  totals: PortfolioTotals;
  /** Absent for LPs: the table is read-only. */
  rows?: AssetRows<Values>;
}

const toneClass = (cell: CellText | undefined) => (cell?.tone ? `tone--${cell.tone}` : '');

function Figure({ cell }: { cell: CellText | undefined }) {
  return (
    <>
      {cell?.text ?? ''}
      {cell?.note && <span className="cell-note">{cell.note}</span>}
    </>
  );
}

/** A venture or real estate table: saved rows, new rows, and the TOTAL row. */
export function AssetTable<Asset extends { id: number; name: string }, Values extends CommonValues>({
  kind,
  assets,
  figures,
  totals: engineTotals,
  rows,
}: AssetTableProps<Asset, Values>) {
  const [pendingDelete, setPendingDelete] = useState<Asset | null>(null);
  const headingId = `${kind.title.replace(/\W+/g, '-').toLowerCase()}-heading`;

  const tableRows = useMemo((): Row<Asset, Values>[] => {
    const figuresOf = new Map(figures.map((f) => [f.id, f]));
    return [
      ...assets.map((asset) => ({
        type: 'saved' as const,
        id: savedRowId(asset.id),
        asset,
        values: kind.valuesOf(asset),
        draft: rows?.editing[asset.id],
        figures: figuresOf.get(asset.id),
      })),
      ...(rows?.newRows ?? []).map((row, i) => ({
        type: 'new' as const,
        id: newRowId(row.key),
        key: row.key,
        name: `new row ${i + 1}`,
        values: row.values,
      })),
    ];
  }, [assets, figures, kind, rows?.editing, rows?.newRows]);

  const columns = useMemo(() => kind.columns.map((column) => tableColumn(column, rows)), [kind, rows]);

  const totals = kind.totals(engineTotals);
  const footer: FooterRow[] = [
    {
      key: 'total',
      label: 'TOTAL',
      className: 'data-table__total',
      cells: Object.fromEntries(
        kind.columns.map((column) => [
          column.key,
          { content: <Figure cell={totals[column.key]} />, className: toneClass(totals[column.key]) },
        ]),
      ),
    },
  ];

  const actions = rows && {
    header: <span className="visually-hidden">Actions</span>,
    cell: (row: Row<Asset, Values>) => (
      <span className="row-actions">
        {row.type === 'new' ? (
          <>
            <span className="badge badge--info">Unsaved</span>
            <button
              type="button"
              className="icon-button icon-button--danger"
              aria-label={`Remove ${row.name}`}
              onClick={() => rows.dropNew(row.key)}
            >
              <TrashIcon />
            </button>
          </>
        ) : (
          <>
            {row.draft ? (
              <button
                type="button"
                className="icon-button"
                aria-label={`Save ${row.asset.name}`}
                disabled={rows.busy}
                onClick={() => void rows.saveEdit(row.asset.id)}
              >
                <DiskIcon />
              </button>
            ) : (
              <button
                type="button"
                className="icon-button"
                aria-label={`Edit ${row.asset.name}`}
                onClick={() => rows.startEdit(row.asset.id, row.values)}
              >
                <PencilIcon />
              </button>
            )}
            <button
              type="button"
              className="icon-button icon-button--danger"
              aria-label={`Delete ${row.asset.name}`}
              disabled={rows.busy}
              onClick={() => setPendingDelete(row.asset)}
            >
              <TrashIcon />
            </button>
          </>
        )}
      </span>
    ),
  };

  return (
    <section className="dashboard__section" aria-labelledby={headingId}>
      <div className="section-header">
        <h2 id={headingId} className="section-header__title">
          {kind.title}
        </h2>
        <div className="section-header__actions">
          <CsvExportButton path={kind.csv.path} fileName={kind.csv.fileName} label={kind.title} />
          {rows && (
            <>
              <button type="button" className="button button--secondary button--small" onClick={rows.addRow}>
                {kind.addLabel}
              </button>
              {rows.newRows.length > 0 && (
                <button
                  type="button"
                  className="button button--primary button--small"
                  disabled={rows.busy}
                  onClick={() => void rows.saveNew()}
                >
                  {kind.saveLabel}
                </button>
              )}
            </>
          )}
        </div>
      </div>
      <DataTable
        label={`${kind.title} table`}
        caption={kind.title}
        layout="figures"
        rowHeader
        sortable={false}
        columns={columns}
        rows={tableRows}
        rowKey={(row) => row.id}
        rowClassName={(row) => (row.type === 'new' || row.draft ? 'data-table__row--draft' : undefined)}
        actions={actions}
        footer={footer}
        empty={kind.empty}
      />
      {rows && (
        <ConfirmDialog
          open={pendingDelete !== null}
          title={`Delete ${kind.noun}`}
          question={`Delete ${pendingDelete?.name ?? ''}? This cannot be undone.`}
          confirmLabel="Delete"
          busy={rows.busy}
          onCancel={() => setPendingDelete(null)}
          onConfirm={() => {
            const asset = pendingDelete;
            setPendingDelete(null);
            if (asset) void rows.remove(asset.id);
          }}
        />
      )}
    </section>
  );
}

/**
 * A kind's column in the table: a field shows its saved value (with its note), or an input while
 * the row is typed; a computed column shows the engine's figure of a saved row, none while typed.
 */
function tableColumn<Asset extends { id: number; name: string }, Values extends CommonValues>(
  column: AssetColumn<Values>,
  rows: AssetRows<Values> | undefined,
): Column<Row<Asset, Values>> {
  const figure = (row: Row<Asset, Values>) =>
    column.type === 'computed' && row.type === 'saved' && !row.draft && row.figures ? column.show(row.figures) : undefined;
  const typed = (row: Row<Asset, Values>) => (row.type === 'new' ? row.values : row.draft);
  const text = (row: Row<Asset, Values>) => {
    if (column.type === 'computed') return figure(row)?.text ?? '';
    return typed(row) ? '' : column.show(row.values);
  };
  const cell = (row: Row<Asset, Values>): ReactNode => {
    if (column.type === 'computed') return <Figure cell={figure(row)} />;
    const values = typed(row);
    if (values && rows) {
      const rowName = row.type === 'new' ? row.name : row.asset.name;
      const change = (value: string) =>
        row.type === 'new' ? rows.changeNew(row.key, column.key, value) : rows.changeEdit(row.asset.id, column.key, value);
      return (
        <AssetInput
          column={column}
          value={fieldText(values, column.key)}
          label={`${column.header} (${rowName})`}
          problem={rows.problems[row.id]?.[column.key]}
          onChange={change}
        />
      );
    }
    const note = column.note?.(row.values);
    return (
      <>
        {column.show(row.values)}
        {note && <span className="cell-note">{note}</span>}
      </>
    );
  };
  const numeric = column.type === 'computed' || column.input === 'decimal' || column.input === 'numeric';
  return {
    key: column.key,
    header: column.header,
    text,
    cell,
    className: numeric ? 'num' : undefined,
    cellClassName: (row) => toneClass(figure(row)),
    pinned: column.type === 'computed' && column.pinned === true,
  };
}
