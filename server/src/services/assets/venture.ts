import { assetsOf } from './assets';

/** The product's Venture Investments table (REST: /api/illiquid-assets): the assets service for its kind. */
export const ventureAssets = assetsOf('venture');
