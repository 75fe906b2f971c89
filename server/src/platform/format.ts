import { dollarsFormat as dollars, quantityFormat as quantity, unitValueFormat as unitDollars } from '../contract/number-formats';

/**
 * Numbers in the assistant's replies and the statements, written as the dashboards write them (en-US):
 * dollars, quantities and unit values in the formats the screens use (contract/number-formats.ts).
 */

const smallDollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumSignificantDigits: 6 });
const percent = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2, signDisplay: 'exceptZero' });

/** Exact decimal text goes to Intl as text, so it is rounded once (half up) and never through a float. */
const exact = (n: number | string): number | Intl.StringNumericLiteral => (typeof n === 'string' ? (n as Intl.StringNumericLiteral) : n);

/** Money with cents; prices under a dollar keep their significant digits. */
export const usd = (n: number | string): string => {
  const size = Math.abs(Number(n));
  return size > 0 && size < 1 ? smallDollars.format(exact(n)) : dollars.format(exact(n));
};
export const qty = (n: number | string): string => quantity.format(exact(n));
export const pct = (n: number | string): string => `${percent.format(exact(n))}%`;
/** A value per unit as every screen and statement shows it: "948.42365599" → "$948.4237". */
export const unitPrice = (n: number | string): string => unitDollars.format(exact(n));
