import { assetsOf } from './assets';

/** SPEC's Venture Investments table (REST: /api/illiquid-assets): the assets service for its kind. */
export const ventureAssets = assetsOf('venture');
