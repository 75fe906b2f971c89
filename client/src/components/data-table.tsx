import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import {
  createColumnHelper,
  createExpandedRowModel,
  createSortedRowModel,
  rowExpandingFeature,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type ExpandedState,
  type Row as TableModelRow,
  type RowData,
  type SortingState,
} from '@tanstack/react-table';
import type VirtualRowsOfPage from './virtual-rows';
import { compareSortKeys, sortKeyOf, type SortKind, type SortValue } from './table-sort';
import './data-table.css';

/** What a table's rows may be: objects (or tuples). */
export type TableRow = RowData;

/** Where a row is: lots under their symbol are one level deep, and open with their parent. */
export interface RowContext {
  depth: number;
  expanded: boolean;
  toggleExpanded: () => void;
}

export interface Column<Row extends RowData> {
  key: string;
  header: string;
  /** Beside the header's text (an info button); not part of the sort button. */
  headerExtra?: ReactNode;
  /** The cell's text; also what the column sorts by unless sortValue says otherwise. */
  text: (row: Row) => string;
  /** How the column orders its rows: text (default), exact decimals or dates. */
  sort?: SortKind;
  sortValue?: (row: Row) => SortValue;
  /** false: this header does not sort although the table does. */
  sortable?: boolean;
  /** Shows this instead of the text (one element, so the phone card keeps its label beside it). */
  cell?: (row: Row, context: RowContext) => ReactNode;
  /** On the header and every cell of the column ('num' aligns figures right). */
  className?: string;
  /** A cell's own class, such as its gain or loss tone. */
  cellClassName?: (row: Row) => string;
  /**
   * Kept in view at the right edge while a 'figures' table scrolls sideways, beside the first
   * column at the left (the Value column: a row's figure without scrolling).
   */
  pinned?: boolean;
}

/** A footer line (balances, TOTAL): its label under the first column, and cells by column key. */
export interface FooterRow {
  key: string;
  label: string;
  className?: string;
  cells: Partial<Record<string, { content: ReactNode; className?: string }>>;
}

interface DataTableProps<Row extends RowData> {
  /** Names the table's scroll region for assistive technology. */
  label: string;
  /** The table's caption (visually hidden); the label by default. */
  caption?: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  /** Header sorting; tables with their own sort control, or rows being typed, turn it off. */
  sortable?: boolean;
  initialSort?: { key: string; descending?: boolean };
  /** Rows that open under a row (a symbol's lots); they keep their order whatever the sort. */
  subRows?: (row: Row) => readonly Row[] | undefined;
  /**
   * How many sub-rows a row will have once they are all here, when they are loaded as it opens
   * (a symbol's lots: docs/decisions/0025): the virtualizer is fetched before they arrive.
   */
  subRowCount?: (row: Row) => number;
  /** Told the keys of the open rows each time a row opens or closes (to load their sub-rows). */
  onOpenChange?: (open: string[]) => void;
  /** A row shown as one cell across the table (a status line, such as "Loading lots…"), when it answers one. */
  fullRow?: (row: Row) => ReactNode;
  /** The first column's cells head their rows (th scope=row), as in the portfolio tables. */
  rowHeader?: boolean;
  rowClassName?: (row: Row, depth: number) => string | undefined;
  actions?: { header: ReactNode; cell: (row: Row, context: RowContext) => ReactNode };
  footer?: readonly FooterRow[];
  /** Shown in the body when there are no rows. */
  empty?: string;
  /** A visible note under the table saying what its figures include; the table is described by it. */
  note?: ReactNode;
  loading?: boolean;
  /**
   * Phones: 'cards' shows each row as a card, its cells labelled by their column; 'figures' keeps
   * the grid and scrolls it sideways, its first column in view (many narrow figures).
   */
  layout?: 'cards' | 'figures';
  className?: string;
  /**
   * Long tables (thousands of rows: a firm's purchase lots): only the rows in view, and a few
   * around them, are in the page once there are more than VIRTUAL_FROM; the table tells assistive
   * technology its full size (aria-rowcount, aria-rowindex). The estimate is a row's height in
   * pixels before it is measured.
   */
  virtualRows?: { estimateHeight: (depth: number) => number };
}

