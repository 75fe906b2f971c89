/**
 * SPEC §5's numeric text fields (dividends, rental income, balances): only an optional leading
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
