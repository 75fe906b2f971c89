/**
 * The live fields of a holding that has no quote yet: the server sends them so, and the client
 * shows a row (or a purchase lot) without a quote with them.
 */
export const NO_QUOTE = {
  lastPrice: null,
  change: null,
  changePct: null,
  dividendYield: null,
  marketCap: null,
  oneMonthPerf: null,
  peRatio: null,
  quoteSource: null,
  quoteAsOf: null,
  quoteStale: false,
} as const;

/** docs/product.md §2: what a missing figure (no quote, no prediction, no market cap) reads as. */
export const NOT_AVAILABLE = 'N/A';
