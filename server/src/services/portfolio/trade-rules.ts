import type { AssetType } from '../../contract/asset-rules';

/**
 * The rules every way of trading shares (Add Investment, the Sell action, the assistant), so
 * each is written once.
 */

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
