import { amountOf, centsText, dec } from '@domain/money';
import { isNumericText } from '../../../lib/numeric-text';

/** The fields every private asset's inputs hold, as typed. */
export interface CommonValues {
  name: string;
  purchase_date: string;
  qty: string;
  price_paid: string;
  last_price_at_date: string;
  /** Set by the server; shown under the last price, never typed. */
  last_price_date: string;
}

export interface VentureValues extends CommonValues {
  dividend_dollar: string;
  dividend_pct: string;
}

export interface RealEstateValues extends CommonValues {
  total_rental_income: string;
  monthly_rental_income: string;
  annual_rental_income_pct: string;
}

/** A typed field of a kind's values (every field is text while it is typed). */
export type FieldKey<Values> = Extract<keyof Values, string>;

/** A field's text (every field of a kind's values is text). */
export const fieldText = <Values extends CommonValues>(values: Values, key: FieldKey<Values>): string => String(values[key]);

export const BLANK_COMMON: CommonValues = {
  name: '',
  purchase_date: '',
  qty: '',
  price_paid: '',
  last_price_at_date: '',
  last_price_date: '',
};

/** Numeric text as the server takes it: blank (or a lone "-") is 0, commas gone. */
export function decimalText(text: string | undefined): string {
  const trimmed = (text ?? '').replace(/,/g, '').trim();
  return isNumericText(trimmed) ? trimmed : '0';
}

/** A saved number as plain decimal text for an input (1e-7 → "0.0000001", never exponent notation). */
export function plainText(value: number): string {
  return Number.isFinite(value) ? dec(value).toFixed() : '';
}

/** The saved fields of any private asset, as its inputs hold them. */
export function commonValues(asset: {
  name: string;
  purchase_date: string;
  qty: number;
  price_paid: number;
  last_price_at_date: number;
  last_price_date: string | null;
}): CommonValues {
  return {
    name: asset.name,
    purchase_date: asset.purchase_date,
    qty: plainText(asset.qty),
    price_paid: plainText(asset.price_paid),
    last_price_at_date: plainText(asset.last_price_at_date),
    last_price_date: asset.last_price_date ?? '',
  };
}

/**
 * A figure of docs/product.md §5's row rule as sent: commas removed, blank 0; text that is not a number stays
 * as typed, so the row schema refuses it with the product's message.
 */
function ruledText(text: string): string {
  const plain = text.replace(/,/g, '').trim();
  return plain === '' ? '0' : plain;
}

/**
 * The common fields of a save or update, as the server's row schema takes them. docs/product.md §7's body
 * carries a value (qty × last price); the server works it out itself, and this one is exact
 * (the engine's cents, half up), never a float.
 */
export function commonPayload(values: CommonValues) {
  const qty = ruledText(values.qty);
  const lastPrice = ruledText(values.last_price_at_date);
  return {
    name: values.name.trim(),
    purchase_date: values.purchase_date.trim(),
    qty,
    price_paid: ruledText(values.price_paid),
    last_price_at_date: lastPrice,
    value: centsText(amountOf(decimalText(qty), decimalText(lastPrice))),
  };
}
