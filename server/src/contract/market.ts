import { z } from 'zod';
import { isoTime } from './common';

/** What the market says: a quote's live fields, the market bar's index tiles, the predicted closes. */

export const quoteSource = z.enum(['simulated', 'yahoo']);

/** A symbol's live fields, as a holding row and the valuation's quotes carry them. */
export const quoteFields = {
  lastPrice: z.number(),
  change: z.number(),
  changePct: z.number(),
  dividendYield: z.number().nullable(),
  marketCap: z.number().nullable(),
  peRatio: z.number().nullable(),
  oneMonthPerf: z.number().nullable(),
  quoteSource,
  quoteAsOf: isoTime,
  quoteStale: z.boolean(),
};
export const quoteOutput = z.object(quoteFields);
export type QuoteOutput = z.infer<typeof quoteOutput>;

export const marketSummaryOutput = z.array(
  z.object({
    symbol: z.string(),
    name: z.string(),
    price: z.number(),
    change: z.number(),
    changePct: z.number(),
    quoteSource,
    quoteAsOf: isoTime,
    quoteStale: z.boolean(),
  }),
);
export type MarketSummaryOutput = z.infer<typeof marketSummaryOutput>;
export const predictionsOutput = z.array(z.object({ ticker: z.string(), prediction: z.number() }));
export type PredictionsOutput = z.infer<typeof predictionsOutput>;
