import { ventureRowInput, ventureUpdateInput } from '../../contract/venture';
import { ventureRowOutput } from '../../contract/outputs';
import { assetRouter } from './asset-router';

/** SPEC's Venture Investments table (REST: /api/illiquid-assets). */
export const ventureRouter = assetRouter('venture', ventureRowInput, ventureUpdateInput, ventureRowOutput);