/** From how many open rows a table with virtualRows keeps only those in view in the page. */
export const VIRTUAL_FROM = 150;

/**
 * The virtualizer (virtual-rows.tsx, with @tanstack/react-virtual) loads only for a table that may
 * need it: a dashboard with a few lots never downloads it. Until it is there, the first rows show.
 * It is kept here once loaded rather than drawn through React.lazy: a Suspense fallback's rows
 * would be replaced by new elements when it arrives, and a focused button in them lost.
 */
type VirtualRowsComponent = typeof VirtualRowsOfPage;
let loadedVirtualRows: VirtualRowsComponent | undefined;
const loadVirtualRows = async (): Promise<VirtualRowsComponent> => (loadedVirtualRows ??= (await import('./virtual-rows')).default);

const features = tableFeatures({
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  rowExpandingFeature,
  expandedRowModel: createExpandedRowModel(),
});

/** A cell with nothing to say: a phone's card leaves its line out. */
const BLANK_TEXTS = new Set(['', '—']);

const joined = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ') || undefined;

/**
 * Every table of the client: TanStack Table keeps its sort and open rows, this draws them. Header
 * buttons sort (first click ascending) with one comparator; headers stay in view under the
 * navigation bar on wide screens. The explicit roles keep the table's semantics when CSS restyles it.
 */
