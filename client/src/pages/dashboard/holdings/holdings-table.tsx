import { useCallback, useMemo, useState } from 'react';
import { messageOf } from '../../../api/errors';
import { trpc } from '../../../api/trpc';
import { DASHBOARD_FRESH_MS } from '../../../api/prefetch-dashboard';
import { DataTable, type Column, type FooterRow } from '../../../components/data-table';
import {
  formatCalendarDate,
  formatCurrency,
  formatMoney,
  formatPercent,
  formatQuoteTime,
  formatSignedMoney,
  toneOf,
} from '../../../lib/format';
import { negatedText } from '../portfolio-figures';
import type { PortfolioTotals, PositionLot } from '../portfolio-types';
import { cellTone, holdingsColumns, PREDICTION_HEADER, type MissingAs } from './holdings-columns';
import { withLots, type HoldingRow, type LotsState } from './holdings-rows';
import { PredictionInfo } from './prediction-info';
import { TrashIcon } from '../icons';
import type { Role } from '@contract/roles';
import '../../../styles/table-cells.css';
import '../../../styles/tones.css';
import './holdings-table.css';

/** The first column: a symbol with its + button, quote link and quote time, or one of its lots. */
const SYMBOL: Column<HoldingRow> = {
  key: 'symbol',
  header: 'Symbol',
  text: (r) => r.symbol,
  cell: (data, row) =>
    data.kind === 'lot' ? (
      <span className="lot-label">Lot of {formatCalendarDate(data.purchaseDate)}</span>
    ) : (
      <span className="symbol-cell">
        <button
          type="button"
          className="expand-button"
          aria-expanded={row.expanded}
          aria-label={`${row.expanded ? 'Hide' : 'Show'} lots of ${data.symbol}`}
          onClick={row.toggleExpanded}
        >
          <span aria-hidden="true">{row.expanded ? '−' : '+'}</span>
        </button>
        <span className="symbol-cell__text">
          <a href={data.quoteUrl} target="_blank" rel="noopener noreferrer" className="symbol-link">
            {data.symbol}
            <span className="visually-hidden"> (quote, opens in a new tab)</span>
          </a>
          <span className="symbol-cell__time">{data.quoteAsOf ? formatQuoteTime(data.quoteAsOf) : 'No market data'}</span>
        </span>
      </span>
    ),
};

/** A firm's thousands of lots: only the rows in view are in the page; a symbol's row (two lines) is taller than a lot's. */
const VIRTUAL_ROWS = { estimateHeight: (depth: number) => (depth === 0 ? 50 : 36) };

export interface HoldingsTableProps {
  rows: HoldingRow[];
  /** The engine's totals: the footer's balances and TOTAL row. */
  totals: PortfolioTotals;
  role: Role;
  onDeleteLot?: (lot: HoldingRow) => void;
  /** The Sell action on a symbol's row (GPs). */
  onSell?: (symbol: HoldingRow) => void;
}

export const LOTS_LOADING = 'Loading lots…';
export const lotsFailed = (symbol: string) => `The lots of ${symbol} could not be loaded.`;

/** A query's result as an open symbol shows it (only what the table reads, so an unchanged one keeps its identity). */
function lotsStateOf(query: { data?: readonly PositionLot[]; isFetching: boolean; error: unknown }): LotsState {
  if (query.data) return { lots: query.data };
  if (query.error && !query.isFetching) return { failure: messageOf(query.error, '') };
  return { loading: true };
}
const lotsStates = (queries: { data?: readonly PositionLot[]; isFetching: boolean; error: unknown }[]) => queries.map(lotsStateOf);

/**
 * The lots of the open symbols, each loaded when its symbol opens (portfolio.lots, one query per
 * symbol: docs/decisions/0025, "Later: lots sent on open"), by symbol.
 */
function useOpenLots(open: readonly string[]): Map<string, LotsState> {
  const states = trpc.useQueries((t) => open.map((symbol) => t.portfolio.lots({ symbol }, { staleTime: DASHBOARD_FRESH_MS })), {
    combine: lotsStates,
  });
  return useMemo(() => new Map(open.map((symbol, i) => [symbol, states[i] ?? { loading: true }])), [open, states]);
}

/** The line an open symbol shows while its lots load, or why they could not be loaded with a way to try again. */
function LotsStatus({ row }: { row: HoldingRow }) {
  const utils = trpc.useUtils();
  if (row.kind === 'loading') return <span role="status">{LOTS_LOADING}</span>;
  return (
    <>
      <span role="alert">
        {lotsFailed(row.symbol)}
        {row.failure ? ` ${row.failure}` : ''}
      </span>
      <button
        type="button"
        className="button button--outline button--small"
        onClick={() => void utils.portfolio.lots.refetch({ symbol: row.symbol })}
      >
        Try again
      </button>
    </>
  );
}

const fullRow = (row: HoldingRow) => (row.kind === 'loading' || row.kind === 'failed' ? <LotsStatus row={row} /> : undefined);
const subRows = (row: HoldingRow) => row.lots;
const lotCountOf = (row: HoldingRow) => row.lotCount;

