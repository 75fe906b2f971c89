import { UNIT_VALUE_SHOWN_PLACES } from '../contract/capital-rules';

/** Numbers in the assistant's replies and the statements, written as the dashboards write them (en-US). */

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const smallDollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumSignificantDigits: 6 });
const unitDollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: UNIT_VALUE_SHOWN_PLACES,
  maximumFractionDigits: UNIT_VALUE_SHOWN_PLACES,
});
const quantity = new Intl.NumberFormat('en-US', { maximumFractionDigits: 8 });
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
