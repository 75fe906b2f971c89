import { assetsOf } from './assets';

/** The product's Real Estate table (REST: /api/real-estate): the assets service for its kind. */
export const realEstateAssets = assetsOf('real_estate');
