import { z } from 'zod';
import { assetAmount, assetPercent, commonAssetFields } from './assets';
import { idField } from './fields';

/** docs/product.md §2's Venture Investments table: a venture investment's own columns. */
export const ventureFields = { dividend_dollar: assetAmount('Dividend $'), dividend_pct: assetPercent('Dividend %') };

export const ventureRowInput = z.strictObject({ ...commonAssetFields, ...ventureFields });
export const ventureUpdateInput = z.strictObject({ id: idField, ...commonAssetFields, ...ventureFields });
