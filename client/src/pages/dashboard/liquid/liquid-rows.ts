import {
  gainPct,
  groupBySymbol,
  liquidValue,
  lotCost,
  lotDayGain,
  lotGain,
  lotValue,
  pctOfPortfolio,
} from '../../../../../server/src/domain/portfolio-math';
import { lotFigures } from '../portfolio-figures';
import type { Holding, Prediction } from '../portfolio-types';
import { holdingQuoteUrl } from './quote-link';

/**
 * One row of the Liquid Assets table: a symbol (the parent) or one of its purchase lots. The
 * quote's fields belong to the symbol, so lots leave them empty.
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
  change: number | null;
  changePct: number | null;
  qty: number;
  /** The symbol's average price paid, or the lot's own. */
  pricePaid: number;
  dayGain: number;
  totalCost: number;
  totalGain: number;
  totalGainPct: number;
  value: number;
  dividendYield: number | null;
  marketCap: number | null;
  oneMonthPerf: number | null;
  peRatio: number | null;
  pctOfPortfolio: number;
  prediction: number | null;
  lots: LiquidRow[];
}

const NO_QUOTE_FIELDS = {
  lastPrice: null,
  change: null,
  changePct: null,
  dividendYield: null,
  marketCap: null,
  oneMonthPerf: null,
  peRatio: null,
  prediction: null,
} as const;

/** The table's rows: symbols with their lots, oldest lot first, figures from the domain module. */
export function liquidRows(holdings: readonly Holding[], predictions: readonly Prediction[]): LiquidRow[] {
  const total = liquidValue(holdings.map(lotFigures));
  const predictionOf = new Map(predictions.map((p) => [p.ticker.toUpperCase(), p.prediction]));
  const lots = holdings.map((holding) => ({ ...lotFigures(holding), holding }));

  return groupBySymbol(lots).map((group) => {
    const groupLots: typeof lots = group.lots;
    const quote = groupLots[0]?.holding;
    const quoteUrl = quote ? holdingQuoteUrl(quote) : '';
    return {
      id: group.symbol,
      kind: 'symbol',
      symbol: group.symbol,
      quoteUrl,
      lotId: null,
      purchaseDate: null,
      lastPrice: quote?.lastPrice ?? null,
      change: quote?.change ?? null,
      changePct: quote?.changePct ?? null,
      qty: group.qty,
      pricePaid: group.avgPricePaid,
      dayGain: group.dayGain,
      totalCost: group.totalCost,
      totalGain: group.totalGain,
      totalGainPct: group.totalGainPct,
      value: group.value,
      dividendYield: quote?.dividendYield ?? null,
      marketCap: quote?.marketCap ?? null,
      oneMonthPerf: quote?.oneMonthPerf ?? null,
      peRatio: quote?.peRatio ?? null,
      pctOfPortfolio: pctOfPortfolio(group.value, total),
      prediction: predictionOf.get(group.symbol.toUpperCase()) ?? null,
      lots: groupLots.map((lot) => ({
        ...NO_QUOTE_FIELDS,
        id: `lot-${lot.holding.id}`,
        kind: 'lot',
        symbol: group.symbol,
        quoteUrl,
        lotId: lot.holding.id,
        purchaseDate: lot.purchaseDate,
        qty: lot.qty,
        pricePaid: lot.pricePaid,
        dayGain: lotDayGain(lot),
        totalCost: lotCost(lot),
        totalGain: lotGain(lot),
        totalGainPct: gainPct(lotGain(lot), lotCost(lot)),
        value: lotValue(lot),
        pctOfPortfolio: pctOfPortfolio(lotValue(lot), total),
        lots: [],
      })),
    };
  });
}
