import { useMemo, useState, type ReactNode } from 'react';
import './data-table.css';

export interface Column<Row> {
  key: string;
  header: string;
  /** The cell's text; also what the column sorts by. */
  text: (row: Row) => string;
  /** Sort by this instead of the text (numbers, timestamps). */
  sortValue?: (row: Row) => string | number;
  /** Shows this instead of the text (one element, so the phone layout keeps its label beside it). */
  cell?: (row: Row) => ReactNode;
  className?: string;
}

interface DataTableProps<Row> {
  /** Names the table for assistive technology and its scroll region. */
  label: string;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string | number;
  /** Header sorting; tables with their own sort control turn it off. */
  sortable?: boolean;
  actions?: { header: string; cell: (row: Row) => ReactNode };
}

type Sort = { key: string; direction: 'ascending' | 'descending' } | null;

function compare(a: string | number, b: string | number): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), 'en', { numeric: true, sensitivity: 'base' });
}

/**
 * A table whose header buttons sort it (first click ascending). Wide screens scroll it sideways
 * when needed, with the actions column kept in view; phones show each row as a card, its cells
 * labelled by their column. The explicit roles keep the table's semantics when CSS restyles it.
 */
export function DataTable<Row>({ label, columns, rows, rowKey, sortable = true, actions }: DataTableProps<Row>) {
  const [sort, setSort] = useState<Sort>(null);

  const sorted = useMemo(() => {
    const column = sort && columns.find((c) => c.key === sort.key);
    if (!sort || !column) return rows;
    const value = column.sortValue ?? column.text;
    const sign = sort.direction === 'ascending' ? 1 : -1;
    return [...rows].sort((a, b) => sign * compare(value(a), value(b)));
  }, [rows, columns, sort]);

  const toggle = (key: string) =>
    setSort((s) => (s?.key === key ? { key, direction: s.direction === 'ascending' ? 'descending' : 'ascending' } : { key, direction: 'ascending' }));

  return (
    <div className={`table-wrap${sortable ? ' table-wrap--sortable' : ''}`} role="region" aria-label={label} tabIndex={0}>
      <table className="data-table" role="table">
        <caption className="visually-hidden">{label}</caption>
        <thead role="rowgroup">
          <tr role="row">
            {columns.map((column) => (
              <th
                key={column.key}
                scope="col"
                role="columnheader"
                className={column.className}
                aria-sort={sort?.key === column.key ? sort.direction : undefined}
              >
                {sortable ? (
                  <button type="button" className="data-table__sort" onClick={() => toggle(column.key)}>
                    {column.header}
                    <span className="data-table__arrow" aria-hidden="true">
                      {sort?.key === column.key ? (sort.direction === 'ascending' ? '▲' : '▼') : '↕'}
                    </span>
                  </button>
                ) : (
                  column.header
                )}
              </th>
            ))}
            {actions && (
              <th scope="col" role="columnheader" className="data-table__actions">
                {actions.header}
              </th>
            )}
          </tr>
        </thead>
        <tbody role="rowgroup">
          {sorted.map((row) => (
            <tr key={rowKey(row)} role="row">
              {columns.map((column) => (
                <td key={column.key} role="cell" className={column.className} data-label={column.header}>
                  {column.cell ? column.cell(row) : column.text(row)}
                </td>
              ))}
              {actions && (
                <td role="cell" className="data-table__actions">
                  {actions.cell(row)}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
