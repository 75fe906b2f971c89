import { ASSET_ROW_RULE } from '@contract/asset-rules';
import { isCalendarDay } from '@domain/dates';
import { amountOf, centsText, dec } from '@domain/money';
import { isNumericText } from '../../../lib/numeric-text';

/** A venture or real estate row as its inputs hold it: every field as text. */
export type AssetValues = Record<string, string>;

/** The fields every private asset has; the kinds add their own. */
export const COMMON_FIELDS = ['name', 'purchase_date', 'qty', 'price_paid', 'last_price_at_date'] as const;

/** The common fields' column headers, the same in both tables, to name a field the rule refused. */
const FIELD_LABELS: Record<string, string> = {
  name: 'Name',
  purchase_date: 'Purchase Date',
  qty: 'Qty',
  price_paid: 'Price Paid $',
  last_price_at_date: 'Last Price $',
};

/**
 * SPEC §5's rule for saving a row: a name, a YYYY-MM-DD date, and numeric qty, price paid and last
 * price (blank is 0, commas removed). Its message names the fields to fix after SPEC's sentence.
 */
export function assetRowProblem(values: AssetValues): string | null {
  const bad: string[] = [];
  if ((values.name ?? '').trim() === '') bad.push('name');
  if (!isCalendarDay((values.purchase_date ?? '').trim())) bad.push('purchase_date');
  for (const key of ['qty', 'price_paid', 'last_price_at_date']) {
    const text = (values[key] ?? '').replace(/,/g, '').trim();
    if (text !== '' && !isNumericText(text)) bad.push(key);
  }
  return bad.length === 0 ? null : `${ASSET_ROW_RULE} Check ${bad.map((key) => FIELD_LABELS[key]).join(', ')}.`;
}

/** Numeric text as the server takes it: blank (or a lone "-") is 0, commas gone. */
export function decimalText(text: string | undefined): string {
  const trimmed = (text ?? '').replace(/,/g, '').trim();
  return isNumericText(trimmed) ? trimmed : '0';
}

/** A saved number as plain decimal text for an input (1e-7 → "0.0000001", never exponent notation). */
export function plainText(value: number): string {
  return Number.isFinite(value) ? dec(value).toFixed() : '';
}

/**
 * The common fields of a save or update, as the server's row schema takes them. SPEC §7's body
 * carries a value (qty × last price); the server works it out itself, and this one is exact
 * (the engine's cents, half up), never a float.
 */
export function commonPayload(values: AssetValues) {
  const qty = decimalText(values.qty);
  const lastPrice = decimalText(values.last_price_at_date);
  return {
    name: (values.name ?? '').trim(),
    purchase_date: (values.purchase_date ?? '').trim(),
    qty,
    price_paid: decimalText(values.price_paid),
    last_price_at_date: lastPrice,
    value: centsText(amountOf(qty, lastPrice)),
  };
}
