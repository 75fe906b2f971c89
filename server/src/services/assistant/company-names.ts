/**
 * Well-known company and coin names a partner may type instead of a ticker ("buy 2 shares of
 * Microsoft"), each with its ticker. Only names that are not themselves tickers are listed, so a
 * real symbol is never read as something else.
 */
const NAMES: Readonly<Record<string, { symbol: string; assetType: 'stock' | 'crypto'; name: string }>> = {
  APPLE: { symbol: 'AAPL', assetType: 'stock', name: 'Apple' },
  MICROSOFT: { symbol: 'MSFT', assetType: 'stock', name: 'Microsoft' },
  NVIDIA: { symbol: 'NVDA', assetType: 'stock', name: 'Nvidia' },
  AMAZON: { symbol: 'AMZN', assetType: 'stock', name: 'Amazon' },
  ALPHABET: { symbol: 'GOOGL', assetType: 'stock', name: 'Alphabet' },
  GOOGLE: { symbol: 'GOOGL', assetType: 'stock', name: 'Google (Alphabet)' },
  FACEBOOK: { symbol: 'META', assetType: 'stock', name: 'Facebook (Meta)' },
  TESLA: { symbol: 'TSLA', assetType: 'stock', name: 'Tesla' },
  BROADCOM: { symbol: 'AVGO', assetType: 'stock', name: 'Broadcom' },
  BERKSHIRE: { symbol: 'BRK-B', assetType: 'stock', name: 'Berkshire Hathaway' },
  JPMORGAN: { symbol: 'JPM', assetType: 'stock', name: 'JPMorgan Chase' },
  VISA: { symbol: 'V', assetType: 'stock', name: 'Visa' },
  MASTERCARD: { symbol: 'MA', assetType: 'stock', name: 'Mastercard' },
  WALMART: { symbol: 'WMT', assetType: 'stock', name: 'Walmart' },
  COSTCO: { symbol: 'COST', assetType: 'stock', name: 'Costco' },
  DISNEY: { symbol: 'DIS', assetType: 'stock', name: 'Disney' },
  NETFLIX: { symbol: 'NFLX', assetType: 'stock', name: 'Netflix' },
  ORACLE: { symbol: 'ORCL', assetType: 'stock', name: 'Oracle' },
  SALESFORCE: { symbol: 'CRM', assetType: 'stock', name: 'Salesforce' },
  ADOBE: { symbol: 'ADBE', assetType: 'stock', name: 'Adobe' },
  INTEL: { symbol: 'INTC', assetType: 'stock', name: 'Intel' },
  CISCO: { symbol: 'CSCO', assetType: 'stock', name: 'Cisco' },
  PFIZER: { symbol: 'PFE', assetType: 'stock', name: 'Pfizer' },
  EXXON: { symbol: 'XOM', assetType: 'stock', name: 'Exxon Mobil' },
  CHEVRON: { symbol: 'CVX', assetType: 'stock', name: 'Chevron' },
  NIKE: { symbol: 'NKE', assetType: 'stock', name: 'Nike' },
  MCDONALDS: { symbol: 'MCD', assetType: 'stock', name: "McDonald's" },
  PEPSICO: { symbol: 'PEP', assetType: 'stock', name: 'PepsiCo' },
  'COCA-COLA': { symbol: 'KO', assetType: 'stock', name: 'Coca-Cola' },
  SHOPIFY: { symbol: 'SHOP', assetType: 'stock', name: 'Shopify' },
  PALANTIR: { symbol: 'PLTR', assetType: 'stock', name: 'Palantir' },
  BITCOIN: { symbol: 'BTC', assetType: 'crypto', name: 'Bitcoin' },
  ETHEREUM: { symbol: 'ETH', assetType: 'crypto', name: 'Ethereum' },
  ETHER: { symbol: 'ETH', assetType: 'crypto', name: 'Ethereum' },
  SOLANA: { symbol: 'SOL', assetType: 'crypto', name: 'Solana' },
  DOGECOIN: { symbol: 'DOGE', assetType: 'crypto', name: 'Dogecoin' },
  LITECOIN: { symbol: 'LTC', assetType: 'crypto', name: 'Litecoin' },
};

export interface NamedTicker {
  symbol: string;
  assetType: 'stock' | 'crypto';
  name: string;
}

/** The ticker of a well-known name as typed (any case), or undefined. */
export function tickerOfName(typed: string): NamedTicker | undefined {
  const key = typed.trim().toUpperCase();
  return Object.hasOwn(NAMES, key) ? NAMES[key] : undefined;
}

/** What the assistant says when it has no market data for what it was given. */
export const NEED_TICKER = 'I need a ticker symbol, such as MSFT for Microsoft.';
