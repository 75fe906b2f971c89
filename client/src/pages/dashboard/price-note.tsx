import { formatEasternDateTime } from '../../lib/format';
import type { Holding } from './portfolio-types';

export const PRICE_NOTE = 'Stock prices refresh about once per minute.';
export const SIMULATED_PRICES = 'Simulated prices';

/** The oldest price time among stale quotes, if any quote is stale. */
export function staleSince(holdings: readonly Holding[]): string | null {
  const times = holdings.filter((h) => h.quoteStale && h.quoteAsOf).map((h) => h.quoteAsOf as string);
  return times.length === 0 ? null : times.reduce((a, b) => (a < b ? a : b));
}

/** SPEC's refresh note, and a plain mark when the prices are simulated or stale (DESIGN §3). */
export function PriceNote({ holdings }: { holdings: readonly Holding[] }) {
  const simulated = holdings.some((h) => h.quoteSource === 'simulated');
  const stale = staleSince(holdings);
  return (
    <div className="price-note">
      <p className="price-note__text">{PRICE_NOTE}</p>
      {simulated && <span className="badge badge--info">{SIMULATED_PRICES}</span>}
      {stale && <span className="badge badge--warning">Stale prices: last updated {formatEasternDateTime(stale)}</span>}
    </div>
  );
}
