import { writeBooks } from './ledger';
import type { Db } from '../../db/open';
import type { AddHoldingInput, CheckSymbolInput, SellInput, SellOutput, SymbolCheckOutput } from '../../contract/holdings';
import type { Actor } from '../../platform/audit';
import { fail } from '../../platform/errors';
import { buyLots, correctLot, feeAboveGross, sellLots, type BooksDeps, type Bought, type BuyOrder, type TradeSource } from './trades';
import { centsText, dec, type Decimal } from '../../domain/money';
import { qty, usd } from '../../platform/format';
import type { HoldingView, PortfolioEngine, PortfolioView } from './engine';
import { LIMITS, type RateLimiter } from '../../platform/rate-limit';
import { noMarketData } from '../market/lookup';
import type { MarketService } from '../market/service';
import { firmSymbol, nothingToSell, typedSymbol } from './trade-rules';
import { bookDateProblem } from '../../contract/book-dates';

export interface HoldingsDeps {
  db: Db;
  /** The valuation of the books, computed once per change. */
  portfolio: PortfolioEngine;
  /** The ticker check, and a symbol new to the firm priced at once. */
  market: Pick<MarketService, 'lookup' | 'refreshSoon'>;
  limiter: RateLimiter;
  now: () => Date;
}

/** Buying inside the caller's transaction: Add Investment's own, or the assistant's confirmation. */
export type PurchaseDeps = BooksDeps;

/** Every lot, by symbol and purchase date, with the cached quote of its symbol: the engine's view. */
export async function listHoldings(deps: HoldingsDeps): Promise<HoldingView[]> {
  return (await deps.portfolio.current()).holdings;
}

/**
 * The one way lots come into the books, for Add Investment and the assistant's buy alike: the
 * books' date rule, the firm's symbol, one lot per purchase with its ledger entry and
 * audit record, in the caller's transaction. Call afterPurchase once it has committed. Recording
 * purchases made elsewhere does not touch Cash Available unless `settles` says it was paid from it.
 */
export async function purchase(deps: PurchaseDeps, actor: Actor, input: AddHoldingInput, source: TradeSource): Promise<Bought> {
  const now = deps.now();
  return buyLots({ ...deps, now: () => now }, actor, buyOrder(input, source, now));
}

/** The order a purchase makes, after the books' date rule (400) and with the firm's symbol: pure, shared with imports. */
export function buyOrder(input: AddHoldingInput, source: TradeSource, now: Date): BuyOrder {
  const dateProblem = input.purchases.map((p) => bookDateProblem(p.purchase_date, now)).find((problem) => problem !== null);
  if (dateProblem) throw fail.badRequest(dateProblem);
  return {
    symbol: firmSymbol(input.symbol, input.asset_type),
    assetType: input.asset_type,
    exchange: input.exchange,
    purchases: input.purchases,
    settles: input.settles ?? false,
    allowNegativeCash: input.allow_negative_cash ?? false,
    source,
  };
}

/** Add Investment: the purchases in one transaction, answered as the engine now shows the new lots. */
export async function addHolding(deps: HoldingsDeps, actor: Actor, input: AddHoldingInput): Promise<HoldingView[]> {
  const bought = await writeBooks(deps.db, (tx) => purchase({ db: tx, now: deps.now }, actor, input, 'add_investment'));
  // The new lots as the engine now shows them, in the order they were sent.
  const shown = new Map((await afterPurchase(deps, firmSymbol(input.symbol, input.asset_type))).holdings.map((h) => [h.id, h]));
  return bought.lots.flatMap((l) => shown.get(l.id) ?? []);
}

/**
 * After a purchase (the form, the assistant): the engine's view of the books with it, and a
 * symbol the firm has no quote for priced at once, in the background (quote, closes, prediction).
 */
export async function afterPurchase(deps: HoldingsDeps, symbol: string): Promise<PortfolioView> {
  const view = await deps.portfolio.current();
  if (!view.valuation.positions.find((p) => p.symbol === symbol)?.priced) deps.market.refreshSoon();
  return view;
}

export const TOO_MANY_SYMBOL_CHECKS = 'Too many ticker checks. Please wait a minute.';

/** Add Investment's ticker check: whether the firm gets market data for the symbol it was given. */
export async function checkSymbol(deps: HoldingsDeps, actor: Actor, input: CheckSymbolInput): Promise<SymbolCheckOutput> {
  if (!(await deps.limiter.hit(`symbol-check:${actor.id}`, LIMITS.symbolCheckPerUser))) throw fail.tooMany(TOO_MANY_SYMBOL_CHECKS);
  const symbol = firmSymbol(input.symbol, input.asset_type);
  const status = await deps.market.lookup({ symbol, kind: input.asset_type });
  return { symbol, status, message: status === 'unknown' ? noMarketData(symbol) : null };
}

/** The trash button on a lot's row: the lot leaves the books as a correction in the ledger. */
export async function deleteHolding(deps: HoldingsDeps, actor: Actor, id: number): Promise<{ message: string }> {
  await writeBooks(deps.db, async (tx) => {
    if (!(await correctLot({ db: tx, now: deps.now }, actor, id))) throw fail.notFound('That purchase lot no longer exists.');
  });
  return { message: 'Purchase lot deleted.' };
}

/** The Sell action on a liquid position: first in, first out, settling against cash unless told not to. */
export async function sellHolding(deps: HoldingsDeps, actor: Actor, input: SellInput): Promise<SellOutput> {
  const symbol = typedSymbol(input.symbol);
  const sold = await writeBooks(deps.db, (tx) =>
    sellLots({ db: tx, now: deps.now }, actor, {
      symbol,
      qty: input.qty,
      price: input.price,
      fee: input.fee,
      settles: input.settles ?? true,
      source: 'sell_action',
    }),
  );
  if (!sold.ok && 'feeAbove' in sold) throw fail.badRequest(feeAboveGross(input.fee ?? '0', sold.feeAbove));
  if (!sold.ok) {
    throw fail.badRequest(
      sold.held.eq(0)
        ? nothingToSell(symbol)
        : `The firm holds only ${sold.held.toFixed()} ${symbol}; you cannot sell ${dec(input.qty).toFixed()}.`,
    );
  }
  const gain = sold.sale.realizedGain;
  return {
    message: `Sold ${qty(input.qty)} ${symbol} for ${usd(centsText(sold.sale.proceeds))}${feeNote(sold.sale.fee)}: a realized ${gain.gte(0) ? 'gain' : 'loss'} of ${usd(centsText(gain.abs()))}.`,
    proceeds: centsText(sold.sale.proceeds),
    fee: centsText(sold.sale.fee),
    realized_gain: centsText(gain),
    cash_available: sold.cash ? centsText(sold.cash.after) : null,
  };
}

/** ", after a fee of $9.99" when a trade paid one; '' otherwise. */
export const feeNote = (fee: Decimal): string => (fee.eq(0) ? '' : ` after a fee of ${usd(centsText(fee))}`);
