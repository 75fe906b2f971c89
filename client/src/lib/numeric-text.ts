/**
 * docs/product.md §5's numeric text fields (dividends, rental income, balances): only an optional leading
 * minus, digits and one decimal point; commas are removed.
 */
const NUMERIC_TEXT = /^-?\d*\.?\d*$/;

/** The field's new text, or null when the edit would break the rule (the keystroke is ignored). */
export function acceptNumericText(next: string): string | null {
  const text = next.replace(/,/g, '');
  return NUMERIC_TEXT.test(text) ? text : null;
}

/** Text that is a number ("12", "-0.5", "3."); blank, "-" and "." are not. */
export function isNumericText(text: string): boolean {
  const trimmed = text.trim();
  return trimmed !== '' && /^-?(\d+\.?\d*|\.\d+)$/.test(trimmed);
}

/** A quantity or price as it is typed: digits and one decimal point; commas removed, letters and signs ignored. */
export function acceptAmountText(next: string): string | null {
  const text = next.replace(/,/g, '');
  return /^\d*\.?\d*$/.test(text) ? text : null;
}

/**
 * For a type="number" input (which keeps its step): a keystroke that is not a digit or a
 * decimal point ("e", "+", "-", letters) is ignored; shortcuts and editing keys pass.
 */
export function ignoreNonDecimalKey(event: {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  preventDefault(): void;
}): void {
  if (event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey && !/[\d.]/.test(event.key)) event.preventDefault();
}
