import { quoteKeyOf } from '@domain/valuation';
import type { PortfolioValuation, Position, Prediction } from '../portfolio-types';
import { holdingQuoteUrl } from './quote-link';

/**
 * One row of the Liquid Assets table: a symbol (the parent) or one of its purchase lots. Money,
 * quantities and percentages are the portfolio engine's decimal text; the quote's fields (live
 * numbers) belong to the symbol, so lots leave them empty.
 */
export interface LiquidRow {
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
  lots: LiquidRow[];
}

const NO_QUOTE_FIELDS = {
  lastPrice: null,
  quoteAsOf: null,
  change: null,
  changePct: null,
  dividendYield: null,
  marketCap: null,
  oneMonthPerf: null,
  peRatio: null,
  prediction: null,
} as const;

/** The table's rows: the engine's positions with their lots (oldest first), and each symbol's live quote. */
export function liquidRows(valuation: PortfolioValuation, predictions: readonly Prediction[]): LiquidRow[] {
  const predictionOf = new Map(predictions.map((p) => [p.ticker.toUpperCase(), p.prediction]));

  return valuation.positions.map((position) => {
    const quote = valuation.quotes[quoteKeyOf(position)];
    const quoteUrl = holdingQuoteUrl({ symbol: position.symbol, asset_type: position.assetType, exchange: position.exchange });
    return {
      id: position.symbol,
      kind: 'symbol',
      symbol: position.symbol,
      quoteUrl,
      lotId: null,
      purchaseDate: null,
      lastPrice: quote?.lastPrice ?? null,
      quoteAsOf: quote?.quoteAsOf ?? null,
      change: quote?.change ?? null,
      changePct: quote?.changePct ?? null,
      qty: position.qty,
      pricePaid: position.avgPricePaid,
      dayGain: position.dayGain,
      totalCost: position.cost,
      totalGain: position.gain,
      totalGainPct: position.gainPct,
      value: position.value,
      dividendYield: quote?.dividendYield ?? null,
      marketCap: quote?.marketCap ?? null,
      oneMonthPerf: quote?.oneMonthPerf ?? null,
      peRatio: quote?.peRatio ?? null,
      pctOfPortfolio: position.pctOfPortfolio,
      prediction: predictionOf.get(position.symbol.toUpperCase()) ?? null,
      position,
      lots: position.lots.map((lot) => ({
        ...NO_QUOTE_FIELDS,
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
