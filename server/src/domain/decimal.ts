/**
 * Exact decimals for money and quantities: inputs arrive as JSON numbers or numeric text and are
 * stored as PostgreSQL numeric, so they are checked and normalised as text, never through float math.
 */

export type DecimalProblem = 'not-a-number' | 'too-many-decimals' | 'too-large';

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/** Plain decimal text for a number, without exponent notation (1e-7 → "0.0000001"). */
function numberText(value: number): string | undefined {
  if (!Number.isFinite(value)) return undefined;
  const text = String(value);
  if (!/e/i.test(text)) return text;
  // Small numbers print with an exponent; 20 places cover every scale we store.
  return Math.abs(value) < 1 ? value.toFixed(20).replace(/0+$/, '').replace(/\.$/, '') : undefined;
}

/**
 * The canonical decimal text of a value ("0150.250" → "150.25"), or why it cannot be stored with
 * `scale` decimal places and at most `maxIntegerDigits` digits before the point.
 */
export function toDecimalText(
  value: number | string,
  scale: number,
  maxIntegerDigits: number,
): { text: string } | { problem: DecimalProblem } {
  const raw = typeof value === 'number' ? numberText(value) : value.trim();
  if (raw === undefined) return { problem: typeof value === 'number' && Number.isFinite(value) ? 'too-large' : 'not-a-number' };
  const match = DECIMAL.exec(raw);
  if (!match) return { problem: 'not-a-number' };
  const sign = match[1] ?? '';
  const whole = (match[2] ?? '0').replace(/^0+(?=\d)/, '');
  const fraction = (match[3] ?? '').replace(/0+$/, '');
  if (fraction.length > scale) return { problem: 'too-many-decimals' };
  if (whole.length > maxIntegerDigits) return { problem: 'too-large' };
  const isZero = /^0$/.test(whole) && fraction === '';
  return { text: `${isZero ? '' : sign}${whole}${fraction ? `.${fraction}` : ''}` };
}
