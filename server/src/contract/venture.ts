import { z } from 'zod';
import { assetAmount, assetPercent, assetRowOutputFields, commonAssetFields } from './assets';
import { idField } from './fields';

/** docs/product.md §2's Venture Investments table: a venture investment's own columns. */
export const ventureFields = { dividend_dollar: assetAmount('Dividend $'), dividend_pct: assetPercent('Dividend %') };

export const ventureRowInput = z.strictObject({ ...commonAssetFields, ...ventureFields });
export const ventureUpdateInput = z.strictObject({ id: idField, ...commonAssetFields, ...ventureFields });

export const ventureRowOutput = z.object({ ...assetRowOutputFields, dividend_dollar: z.number(), dividend_pct: z.number() });
export type VentureRowOutput = z.infer<typeof ventureRowOutput>;
