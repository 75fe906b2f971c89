import { DEFAULT_EXCHANGE, type AssetType } from '@contract/asset-rules';

/** docs/product.md §2: a holding's quote page; crypto pairs with USD, a stock names its exchange (NASDAQ by default). */
export function holdingQuoteUrl(holding: { symbol: string; asset_type: AssetType; exchange: string | null }): string {
  const symbol = encodeURIComponent(holding.symbol.toUpperCase());
  if (holding.asset_type === 'crypto') return `https://www.google.com/finance/quote/${symbol}-USD`;
  return `https://www.google.com/finance/quote/${symbol}:${encodeURIComponent((holding.exchange || DEFAULT_EXCHANGE).toUpperCase())}`;
}
