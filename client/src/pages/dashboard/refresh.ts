/** docs/product.md §9: holdings reload every 60 s, the market summary every 120 s. */
export const HOLDINGS_REFRESH_MS = 60_000;
export const MARKET_REFRESH_MS = 120_000;
