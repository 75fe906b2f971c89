import { assetsOf } from './assets';

/** SPEC's Real Estate table (REST: /api/real-estate): the assets service for its kind. */
export const realEstateAssets = assetsOf('real_estate');
