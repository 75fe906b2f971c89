import type { Queryable } from '../../db/open';
import type { MarketDataProvider, Instrument } from './provider';
import { quoteKey } from './provider';
import { cachedQuotes } from './quote-cache';

/**
 * Whether the firm can get market data for a symbol: `priced` (a cached quote, or the provider
 * prices it now), `unknown` (the provider answers without it, as for a ticker that does not
 * exist) or `unavailable` (the provider cannot be reached: nobody can tell yet).
 */
export type SymbolStatus = 'priced' | 'unknown' | 'unavailable';

/** The one message for a symbol without market data, wherever it is entered. */
export const noMarketData = (symbol: string) => `No market data for ${symbol}.`;

/** A cached quote answers at once; otherwise the provider is asked for this one symbol. */
export async function symbolStatus(db: Queryable, provider: MarketDataProvider, instrument: Instrument, now: Date): Promise<SymbolStatus> {
  const key = quoteKey(instrument);
  if ((await cachedQuotes(db, [key])).has(key)) return 'priced';
  try {
    return (await provider.quotes([instrument], now)).has(key) ? 'priced' : 'unknown';
  } catch {
    return 'unavailable';
  }
}
