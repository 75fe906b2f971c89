import type { AssetType } from '../../contract/asset-rules';
import { dayInNewYork } from '../../domain/dates';

/**
 * The rules every way of trading shares (Add Investment, the Sell action, the assistant), so
 * each is written once.
 */

export const FUTURE_PURCHASE = 'A purchase date cannot be in the future.';

/** The books keep New York days: a purchase dated after today there is refused everywhere. */
export function isFuturePurchase(now: Date, day: string): boolean {
  return day > dayInNewYork(now);
}

/** A crypto may be typed as BTC or BTC-USD; the firm's symbol is BTC. */
export function firmSymbol(symbol: string, assetType: AssetType): string {
  const upper = symbol.trim().toUpperCase();
  return assetType === 'crypto' ? upper.replace(/-USD$/, '') : upper;
}

/** A symbol typed before its kind is known (a sale, the assistant): the lots know the kind, and BTC-USD is BTC. */
export function typedSymbol(symbol: string): string {
  return symbol.trim().toUpperCase().replace(/-USD$/, '');
}

export const nothingToSell = (symbol: string) => `The firm holds no ${symbol}, so there is nothing to sell.`;
