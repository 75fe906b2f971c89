import { amountOf, sum, toCents, ZERO, type Decimal } from './money';

/** An open purchase lot as a sale sees it: what is left of it and what that cost. */
export interface OpenLot {
  id: number;
  purchaseDate: string;
  qty: Decimal;
  /** The cost basis of the quantity left, in cents. */
  costBasis: Decimal;
}

/** What a sale takes from one lot. */
export interface LotTake {
  lotId: number;
  qty: Decimal;
  /** The part of the lot's cost basis that goes with the quantity taken, in cents. */
  cost: Decimal;
  /** What stays in the lot; zero quantity means the lot is closed. */
  remainingQty: Decimal;
  remainingCost: Decimal;
}

export interface Sale {
  takes: LotTake[];
  /** Quantity × price, at cents, before the fee. */
  gross: Decimal;
  /** The fee or commission paid on the sale, in cents. */
  fee: Decimal;
  /** What the sale brings: gross − fee. */
  proceeds: Decimal;
  /** The cost basis of everything sold. */
  cost: Decimal;
  /** Proceeds − cost: the realized gain (negative for a loss). */
  realizedGain: Decimal;
}

/** Oldest first: by purchase date, then by the order the lots were recorded. */
export function fifoOrder<L extends { purchaseDate: string; id: number }>(lots: readonly L[]): L[] {
  return [...lots].sort((a, b) => (a.purchaseDate < b.purchaseDate ? -1 : a.purchaseDate > b.purchaseDate ? 1 : a.id - b.id));
}

/**
 * Sells `qty` at `price` from the lots, first in first out. A lot partly sold keeps the rest of
 * its cost basis exactly (basis − the part taken), so the basis of everything ever bought is
 * always the basis sold plus the basis still held, to the cent. A fee comes off the proceeds, so
 * the realized gain is net of it. Answers null when the lots hold less than `qty`.
 */
export function sellFifo(lots: readonly OpenLot[], qty: Decimal, price: Decimal, fee: Decimal = ZERO): Sale | null {
  if (qty.lte(0)) return null;
  const takes: LotTake[] = [];
  let left = qty;
  // Walks only as far as the sale reaches (an import replays thousands of sales against long lists of lots).
  for (const lot of fifoOrder(lots)) {
    if (left.eq(0)) break;
    const taken = lot.qty.lt(left) ? lot.qty : left;
    const whole = taken.eq(lot.qty);
    const cost = whole ? lot.costBasis : toCents(lot.costBasis.times(taken).div(lot.qty));
    takes.push({ lotId: lot.id, qty: taken, cost, remainingQty: lot.qty.minus(taken), remainingCost: lot.costBasis.minus(cost) });
    left = left.minus(taken);
  }
  if (left.gt(0)) return null;
  const gross = amountOf(qty, price);
  const proceeds = gross.minus(fee);
  const cost = sum(takes.map((t) => t.cost));
  return { takes, gross, fee, proceeds, cost, realizedGain: proceeds.minus(cost) };
}

/** The cost basis of a new lot: quantity × price paid, at cents, plus the fee paid on the purchase. */
export function costBasisOf(qty: Decimal | string, pricePaid: Decimal | string, fee: Decimal | string = ZERO): Decimal {
  return amountOf(qty, pricePaid).plus(fee);
}
