import { useMemo, useState } from 'react';
import {
  createColumnHelper,
  createExpandedRowModel,
  createSortedRowModel,
  rowExpandingFeature,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type ExpandedState,
  type SortingState,
} from '@tanstack/react-table';
import { formatCalendarDate, formatMoney, formatPercent, formatQuoteTime, formatSignedMoney, toneOf } from '../../../lib/format';
import { compareFigures, negatedText } from '../portfolio-figures';
import type { PortfolioTotals } from '../portfolio-types';
import { cellTone, liquidColumns, PREDICTION_HEADER, type LiquidColumn, type MissingAs } from './liquid-columns';
import type { LiquidRow } from './liquid-rows';
import { PredictionInfo } from './prediction-info';
import { TrashIcon } from '../icons';

const features = tableFeatures({
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  rowExpandingFeature,
  expandedRowModel: createExpandedRowModel(),
});
const helper = createColumnHelper<typeof features, LiquidRow>();

/** Figures exactly by size (decimal text, never through a float), the symbol alphabetically; a missing figure sorts lowest. */
function compareValues(a: number | string | null, b: number | string | null, numeric: boolean): number {
  if (numeric) return compareFigures(a, b);
  if (a === null || b === null) return a === b ? 0 : a === null ? -1 : 1;
  return String(a).localeCompare(String(b), 'en', { numeric: true, sensitivity: 'base' });
}

/** Sorts symbols; lots keep their purchase-date order under their symbol whatever the direction. */
function sortBy(spec: LiquidColumn) {
  return (a: { depth: number; original: LiquidRow }, b: { depth: number; original: LiquidRow }) =>
    a.depth > 0 ? 0 : compareValues(spec.value(a.original), b.depth > 0 ? null : spec.value(b.original), spec.numeric);
}

const SYMBOL: LiquidColumn = { id: 'symbol', header: 'Symbol', value: (r) => r.symbol, text: (r) => r.symbol, numeric: false, sortable: true };

export interface LiquidTableProps {
  rows: LiquidRow[];
  /** The engine's totals: the footer's balances and TOTAL row. */
  totals: PortfolioTotals;
  role: 'GP' | 'LP';
  onDeleteLot?: (lot: LiquidRow) => void;
  /** The Sell action on a symbol's row (GPs). */
  onSell?: (symbol: LiquidRow) => void;
}

