import type { quotes } from '../../db/schema';
import type { QuoteSource } from './provider';

/** A cached quote older than this (no successful refresh since) counts as stale. */
export const STALE_AFTER_MS = 5 * 60_000;

/** What a reader of the cache sees of a quote: the figures and how fresh they are. */
export interface LiveQuote {
  lastPrice: number;
  change: number;
  changePct: number;
  dividendYield: number | null;
  marketCap: number | null;
  oneMonthPerf: number | null;
  peRatio: number | null;
  quoteSource: QuoteSource;
  /** When the provider set the price (ISO time). */
  quoteAsOf: string;
  /** True when the last refresh failed or none succeeded lately: the price is the last known one. */
  quoteStale: boolean;
}

const optional = (v: string | null): number | null => (v === null ? null : Number(v));

export function liveQuote(row: typeof quotes.$inferSelect, now: Date): LiveQuote {
  return {
    lastPrice: Number(row.price),
    change: Number(row.change),
    changePct: Number(row.changePct),
    dividendYield: optional(row.dividendYield),
    marketCap: optional(row.marketCap),
    oneMonthPerf: optional(row.oneMonthPerf),
    peRatio: optional(row.peRatio),
    quoteSource: row.source,
    quoteAsOf: row.asOf.toISOString(),
    quoteStale: row.failedAt !== null || now.getTime() - row.fetchedAt.getTime() > STALE_AFTER_MS,
  };
}
