import { NO_QUOTE } from '@contract/quotes';
import { quoteKeyOf } from '@domain/valuation';
import type { PortfolioValuation, Position, Prediction } from '../portfolio-types';
import { holdingQuoteUrl } from './quote-link';

/**
 * One row of the Liquid Assets table: a symbol (the parent) or one of its purchase lots. Money,
 * quantities and percentages are the portfolio engine's decimal text; the quote's fields (live
 * numbers) belong to the symbol, so lots leave them empty.
 */
export interface HoldingRow {
  id: string;
  kind: 'symbol' | 'lot';
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
  lots: HoldingRow[];
}

/** A lot shows no quote of its own (its symbol's row does): the contract's missing quote, without its source. */
const { quoteSource: _source, quoteStale: _stale, ...LOT_QUOTE } = NO_QUOTE;

/** The table's rows: the engine's positions with their lots (oldest first), and each symbol's live quote. */
export function holdingsRows(valuation: PortfolioValuation, predictions: readonly Prediction[]): HoldingRow[] {
  const predictionOf = new Map(predictions.map((p) => [p.ticker.toUpperCase(), p.prediction]));

  return valuation.positions.map((position) => {
    const quote = valuation.quotes[quoteKeyOf(position)] ?? NO_QUOTE;
    const quoteUrl = holdingQuoteUrl({ symbol: position.symbol, asset_type: position.assetType, exchange: position.exchange });
    return {
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
      lots: position.lots.map((lot) => ({
        ...LOT_QUOTE,
        prediction: null,
        id: `lot-${lot.id}`,
        kind: 'lot',
        symbol: position.symbol,
        quoteUrl,
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
        position: null,
        lots: [],
      })),
    };
  });
}
