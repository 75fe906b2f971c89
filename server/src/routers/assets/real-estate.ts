import { realEstateRowInput, realEstateUpdateInput } from '../../contract/real-estate';
import { realEstateRowOutput } from '../../contract/outputs';
import { assetRouter } from './asset-router';

/** SPEC's Real Estate table (REST: /api/real-estate). */
export const realEstateRouter = assetRouter('real_estate', realEstateRowInput, realEstateUpdateInput, realEstateRowOutput);
