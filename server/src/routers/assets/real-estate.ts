import { realEstateRowInput, realEstateRowOutput, realEstateUpdateInput } from '../../contract/real-estate';
import { realEstateAssets } from '../../services/assets/real-estate';
import { assetRouter } from './asset-router';

/** The product's Real Estate table (REST: /api/real-estate). */
export const realEstateRouter = assetRouter(realEstateAssets, realEstateRowInput, realEstateUpdateInput, realEstateRowOutput);
