import { isUsMarketOpen, MARKET_CLOSED } from '@domain/market-hours';
import { formatEasternDateTime } from '../../lib/format';
import type { LiveQuote } from './portfolio-types';
import '../../styles/badges.css';
import './price-note.css';

export const PRICE_NOTE = 'Stock prices refresh about once per minute.';
export const SIMULATED_PRICES = 'Simulated prices';

/** The oldest price time among stale quotes, if any quote is stale. */
export function staleSince(quotes: readonly LiveQuote[]): string | null {
  const times = quotes.filter((q) => q.quoteStale && q.quoteAsOf).map((q) => q.quoteAsOf);
  return times.length === 0 ? null : times.reduce((a, b) => (a < b ? a : b));
}

/** The product's refresh note, and a plain mark when the prices are simulated or stale. */
export function PriceNote({ quotes }: { quotes: readonly LiveQuote[] }) {
  const simulated = quotes.some((q) => q.quoteSource === 'simulated');
  const stale = staleSince(quotes);
  return (
    <div className="price-note">
      <p className="price-note__text">{PRICE_NOTE}</p>
      {simulated && <span className="badge badge--info">{SIMULATED_PRICES}</span>}
      {!isUsMarketOpen(new Date()) && (
        <span className="badge badge--neutral">{MARKET_CLOSED}: stock prices and Day&apos;s Gain are from the last session.</span>
      )}
      {stale && <span className="badge badge--warning">Stale prices: last updated {formatEasternDateTime(stale)}</span>}
    </div>
  );
}