/** SPEC §2's Liquid Assets table: symbols that open into their purchase lots, sortable by every column but the last. */
export function LiquidTable({ rows, totals, role, onDeleteLot, onSell }: LiquidTableProps) {
  const missingAs: MissingAs = role === 'GP' ? 'zero' : 'na';
  const specs = useMemo(() => [SYMBOL, ...liquidColumns({ predictions: role === 'GP' })], [role]);
  const columns = useMemo(
    () =>
      helper.columns(
        specs.map((spec) => helper.accessor((row) => spec.value(row), { id: spec.id, header: spec.header, enableSorting: spec.sortable, sortFn: sortBy(spec) })),
      ),
    [specs],
  );
  const [sorting, setSorting] = useState<SortingState>([{ id: 'symbol', desc: false }]);
  const [expanded, setExpanded] = useState<ExpandedState>({});

  const table = useTable({
    features,
    columns,
    data: rows,
    state: { sorting, expanded },
    onSortingChange: setSorting,
    onExpandedChange: setExpanded,
    getSubRows: (row) => (row.lots.length > 0 ? row.lots : undefined),
    getRowId: (row) => row.id,
    enableSortingRemoval: false,
    enableMultiSort: false,
    sortDescFirst: false,
    autoResetExpanded: false,
  });

  const withActions = role === 'GP';
  const footer = footerLines(totals);
  const columnCount = specs.length + (withActions ? 1 : 0);

  return (
    <div className="table-scroll" role="region" aria-label="Liquid Assets table" tabIndex={0}>
      <table className="portfolio-table portfolio-table--liquid">
        <caption className="visually-hidden">Liquid Assets, grouped by symbol; a symbol's + button shows its purchase lots.</caption>
        <thead>
          <tr>
            {table.getFlatHeaders().map((header) => {
              const spec = specs.find((s) => s.id === header.column.id);
              if (!spec) return null;
              const sorted = header.column.getIsSorted();
              return (
                <th
                  key={header.id}
                  scope="col"
                  className={spec.id === 'symbol' ? 'sticky-col' : 'num'}
                  aria-sort={spec.sortable ? (sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none') : undefined}
                >
                  {spec.sortable ? (
                    <button type="button" className="sort-button" onClick={() => header.column.toggleSorting()}>
                      {spec.header}
                      <span className="sort-button__arrow" aria-hidden="true">
                        {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
                      </span>
                    </button>
                  ) : (
                    <span className="th-with-info">
                      {spec.header === PREDICTION_HEADER ? (
                        <>
                          {spec.header} <PredictionInfo />
                        </>
                      ) : (
                        spec.header
                      )}
                    </span>
                  )}
                </th>
              );
            })}
            {withActions && (
              <th scope="col" className="actions-col">
                <span className="visually-hidden">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && (
            <tr>
              <td colSpan={columnCount} className="empty-row">
                No stocks or crypto held yet.
              </td>
            </tr>
          )}
          {table.getRowModel().rows.map((row) => {
            const data = row.original;
            const isLot = data.kind === 'lot';
            return (
              <tr key={row.id} className={isLot ? 'lot-row' : 'symbol-row'}>
                <th scope="row" className="sticky-col">
                  {isLot ? (
                    <span className="lot-label">Lot of {formatCalendarDate(data.purchaseDate)}</span>
                  ) : (
                    <span className="symbol-cell">
                      <button
                        type="button"
                        className="expand-button"
                        aria-expanded={row.getIsExpanded()}
                        aria-label={`${row.getIsExpanded() ? 'Hide' : 'Show'} lots of ${data.symbol}`}
                        onClick={() => row.toggleExpanded()}
                      >
                        <span aria-hidden="true">{row.getIsExpanded() ? '−' : '+'}</span>
                      </button>
                      <span className="symbol-cell__text">
                        <a href={data.quoteUrl} target="_blank" rel="noopener noreferrer" className="symbol-link">
                          {data.symbol}
                          <span className="visually-hidden"> (quote, opens in a new tab)</span>
                        </a>
                        <span className="symbol-cell__time">{data.quoteAsOf ? formatQuoteTime(data.quoteAsOf) : 'No market data'}</span>
                      </span>
                    </span>
                  )}
                </th>
                {specs.slice(1).map((spec) => (
                  <td key={spec.id} className={`num ${cellTone(spec, data)}`}>
                    {spec.text(data, missingAs)}
                  </td>
                ))}
                {withActions && (
                  <td className="actions-col">
                    {!isLot && onSell && (
                      <button type="button" className="button button--outline button--small sell-button" aria-label={`Sell ${data.symbol}`} onClick={() => onSell(data)}>
                        Sell
                      </button>
                    )}
                    {isLot && onDeleteLot && (
                      <button
                        type="button"
                        className="icon-button icon-button--danger"
                        aria-label={`Delete ${data.symbol} lot of ${formatCalendarDate(data.purchaseDate)}`}
                        onClick={() => onDeleteLot(data)}
                      >
                        <TrashIcon />
                      </button>
                    )}
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
        <tfoot>
          {footer.map((line) => (
            <tr key={line.label} className={line.label === 'TOTAL' ? 'total-row' : 'balance-row'}>
              <th scope="row" className="sticky-col">
                {line.label}
              </th>
              {specs.slice(1).map((spec) => {
                const text = line.cells[spec.id];
                return (
                  <td key={spec.id} className={`num ${text?.tone ? `tone--${text.tone}` : ''}`}>
                    {text?.text ?? ''}
                  </td>
                );
              })}
              {withActions && <td className="actions-col" />}
            </tr>
          ))}
        </tfoot>
      </table>
    </div>
  );
}

interface FooterLine {
  label: string;
  cells: Record<string, { text: string; tone?: 'gain' | 'loss' | 'flat' }>;
}

/**
 * SPEC §2's footer: the balances in the Value column (margin debit as a negative), then TOTAL:
 * the engine's liquid figures, and a value that adds cash and receivables and takes off the
 * margin debit.
 */
function footerLines(totals: PortfolioTotals): FooterLine[] {
  const margin = negatedText(totals.marginDebit);
  return [
    { label: 'Margin Debit', cells: { value: { text: formatMoney(margin), tone: toneOf(margin) === 'flat' ? 'flat' : 'loss' } } },
    { label: 'Cash Available', cells: { value: { text: formatMoney(totals.cashAvailable) } } },
    { label: 'Accounts Receivable', cells: { value: { text: formatMoney(totals.accountsReceivable) } } },
    {
      label: 'TOTAL',
      cells: {
        dayGain: { text: formatSignedMoney(totals.dayGain), tone: toneOf(totals.dayGain) },
        totalCost: { text: formatMoney(totals.liquidCost) },
        totalGain: { text: formatSignedMoney(totals.liquidGain), tone: toneOf(totals.liquidGain) },
        totalGainPct: { text: formatPercent(totals.liquidGainPct, { signed: true }), tone: toneOf(totals.liquidGain) },
        value: { text: formatMoney(totals.liquidTableTotal) },
      },
    },
  ];
}
