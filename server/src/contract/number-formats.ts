import { UNIT_VALUE_SHOWN_PLACES } from './capital-rules';

/**
 * The en-US number formats the screens (client/src/lib/format.ts) and the server's texts
 * (platform/format.ts: the assistant's replies, the statements) share, so a figure reads the same
 * in both. Hand them exact decimal text, which Intl rounds once (half up), never a float sum.
 */

/** Dollars and cents: "$1,234.50", "-$1,234.50". */
export const dollarsFormat = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** A quantity to the 8 places it is kept to: "1,234.5", "0.00012345". */
export const quantityFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 8 });

/** A fund's value per unit, kept to 8 places, always shown to the same stated number: "$948.4237". */
export const unitValueFormat = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: UNIT_VALUE_SHOWN_PLACES,
  maximumFractionDigits: UNIT_VALUE_SHOWN_PLACES,
});
