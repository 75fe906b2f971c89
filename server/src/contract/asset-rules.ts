/** docs/product.md §5's rule for saving venture and real estate rows, checked by the client and the server. */
export const ASSET_ROW_RULE = 'Please complete all fields: name, YYYY-MM-DD date, numeric qty/price/last price.';

/** docs/product.md §9: asset types of liquid holdings, and the exchange quote links use when none is given. */
export const ASSET_TYPES = ['stock', 'crypto'] as const;
export type AssetType = (typeof ASSET_TYPES)[number];
export const DEFAULT_EXCHANGE = 'NASDAQ';
