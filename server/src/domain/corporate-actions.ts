import { dec, sum, toCents, ZERO, type Decimal } from './money';

/**
 * The arithmetic of corporate actions and income (docs/decisions/0011-corporate-actions-and-income.md):
 * how a split changes a lot and a close, and what a cash dividend pays. Pure, exact, one rounding
 * rule: quantities and prices at 8 places, money at cents half up.
 */

/** A split's ratio, new shares for old: 10:1 gives ten shares for each one, 1:8 one for each eight. */
export interface SplitRatio {
  newShares: number;
  oldShares: number;
}

const RATIO = /^\s*(\d{1,6})\s*[:/-]\s*(\d{1,6})\s*$/;

/** "10:1" (or "10/1", "10-1") → { newShares: 10, oldShares: 1 }; null unless both are whole numbers from 1 to 999,999 and differ. */
export function parseRatio(text: string): SplitRatio | null {
  const match = RATIO.exec(text);
  if (!match) return null;
  const newShares = Number(match[1]);
  const oldShares = Number(match[2]);
  if (newShares < 1 || oldShares < 1 || newShares === oldShares) return null;
  return { newShares, oldShares };
}

export const ratioText = (r: SplitRatio): string => `${r.newShares}:${r.oldShares}`;

/** Quantity × new ÷ old, rounded down to the 8 places a quantity keeps (a crumb below 0.00000001 share stays behind with no money). */
export function splitQuantity(qty: Decimal, r: SplitRatio): Decimal {
  return qty.times(r.newShares).div(r.oldShares).round(8, 0);
}

/** A price (paid or a close) × old ÷ new, at 8 places half up. */
export function splitPrice(price: Decimal, r: SplitRatio): Decimal {
  return price.times(r.oldShares).div(r.newShares).round(8, 1);
}

/** The whole shares and the fraction left of a position after a split. */
export function wholeAndFraction(qty: Decimal): { whole: Decimal; fraction: Decimal } {
  const whole = qty.round(0, 0);
  return { whole, fraction: qty.minus(whole) };
}

/** Tax withheld on a dividend: a percent of the gross, or an amount in dollars. */
export type Withholding = { percent: string } | { amount: string } | null;

export interface DividendFigures {
  /** Shares × amount per share, at cents half up. */
  gross: Decimal;
  /** Percent × gross at cents half up, or the amount given. */
  tax: Decimal;
  /** Gross − tax: what settles into Cash Available on the pay date. */
  net: Decimal;
}

/**
 * What a cash dividend pays: $0.2350 on 1,234 shares is 289.99 gross; 15 % withheld is
 * 43.4985 → 43.50; 246.49 net. Null when the tax would be more than the gross.
 */
export function dividendFigures(shares: Decimal, perShare: Decimal, withholding: Withholding): DividendFigures | null {
  const gross = toCents(shares.times(perShare));
  const tax =
    withholding === null
      ? ZERO
      : 'percent' in withholding
        ? toCents(gross.times(dec(withholding.percent)).div(100))
        : dec(withholding.amount);
  if (tax.gt(gross)) return null;
  return { gross, tax, net: gross.minus(tax) };
}

/** A lot's quantity at some moment, as sharesHeldAt needs it. */
export interface HeldPart {
  qty: Decimal;
  purchaseDate: string;
  /** Splits of the symbol applied to this quantity after the ex-date being asked about (their ratios), so they are undone. */
  laterSplits: readonly SplitRatio[];
}

/**
 * Shares of a symbol held at the start of an ex-date: the parts of lots bought before it (lots still
 * open, and quantities sold since the ex-date), each with the splits after the ex-date undone.
 */
export function sharesHeldAt(exDate: string, parts: readonly HeldPart[]): Decimal {
  return sum(
    parts
      .filter((p) => p.purchaseDate < exDate)
      .map((p) => p.laterSplits.reduce((q, r) => q.times(r.oldShares).div(r.newShares), p.qty).round(8, 1)),
  );
}
