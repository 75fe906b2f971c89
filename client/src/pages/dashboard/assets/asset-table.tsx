import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { CsvExportButton } from '../../../components/csv-export-button';
import { DiskIcon, PencilIcon, TrashIcon } from '../icons';
import type { AssetFigures, PortfolioTotals } from '../portfolio-types';
import type { AssetColumn, AssetKind, CellText } from './asset-kind';
import { AssetInput } from './asset-input';
import type { AssetValues } from './asset-values';
import type { AssetRows } from './use-asset-rows';

interface AssetTableProps<Asset extends { id: number; name: string }> {
  kind: AssetKind<Asset>;
  assets: readonly Asset[];
  /** The engine's figures of the saved rows, by id. */
  figures: readonly AssetFigures[];
  /** The engine's totals, for the TOTAL row. */
  totals: PortfolioTotals;
  /** Absent for LPs: the table is read-only. */
  rows?: AssetRows;
}

/** A venture or real estate table: saved rows, new rows, and the TOTAL row. */
export function AssetTable<Asset extends { id: number; name: string }>({ kind, assets, figures, totals: engineTotals, rows }: AssetTableProps<Asset>) {
  const [pendingDelete, setPendingDelete] = useState<Asset | null>(null);
  const editable = rows !== undefined;
  const totals = kind.totals(engineTotals);
  const figuresOf = new Map(figures.map((f) => [f.id, f]));
  const headingId = `${kind.title.replace(/\W+/g, '-').toLowerCase()}-heading`;

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
                <button type="button" className="button button--primary button--small" disabled={rows.busy} onClick={() => void rows.saveNew()}>
                  {kind.saveLabel}
                </button>
              )}
            </>
          )}
        </div>
      </div>
      <div className="table-scroll" role="region" aria-label={`${kind.title} table`} tabIndex={0}>
        <table className="portfolio-table">
          <thead>
            <tr>
              {kind.columns.map((column, i) => (
                <th key={column.key} scope="col" className={i === 0 ? 'sticky-col' : 'num'}>
                  {column.header}
                </th>
              ))}
              {editable && (
                <th scope="col" className="actions-col">
                  <span className="visually-hidden">Actions</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {assets.length === 0 && (rows?.newRows.length ?? 0) === 0 && (
              <tr>
                <td colSpan={kind.columns.length + (editable ? 1 : 0)} className="empty-row">
                  {kind.empty}
                </td>
              </tr>
            )}
            {assets.map((asset) => {
              const draft = rows?.editing[asset.id];
              return (
                <tr key={asset.id} className={draft ? 'editing-row' : undefined}>
                  {draft && rows ? (
                    <EditableCells columns={kind.columns} values={draft} rowName={asset.name} onChange={(field, value) => rows.changeEdit(asset.id, field, value)} />
                  ) : (
                    <SavedCells columns={kind.columns} values={kind.valuesOf(asset)} figures={figuresOf.get(asset.id)} />
                  )}
                  {rows && (
                    <td className="actions-col">
                      <span className="row-actions">
                        {draft ? (
                          <button
                            type="button"
                            className="icon-button"
                            aria-label={`Save ${asset.name}`}
                            disabled={rows.busy}
                            onClick={() => void rows.saveEdit(asset.id)}
                          >
                            <DiskIcon />
                          </button>
                        ) : (
                          <button type="button" className="icon-button" aria-label={`Edit ${asset.name}`} onClick={() => rows.startEdit(asset.id, kind.valuesOf(asset))}>
                            <PencilIcon />
                          </button>
                        )}
                        <button
                          type="button"
                          className="icon-button icon-button--danger"
                          aria-label={`Delete ${asset.name}`}
                          disabled={rows.busy}
                          onClick={() => setPendingDelete(asset)}
                        >
                          <TrashIcon />
                        </button>
                      </span>
                    </td>
                  )}
                </tr>
              );
            })}
            {rows?.newRows.map((row, i) => (
              <tr key={`new-${row.key}`} className="new-row">
                <EditableCells
                  columns={kind.columns}
                  values={row.values}
                  rowName={`new row ${i + 1}`}
                  onChange={(field, value) => rows.changeNew(row.key, field, value)}
                />
                <td className="actions-col">
                  <span className="row-actions">
                    <span className="badge badge--info">Unsaved</span>
                    <button type="button" className="icon-button icon-button--danger" aria-label={`Remove new row ${i + 1}`} onClick={() => rows.dropNew(row.key)}>
                      <TrashIcon />
                    </button>
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="total-row">
              {kind.columns.map((column, i) =>
                i === 0 ? (
                  <th key={column.key} scope="row" className="sticky-col">
                    TOTAL
                  </th>
                ) : (
                  <TotalCell key={column.key} cell={totals[column.key]} />
                ),
              )}
              {editable && <td className="actions-col" />}
            </tr>
          </tfoot>
        </table>
      </div>
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

function TotalCell({ cell }: { cell: CellText | undefined }) {
  return (
    <td className={`num ${cell?.tone ? `tone--${cell.tone}` : ''}`}>
      {cell?.text ?? ''}
      {cell?.note && <span className="cell-note">{cell.note}</span>}
    </td>
  );
}

/** A saved row: its fields, and the engine's figures (none yet for a row saved a moment ago, until the valuation reloads). */
function SavedCells({ columns, values, figures }: { columns: AssetColumn[]; values: AssetValues; figures: AssetFigures | undefined }) {
  return (
    <>
      {columns.map((column, i) => {
        if (column.type === 'computed') return <TotalCell key={column.key} cell={figures ? column.show(figures) : undefined} />;
        const note = column.note?.(values);
        const content = (
          <>
            {column.show(values)}
            {note && <span className="cell-note">{note}</span>}
          </>
        );
        return i === 0 ? (
          <th key={column.key} scope="row" className="sticky-col">
            {content}
          </th>
        ) : (
          <td key={column.key} className={column.input === 'text' || column.input === 'date' ? '' : 'num'}>
            {content}
          </td>
        );
      })}
    </>
  );
}

function EditableCells({
  columns,
  values,
  rowName,
  onChange,
}: {
  columns: AssetColumn[];
  values: AssetValues;
  rowName: string;
  onChange: (field: string, value: string) => void;
}) {
  return (
    <>
      {columns.map((column, i) => {
        // The engine works a row's figures out once it is saved.
        if (column.type === 'computed') return <TotalCell key={column.key} cell={undefined} />;
        const input = (
          <AssetInput column={column} value={values[column.key] ?? ''} label={`${column.header} (${rowName})`} onChange={(value) => onChange(column.key, value)} />
        );
        return i === 0 ? (
          <th key={column.key} scope="row" className="sticky-col">
            {input}
          </th>
        ) : (
          <td key={column.key}>{input}</td>
        );
      })}
    </>
  );
}
