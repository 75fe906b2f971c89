import { ASSET_ROW_RULE } from '../../../../../server/src/domain/asset-rules';
import { isCalendarDay } from '../../../../../server/src/domain/dates';
import { amountOf, centsText, dec } from '../../../../../server/src/domain/money';
import { isNumericText } from '../../../lib/numeric-text';

/** A venture or real estate row as its inputs hold it: every field as text. */
export type AssetValues = Record<string, string>;

/** The fields every private asset has; the kinds add their own. */
export const COMMON_FIELDS = ['name', 'purchase_date', 'qty', 'price_paid', 'last_price_at_date'] as const;

/** SPEC §5's rule for saving a row: a name, a YYYY-MM-DD date, and numeric qty, price paid and last price (blank is 0). */
export function assetRowProblem(values: AssetValues): string | null {
  if ((values.name ?? '').trim() === '') return ASSET_ROW_RULE;
  if (!isCalendarDay((values.purchase_date ?? '').trim())) return ASSET_ROW_RULE;
  for (const key of ['qty', 'price_paid', 'last_price_at_date']) {
    const text = (values[key] ?? '').trim();
    if (text !== '' && !isNumericText(text)) return ASSET_ROW_RULE;
  }
  return null;
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
