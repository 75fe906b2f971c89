import { ventureRowInput, ventureRowOutput, ventureUpdateInput } from '../../contract/venture';
import { ventureAssets } from '../../services/assets/venture';
import { assetRouter } from './asset-router';

/** The product's Venture Investments table (REST: /api/illiquid-assets). */
export const ventureRouter = assetRouter(ventureAssets, ventureRowInput, ventureUpdateInput, ventureRowOutput);