/** docs/product.md §2's Liquid Assets table: symbols that open into their purchase lots, sortable by every column but the last. */
export function HoldingsTable({ rows, totals, role, onDeleteLot, onSell }: HoldingsTableProps) {
  const missingAs: MissingAs = role === 'GP' ? 'zero' : 'na';
  const [open, setOpen] = useState<readonly string[]>([]);
  const lots = useOpenLots(open);
  const shown = useMemo(() => rows.map((row) => withLots(row, lots.get(row.symbol))), [rows, lots]);
  const onOpenChange = useCallback((keys: string[]) => setOpen(keys), []);
  const columns = useMemo<Column<HoldingRow>[]>(
    () => [
      SYMBOL,
      ...holdingsColumns({ predictions: role === 'GP' }).map((spec): Column<HoldingRow> => ({
        key: spec.id,
        header: spec.header,
        headerExtra: spec.header === PREDICTION_HEADER ? <PredictionInfo /> : undefined,
        text: (row) => spec.text(row, missingAs),
        sort: 'decimal',
        sortValue: spec.value,
        sortable: spec.sortable,
        className: 'num',
        cellClassName: (row) => cellTone(spec, row),
        pinned: spec.id === 'value',
      })),
    ],
    [role, missingAs],
  );

  const actions =
    role === 'GP'
      ? {
          header: <span className="visually-hidden">Actions</span>,
          cell: (data: HoldingRow) => (
            <>
              {data.kind === 'symbol' && onSell && (
                <button
                  type="button"
                  className="button button--outline button--small sell-button"
                  aria-label={`Sell ${data.symbol}`}
                  onClick={() => onSell(data)}
                >
                  Sell
                </button>
              )}
              {data.kind === 'lot' && onDeleteLot && (
                <button
                  type="button"
                  className="icon-button icon-button--danger"
                  aria-label={`Delete ${data.symbol} lot of ${formatCalendarDate(data.purchaseDate)}`}
                  onClick={() => onDeleteLot(data)}
                >
                  <TrashIcon />
                </button>
              )}
            </>
          ),
        }
      : undefined;

  return (
    <DataTable
      label="Liquid Assets table"
      caption="Liquid Assets, grouped by symbol; a symbol's + button shows its purchase lots."
      layout="figures"
      className="data-table--liquid"
      rowHeader
      columns={columns}
      rows={shown}
      rowKey={(row) => row.id}
      subRows={subRows}
      subRowCount={lotCountOf}
      onOpenChange={onOpenChange}
      fullRow={fullRow}
      initialSort={{ key: 'symbol' }}
      rowClassName={(row) => (row.kind === 'lot' ? 'data-table__row--nested' : undefined)}
      actions={actions}
      footer={footerLines(totals)}
      empty="No stocks or crypto held yet."
      note={<LiquidTotalsNote totals={totals} />}
      virtualRows={VIRTUAL_ROWS}
    />
  );
}

/** What the table's TOTAL and % of Portfolio are shares of, said under the table: neither is the net account value. */
function LiquidTotalsNote({ totals }: { totals: PortfolioTotals }) {
  return (
    <>
      <p>
        TOTAL value: the stocks and crypto ({formatCurrency(totals.liquidValue)}) plus Cash Available and Accounts Receivable, less Margin
        Debit. The Net Account Value above leaves Accounts Receivable out and adds venture investments and real estate.
      </p>
      <p>% of Portfolio: each symbol&rsquo;s share of the stocks and crypto ({formatCurrency(totals.liquidValue)}).</p>
    </>
  );
}

type Figure = { text: string; tone?: 'gain' | 'loss' | 'flat' };

const footerRow = (label: string, figures: Record<string, Figure>): FooterRow => ({
  key: label,
  label,
  className: label === 'TOTAL' ? 'data-table__total' : undefined,
  cells: Object.fromEntries(
    Object.entries(figures).map(([key, figure]) => [
      key,
      { content: figure.text, className: figure.tone ? `tone--${figure.tone}` : undefined },
    ]),
  ),
});

/**
 * docs/product.md §2's footer: the balances in the Value column (margin debit as a negative), then TOTAL:
 * the engine's liquid figures, and a value that adds cash and receivables and takes off the
 * margin debit.
 */
function footerLines(totals: PortfolioTotals): FooterRow[] {
  const margin = negatedText(totals.marginDebit);
  return [
    footerRow('Margin Debit', { value: { text: formatMoney(margin), tone: toneOf(margin) === 'flat' ? 'flat' : 'loss' } }),
    footerRow('Cash Available', { value: { text: formatMoney(totals.cashAvailable) } }),
    footerRow('Accounts Receivable', { value: { text: formatMoney(totals.accountsReceivable) } }),
    footerRow('TOTAL', {
      dayGain: { text: formatSignedMoney(totals.dayGain), tone: toneOf(totals.dayGain) },
      totalCost: { text: formatMoney(totals.liquidCost) },
      totalGain: { text: formatSignedMoney(totals.liquidGain), tone: toneOf(totals.liquidGain) },
      totalGainPct: { text: formatPercent(totals.liquidGainPct, { signed: true }), tone: toneOf(totals.liquidGain) },
      value: { text: formatMoney(totals.liquidTableTotal) },
    }),
  ];
}
