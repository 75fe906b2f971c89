/** Numbers in the assistant's replies, written as the dashboards write them (en-US). */

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const smallDollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumSignificantDigits: 6 });
const quantity = new Intl.NumberFormat('en-US', { maximumFractionDigits: 8 });
const percent = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2, signDisplay: 'exceptZero' });

/** Money with cents; prices under a dollar keep their significant digits. */
export const usd = (n: number): string => (Math.abs(n) > 0 && Math.abs(n) < 1 ? smallDollars.format(n) : dollars.format(n));
export const qty = (n: number | string): string => quantity.format(Number(n));
export const pct = (n: number): string => `${percent.format(n)}%`;
