import { z } from 'zod';
import { assetAmount, assetPercent, assetRowOutputFields, commonAssetFields } from './assets';
import { idField } from './fields';
import { ventureFields } from './venture';

/** docs/product.md §2's Real Estate table: a real estate investment's own columns. */
const rentalFields = {
  total_rental_income: assetAmount('Total Rental Income'),
  monthly_rental_income: assetAmount('Monthly Rental Income'),
  annual_rental_income_pct: assetPercent('Annual Rental Income %'),
};

export const realEstateRowInput = z.strictObject({ ...commonAssetFields, ...rentalFields });
// docs/product.md §7: the real estate update is sent like the venture one (dividend fields, no rental fields);
// both are accepted, and only a real estate investment's own fields are stored.
export const realEstateUpdateInput = z.strictObject({ id: idField, ...commonAssetFields, ...rentalFields, ...ventureFields });

export const realEstateRowOutput = z.object({
  ...assetRowOutputFields,
  total_rental_income: z.number(),
  monthly_rental_income: z.number(),
  annual_rental_income_pct: z.number(),
});
export type RealEstateRowOutput = z.infer<typeof realEstateRowOutput>;
