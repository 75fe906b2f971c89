import type { AddHoldingInput } from '../../contract/holdings';
import type { DividendInput, SplitInput } from '../../contract/corporate-actions';
import { DomainError } from '../../contract/errors';
import { dec } from '../../domain/money';
import { fail } from '../../platform/errors';
import { nothingToSell } from '../portfolio/trade-rules';
import { feeAboveGross, type CashMovement, type SalePlan, type SellOrder } from '../portfolio/trades';
import type { ImportLine } from './formats';

/**
 * What an imported line is as the forms' own inputs (docs/imports.md): the one translation both ways
 * of committing an import use, the line by line one (through the form services) and the batch one
 * (through their pure rules, services/imports/batch.ts).
 */

/** A refusal naming its line: "line 17: …". */
export const onLine = (line: ImportLine, message: string) => fail.badRequest(`line ${line.line}: ${message}`);

/** How a refusal while writing a line reaches the GP: a readable one names its line; anything else goes on as it is. */
export type LineRefusal = (line: ImportLine, err: unknown) => unknown;

export const lineRefusal: LineRefusal = (line, err) =>
  err instanceof DomainError && !/^line \d+/.test(err.message) ? onLine(line, err.message) : err;

/** A buy: Add Investment's purchase, settled from Cash Available, which may go below zero. */
export const buyInput = (l: ImportLine): AddHoldingInput => ({
  symbol: l.symbol ?? '',
  asset_type: l.assetType,
  purchases: [{ qty: l.qty!, price_paid: l.price!, purchase_date: l.date, fee: l.fee ?? undefined }],
  settles: true,
  allow_negative_cash: true,
});

/** A sale: the Sell action's, settled into Cash Available. */
export const sellOrder = (l: ImportLine): SellOrder => ({
  symbol: l.symbol ?? '',
  qty: l.qty!,
  price: l.price!,
  fee: l.fee ?? undefined,
  settles: true,
  source: 'import',
});

/** Why a sale the books cannot make is refused. */
export function sellRefusal(l: ImportLine, plan: Exclude<SalePlan, { ok: true }>) {
  const symbol = l.symbol ?? '';
  if ('feeAbove' in plan) return onLine(l, feeAboveGross(l.fee ?? '0', plan.feeAbove));
  return onLine(l, plan.held.eq(0) ? nothingToSell(symbol) : `the firm holds only ${plan.held.toFixed()} ${symbol}`);
}

export const splitInput = (l: ImportLine): SplitInput => ({
  kind: 'split',
  symbol: l.symbol ?? '',
  ratio: l.ratio!,
  ex_date: l.date,
  ...(l.price ? { cash_in_lieu_price: l.price } : {}),
  note: l.note.slice(0, 200),
});

/** A dividend at `perShare` (the line's, or the one that makes its gross on the shares held). */
export const dividendInput = (l: ImportLine, perShare: string): DividendInput => ({
  kind: 'dividend',
  symbol: l.symbol ?? '',
  amount_per_share: perShare,
  ex_date: l.date,
  pay_date: l.payDate ?? l.date,
  ...(l.tax && dec(l.tax).gt(0) ? { tax_withheld_amount: l.tax } : {}),
  note: l.note.slice(0, 200),
});

/** Money in or out, interest, margin interest or a fee; Cash Available may go below zero. */
export const moneyInput = (l: ImportLine): CashMovement => ({
  kind: l.kind as CashMovement['kind'],
  amount: l.amount!,
  note: l.note.slice(0, 200),
  allowNegativeCash: true,
});

/** The dividend's refusal when no amount per share makes the line's gross on the shares held. */
export const noSharesForAmount = (l: ImportLine) =>
  onLine(l, `the firm held no ${l.symbol ?? ''} at the start of ${l.date} that ${l.amount} could be paid on`);
