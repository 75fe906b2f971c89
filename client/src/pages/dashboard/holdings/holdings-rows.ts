import { NO_QUOTE } from '@contract/quotes';
import { quoteKeyOf } from '@domain/valuation';
import type { PortfolioValuation, Position, PositionLot, Prediction } from '../portfolio-types';
import { holdingQuoteUrl } from './quote-link';

/**
 * One row of the Liquid Assets table: a symbol (the parent) or one of its purchase lots, or the
 * line an open symbol shows while its lots load or when they could not be loaded. Money,
 * quantities and percentages are the portfolio engine's decimal text; the quote's fields (live
 * numbers) belong to the symbol, so lots leave them empty.
 */
export interface HoldingRow {
  id: string;
  kind: 'symbol' | 'lot' | 'loading' | 'failed';
  symbol: string;
  quoteUrl: string;
  /** Lots only. */
  lotId: number | null;
  purchaseDate: string | null;
  lastPrice: number | null;
  /** When the symbol's quote was set (ISO), null for lots and unpriced symbols. */
  quoteAsOf: string | null;
  change: number | null;
  changePct: number | null;
  qty: string;
  /** The symbol's average price paid, or the lot's own. */
  pricePaid: string;
  dayGain: string;
  totalCost: string;
  totalGain: string;
  /** Null where nothing was paid. */
  totalGainPct: string | null;
  value: string;
  dividendYield: number | null;
  marketCap: number | null;
  oneMonthPerf: number | null;
  peRatio: number | null;
  pctOfPortfolio: string | null;
  prediction: number | null;
  /** The engine's position, for the Sell action (symbols only). */
  position: Position | null;
  /** How many lots the symbol has (0 for the other rows); they are loaded when it opens. */
  lotCount: number;
  /** Its lots once loaded, else one line saying they are loading or could not be. */
  lots: HoldingRow[];
  /** Why the lots could not be loaded ('failed' rows). */
  failure: string | null;
}

/** A lot shows no quote of its own (its symbol's row does): the contract's missing quote, without its source. */
const { quoteSource: _source, quoteStale: _stale, ...LOT_QUOTE } = NO_QUOTE;

/**
 * The table's rows: the engine's positions and each symbol's live quote. A symbol's lots are not
 * part of the figures the dashboard loads (docs/decisions/0025, "Later: lots sent on open"): until
 * `withLots` adds them, each symbol holds the one line an open symbol shows while they load.
 */
export function holdingsRows(valuation: PortfolioValuation, predictions: readonly Prediction[]): HoldingRow[] {
  const predictionOf = new Map(predictions.map((p) => [p.ticker.toUpperCase(), p.prediction]));

  return valuation.positions.map((position) => {
    const quote = valuation.quotes[quoteKeyOf(position)] ?? NO_QUOTE;
    const quoteUrl = holdingQuoteUrl({ symbol: position.symbol, asset_type: position.assetType, exchange: position.exchange });
    const row: HoldingRow = {
      id: position.symbol,
      kind: 'symbol',
      symbol: position.symbol,
      quoteUrl,
      lotId: null,
      purchaseDate: null,
      lastPrice: quote.lastPrice,
      quoteAsOf: quote.quoteAsOf,
      change: quote.change,
      changePct: quote.changePct,
      qty: position.qty,
      pricePaid: position.avgPricePaid,
      dayGain: position.dayGain,
      totalCost: position.cost,
      totalGain: position.gain,
      totalGainPct: position.gainPct,
      value: position.value,
      dividendYield: quote.dividendYield,
      marketCap: quote.marketCap,
      oneMonthPerf: quote.oneMonthPerf,
      peRatio: quote.peRatio,
      pctOfPortfolio: position.pctOfPortfolio,
      prediction: predictionOf.get(position.symbol.toUpperCase()) ?? null,
      position,
      lotCount: position.lotCount,
      lots: [],
      failure: null,
    };
    return { ...row, lots: position.lotCount > 0 ? [statusRow(row, 'loading')] : [] };
  });
}

/** What a row under a symbol has that is not its own: no quote, no prediction, nothing under it. */
function underSymbol(symbol: HoldingRow) {
  return {
    ...LOT_QUOTE,
    prediction: null,
    symbol: symbol.symbol,
    quoteUrl: symbol.quoteUrl,
    position: null,
    lotCount: 0,
    lots: [],
    failure: null,
  };
}

/** The line an open symbol shows instead of its lots: they are loading, or could not be loaded (why). */
export function statusRow(symbol: HoldingRow, kind: 'loading' | 'failed', failure: string | null = null): HoldingRow {
  return {
    ...underSymbol(symbol),
    id: `${kind}-${symbol.symbol}`,
    kind,
    lotId: null,
    purchaseDate: null,
    qty: '0',
    pricePaid: '0',
    dayGain: '0',
    totalCost: '0',
    totalGain: '0',
    totalGainPct: null,
    value: '0',
    pctOfPortfolio: null,
    failure,
  };
}

/** A symbol's lots as rows (oldest first, as portfolio.lots answers them). */
export function lotRows(symbol: HoldingRow, lots: readonly PositionLot[]): HoldingRow[] {
  return lots.map((lot) => ({
    ...underSymbol(symbol),
    id: `lot-${lot.id}`,
    kind: 'lot',
    lotId: lot.id,
    purchaseDate: lot.purchaseDate,
    qty: lot.qty,
    pricePaid: lot.pricePaid,
    dayGain: lot.dayGain,
    totalCost: lot.cost,
    totalGain: lot.gain,
    totalGainPct: lot.gainPct,
    value: lot.value,
    pctOfPortfolio: lot.pctOfPortfolio,
  }));
}

/** An open symbol's lots as the table shows them: loaded, loading, or failed with why. */
export type LotsState = { lots: readonly PositionLot[] } | { loading: true } | { failure: string };

/** The symbol's row with what it shows under it once open. */
export function withLots(symbol: HoldingRow, state: LotsState | undefined): HoldingRow {
  if (!state || 'loading' in state) return symbol;
  if ('failure' in state) return { ...symbol, lots: [statusRow(symbol, 'failed', state.failure)] };
  return { ...symbol, lots: lotRows(symbol, state.lots) };
}