export function DataTable<Row extends RowData>({
  label,
  caption = label,
  columns,
  rows,
  rowKey,
  sortable = true,
  initialSort,
  subRows,
  subRowCount,
  onOpenChange,
  fullRow,
  rowHeader = false,
  rowClassName,
  actions,
  footer,
  empty,
  note,
  loading = false,
  layout = 'cards',
  className,
  virtualRows,
}: DataTableProps<Row>) {
  const wrapRef = useRef<HTMLDivElement>(null);
  const scrolls = useScrollsSideways(wrapRef);
  const noteId = useId();
  const helper = useMemo(() => createColumnHelper<typeof features, Row>(), []);
  const tableColumns = useMemo(
    () =>
      helper.columns(
        columns.map((column) => {
          const value = column.sortValue ?? column.text;
          const kind = column.sort ?? 'text';
          // The accessor's answer is kept with each row (TanStack Table's value cache): a row's key
          // is read from its text once, and the comparator only compares keys.
          return helper.accessor((row) => sortKeyOf(kind, value(row)), {
            id: column.key,
            header: column.header,
            enableSorting: sortable && column.sortable !== false,
            // Sub-rows compare equal, so they keep their own order under their parent either way.
            sortFn: (a, b, id) => (a.depth > 0 ? 0 : compareSortKeys(kind, a.getValue(id), b.getValue(id))),
          });
        }),
      ),
    [helper, columns, sortable],
  );
  const [sorting, setSorting] = useState<SortingState>(initialSort ? [{ id: initialSort.key, desc: initialSort.descending ?? false }] : []);
  const [expanded, setExpanded] = useState<ExpandedState>({});
  // Only open rows' sub-rows are handed to TanStack Table: a firm's 20,000 lots under closed
  // symbols are never made into rows. The data's identity changes when a row opens or closes, so
  // the table's rows are made again, from the top-level rows and the open ones' sub-rows.
  const data = useMemo(() => (expanded === true || Object.keys(expanded).length > 0 ? rows.slice() : rows), [rows, expanded]);
  const isOpen = (id: string) => expanded === true || expanded[id] === true;

  const table = useTable({
    features,
    columns: tableColumns,
    data,
    state: { sorting, expanded },
    onSortingChange: setSorting,
    onExpandedChange: (change) => {
      const next = typeof change === 'function' ? change(expanded) : change;
      setExpanded(next);
      onOpenChange?.(next === true ? rows.map((row) => String(rowKey(row))) : Object.keys(next).filter((key) => next[key]));
    },
    getSubRows: subRows
      ? (row) => {
          const open = isOpen(String(rowKey(row))) ? subRows(row) : undefined;
          return open?.length ? [...open] : undefined;
        }
      : undefined,
    getRowCanExpand: subRows ? (row) => (subRows(row.original)?.length ?? 0) > 0 : undefined,
    getRowId: (row) => String(rowKey(row)),
    enableSortingRemoval: false,
    enableMultiSort: false,
    sortDescFirst: false,
    autoResetExpanded: false,
  });

  const columnCount = columns.length + (actions ? 1 : 0);
  const FirstCell = rowHeader ? 'th' : 'td';
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const modelRows = table.getRowModel().rows;
  const virtual = virtualRows !== undefined && !loading && modelRows.length > VIRTUAL_FROM;
  // A table that may leave rows out says how many there are: the header row is 1, the body's rows follow, then the footer's.
  const counted = virtualRows !== undefined && !loading && modelRows.length > 0;
  const footerCount = footer?.length ?? 0;
  // Rows that could open (every row and sub-row): past VIRTUAL_FROM, the virtualizer is fetched before it is needed.
  const mayVirtualize = useMemo(
    () =>
      virtualRows !== undefined && rows.reduce((n, row) => n + 1 + (subRowCount?.(row) ?? subRows?.(row)?.length ?? 0), 0) > VIRTUAL_FROM,
    [virtualRows, rows, subRows, subRowCount],
  );
  const [VirtualRows, setVirtualRows] = useState(() => loadedVirtualRows);
  useEffect(() => {
    if (!mayVirtualize || VirtualRows) return;
    let current = true;
    void loadVirtualRows().then((component) => {
      if (current) setVirtualRows(() => component);
    });
    return () => {
      current = false;
    };
  }, [mayVirtualize, VirtualRows]);

  const renderRow = (row: TableModelRow<typeof features, Row>, index: number, measure?: (node: HTMLTableRowElement | null) => void) => {
    const context: RowContext = { depth: row.depth, expanded: row.getIsExpanded(), toggleExpanded: () => row.toggleExpanded() };
    const whole = fullRow?.(row.original);
    const rowProps = {
      ref: measure,
      'data-index': measure ? index : undefined,
      'data-row-id': row.id,
      role: 'row',
      'aria-rowindex': counted ? index + 2 : undefined,
    };
    if (whole !== undefined && whole !== null) {
      return (
        <tr key={row.id} {...rowProps} className={joined(rowClassName?.(row.original, row.depth), 'data-table__full-row')}>
          <td role="cell" colSpan={columnCount} className="data-table__full">
            <div className="data-table__full-content">{whole}</div>
          </td>
        </tr>
      );
    }
    return (
      <tr key={row.id} {...rowProps} className={rowClassName?.(row.original, row.depth)}>
        {columns.map((column, i) => {
          const Cell = i === 0 ? FirstCell : 'td';
          const text = column.text(row.original);
          return (
            <Cell
              key={column.key}
              role={Cell === 'th' ? 'rowheader' : 'cell'}
              scope={Cell === 'th' ? 'row' : undefined}
              className={joined(
                column.className,
                column.pinned && 'data-table__pinned',
                column.cellClassName?.(row.original),
                rowHeader && i === 0 && 'data-table__first',
                BLANK_TEXTS.has(text) && 'data-table__blank',
              )}
              data-label={column.header}
            >
              {column.cell ? column.cell(row.original, context) : text}
            </Cell>
          );
        })}
        {actions && (
          <td role="cell" className="data-table__actions">
            {actions.cell(row.original, context)}
          </td>
        )}
      </tr>
    );
  };

  const region = (
    <div
      ref={wrapRef}
      className={joined('table-wrap', `table-wrap--${layout}`, sortable && 'table-wrap--sortable', scrolls && 'table-wrap--scrolls')}
      role="region"
      aria-label={label}
      aria-describedby={note ? noteId : undefined}
      tabIndex={0}
    >
      <table
        className={joined('data-table', `data-table--${layout}`, actions && 'data-table--with-actions', className)}
        role="table"
        aria-busy={loading || undefined}
        aria-rowcount={counted ? 1 + modelRows.length + footerCount : undefined}
      >
        <caption className="visually-hidden">{caption}</caption>
        <thead role="rowgroup">
          <tr role="row" aria-rowindex={counted ? 1 : undefined}>
            {table.getFlatHeaders().map((header, i) => {
              const column = columns[i];
              if (!column) return null;
              const canSort = header.column.getCanSort();
              const sorted = header.column.getIsSorted();
              return (
                <th
                  key={header.id}
                  scope="col"
                  role="columnheader"
                  className={joined(column.className, column.pinned && 'data-table__pinned', rowHeader && i === 0 && 'data-table__first')}
                  aria-sort={canSort ? (sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none') : undefined}
                >
                  <span className="data-table__header">
                    {canSort ? (
                      <button type="button" className="data-table__sort" onClick={() => header.column.toggleSorting()}>
                        {column.header}
                        <span className="data-table__arrow" aria-hidden="true">
                          {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
                        </span>
                      </button>
                    ) : (
                      column.header
                    )}
                    {column.headerExtra}
                  </span>
                </th>
              );
            })}
            {actions && (
              <th scope="col" role="columnheader" className="data-table__actions">
                {actions.header}
              </th>
            )}
          </tr>
        </thead>
        <tbody role="rowgroup" ref={bodyRef}>
          {(loading || (rows.length === 0 && empty)) && (
            <tr role="row">
              <td role="cell" colSpan={columnCount} className="data-table__empty">
                {loading ? 'Loading…' : empty}
              </td>
            </tr>
          )}
          {!loading &&
            (virtualRows && mayVirtualize && VirtualRows ? (
              // Drawn by the virtualizer's component whether or not it leaves rows out yet: a
              // symbol opening into its lots keeps its row (and the focus on its button).
              <VirtualRows
                rows={modelRows}
                bodyRef={bodyRef}
                columnCount={columnCount}
                estimateHeight={virtualRows.estimateHeight}
                virtual={virtual}
              >
                {(row, index, measure) => renderRow(row, index, measure)}
              </VirtualRows>
            ) : (
              (virtual ? modelRows.slice(0, VIRTUAL_FROM) : modelRows).map((row, index) => renderRow(row, index))
            ))}
        </tbody>
        {footer && footer.length > 0 && (
          <tfoot role="rowgroup">
            {footer.map((line, k) => (
              <tr key={line.key} role="row" aria-rowindex={counted ? 2 + modelRows.length + k : undefined} className={line.className}>
                {columns.map((column, i) => {
                  if (i === 0) {
                    return (
                      <th key={column.key} role="rowheader" scope="row" className={joined(column.className, 'data-table__first')}>
                        {line.label}
                      </th>
                    );
                  }
                  const cell = line.cells[column.key];
                  return (
                    <td
                      key={column.key}
                      role="cell"
                      className={joined(column.className, column.pinned && 'data-table__pinned', cell?.className)}
                      data-label={column.header}
                    >
                      {cell?.content ?? ''}
                    </td>
                  );
                })}
                {actions && <td role="cell" className="data-table__actions" />}
              </tr>
            ))}
          </tfoot>
        )}
      </table>
    </div>
  );
  if (!note) return region;
  return (
    <>
      {region}
      <div id={noteId} className="data-table__note">
        {note}
      </div>
    </>
  );
}

/**
 * Whether the table is wider than its wrapper. Wide screens let a table that fits overflow its
 * wrapper (so its headers can stick under the navigation bar); one that does not fit scrolls
 * sideways instead of squeezing its figures until they break.
 */
function useScrollsSideways(wrapRef: RefObject<HTMLDivElement | null>): boolean {
  const [scrolls, setScrolls] = useState(false);
  useLayoutEffect(() => {
    const wrap = wrapRef.current;
    const table = wrap?.querySelector('table');
    if (!wrap || !table || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      setScrolls(table.offsetWidth > wrap.clientWidth + 1);
      // Where a pinned column stops: beside the first column, and before a sticky actions column.
      const first = table.querySelector<HTMLElement>('thead th');
      const actions = table.querySelector<HTMLElement>('thead th.data-table__actions');
      wrap.style.setProperty('--first-column-width', `${first?.offsetWidth ?? 0}px`);
      const actionsSticky = actions && getComputedStyle(actions).position === 'sticky';
      wrap.style.setProperty('--actions-column-width', `${actionsSticky ? actions.offsetWidth : 0}px`);
    };
    const observer = new ResizeObserver(measure);
    observer.observe(wrap);
    observer.observe(table);
    measure();
    return () => observer.disconnect();
  }, [wrapRef]);
  return scrolls;
}
