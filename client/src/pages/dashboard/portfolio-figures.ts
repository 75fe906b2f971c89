import { sellFifo } from '@domain/fifo';
import { centsText, dec } from '@domain/money';
import type { AllocationParts } from '../../components/charts/allocation-chart';
import type { PositionLot, PortfolioTotals } from './portfolio-types';

/**
 * The dashboards show the portfolio engine's figures (portfolio.positions) as it sends them; this
 * file only shows a debit as owed, and previews a sale with the engine's own
 * first-in, first-out rule (server/src/domain/fifo.ts). No float is ever part of a figure shown.
 */

/** A figure shown as owed: "10000.00" → "-10000.00"; zero stays "0.00" (never "-0.00"). */
export function negatedText(text: string): string {
  const d = dec(text);
  return d.eq(0) ? centsText(d.abs()) : centsText(d.neg());
}

export function allocationParts(totals: PortfolioTotals): AllocationParts {
  return {
    liquid: totals.liquidValue,
    venture: totals.ventureValue,
    realEstate: totals.realEstateTotalValue,
    cash: totals.cashAvailable,
    marginDebit: totals.marginDebit,
  };
}

/** What a sale would do, worked out by the engine's own first-in, first-out rule on the position's lots. */
export interface SalePreview {
  /** Net of the fee. */
  proceeds: string;
  fee: string;
  realizedGain: string;
  /** Cash Available after the sale when it settles, else null (it stays as it is). */
  cashAfter: string | null;
}

/**
 * Null when the sale cannot happen (more than is held, nothing to sell, a fee above what it brings).
 * `lots` are the position's lots as portfolio.lots answers them (oldest first).
 */
export function salePreview(
  lots: readonly PositionLot[],
  qty: string,
  price: string,
  cashAvailable: string,
  settles: boolean,
  fee = '0',
): SalePreview | null {
  const held = lots.map((lot) => ({ id: lot.id, purchaseDate: lot.purchaseDate, qty: dec(lot.qty), costBasis: dec(lot.cost) }));
  const sale = sellFifo(held, dec(qty), dec(price), dec(fee));
  if (!sale || sale.proceeds.lt(0)) return null;
  return {
    proceeds: centsText(sale.proceeds),
    fee: centsText(sale.fee),
    realizedGain: centsText(sale.realizedGain),
    cashAfter: settles ? centsText(dec(cashAvailable).plus(sale.proceeds)) : null,
  };
}
