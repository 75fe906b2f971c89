import { z } from 'zod';
import { accountBalances } from '../../db/schema';
import { costBasisOf } from '../../domain/fifo';
import { centsText, dec, plain, type Decimal } from '../../domain/money';
import { feeAboveGross, lotsOf, planSale } from '../portfolio/trades';
import { nothingToSell, typedSymbol } from '../portfolio/trade-rules';
import { negativeCashRefusal } from '../portfolio/cash-rules';
import { bookDateProblem } from '../../contract/book-dates';
import { NEED_TICKER, tickerOfName } from './company-names';
import { dayInNewYork, isCalendarDay } from '../../domain/dates';
import { boundText, checkAmount, FEE, PRICE, QUANTITY, type AmountRule } from '../../domain/amounts';
import { noMarketData } from '../market/lookup';
import type { Queryable } from '../../db/open';
import type { MarketService } from '../market/service';
import { cachedQuotes } from '../market/quote-cache';
import { quoteKey } from '../market/provider';
import { usd, qty } from '../../platform/format';
import type { TradeDraft } from './parse';

/** Exactly what confirm carries out: every figure fixed when it was proposed. */
export const tradeProposal = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('buy'),
    symbol: z.string(),
    assetType: z.enum(['stock', 'crypto']),
    quantity: z.string(),
    price: z.string(),
    /** Whether the price is the market's (from the quote cache) rather than one the GP gave. */
    atMarket: z.boolean(),
    date: z.string(),
    /** The GP asked to buy on margin: Cash Available may go below zero. */
    allowNegativeCash: z.boolean().default(false),
    /** A fee or commission the GP stated, at cents: part of the lot's cost basis. */
    fee: z.string().default('0'),
  }),
  z.object({
    kind: z.literal('sell'),
    symbol: z.string(),
    quantity: z.string(),
    price: z.string(),
    atMarket: z.boolean(),
    /** A fee or commission the GP stated, at cents: it comes off the proceeds. */
    fee: z.string().default('0'),
  }),
]);
export type TradeProposal = z.infer<typeof tradeProposal>;

export interface ProposalDeps {
  db: Queryable;
  /** Whether any provider prices the symbol. */
  market: Pick<MarketService, 'lookup'>;
  now: () => Date;
}

export type Prepared = { ok: true; proposal: TradeProposal; message: string } | { ok: false; message: string };

const refuse = (message: string): Prepared => ({ ok: false, message });
const ASK = 'Do you want me to go ahead? Reply yes or no.';

/** An amount above 0 within its kind's bounds (the same as the purchase form's), or why not. */
function amount(value: string | number, rule: AmountRule, what: string): { text: string } | { refused: string } {
  const parsed = checkAmount(value, rule);
  if ('text' in parsed && Number(parsed.text) > 0) return parsed;
  if ('problem' in parsed && parsed.problem === 'too-large') return { refused: `The ${what} must be at most ${boundText(rule.max)}.` };
  if ('problem' in parsed && parsed.problem === 'too-many-digits')
    return { refused: `The ${what} can have at most 15 significant digits.` };
  return { refused: `The ${what} must be a number above 0, with at most ${rule.scale} decimal places.` };
}

async function marketPrice(deps: ProposalDeps, symbol: string, assetType: 'stock' | 'crypto'): Promise<string | undefined> {
  const key = quoteKey({ symbol, kind: assetType });
  const quote = (await cachedQuotes(deps.db, [key])).get(key);
  // Prices are kept to 8 places, like the purchase form's.
  return quote ? dec(quote.price).round(8).toFixed() : undefined;
}

/** How far a limit price may be from the last price before the proposal warns about it. */
const PRICE_WARNING_SHARE = dec('0.2');

/** A sentence when a price the GP gave is more than 20% away from the last price; '' otherwise. */
function priceWarning(given: string | null, market: string | undefined): string {
  if (given === null || market === undefined || dec(market).eq(0)) return '';
  const away = dec(given).minus(market).div(market);
  if (away.abs().lte(PRICE_WARNING_SHARE)) return '';
  const share = away.abs().times(100).round(1).toFixed(1);
  return ` Note: ${usd(given)} is ${share}% ${away.gt(0) ? 'above' : 'below'} the last price of ${usd(market)}.`;
}

/** The symbol to trade: a well-known name as its ticker ("Microsoft" is MSFT), else the symbol as typed. */
function symbolOf(draft: TradeDraft): { symbol: string; assetType: TradeDraft['assetType']; named: string } {
  const named = tickerOfName(draft.symbol);
  if (named) return { symbol: named.symbol, assetType: named.assetType, named: `${named.name}'s ticker is ${named.symbol}. ` };
  return { symbol: typedSymbol(draft.symbol), assetType: draft.assetType, named: '' };
}

/**
 * Turns what the GP (or the model) asked for into an exact proposal: the quantity and price
 * checked, a market price and today's date filled in, a buy checked against Cash Available and a
 * sell against what is held.
 */
export async function prepareTrade(deps: ProposalDeps, draft: TradeDraft): Promise<Prepared> {
  const { symbol, assetType: typedType, named } = symbolOf(draft);
  if (!/^[A-Z0-9][A-Z0-9.-]{0,14}$/.test(symbol)) return refuse(`"${draft.symbol}" is not a ticker symbol I can trade.`);
  const checkedQuantity = amount(draft.quantity, QUANTITY, 'quantity');
  if ('refused' in checkedQuantity) return refuse(checkedQuantity.refused);
  const quantity = checkedQuantity.text;
  const checkedPrice = draft.price === null ? null : amount(draft.price, PRICE, 'price');
  if (checkedPrice !== null && 'refused' in checkedPrice) return refuse(checkedPrice.refused);
  const givenPrice = checkedPrice === null ? null : checkedPrice.text;
  const checkedFee = draft.fee === null ? { text: '0' } : checkAmount(draft.fee, FEE);
  if ('problem' in checkedFee || checkedFee.text.startsWith('-')) {
    return refuse(`The fee must be a number from 0 to ${boundText(FEE.max)}, with at most 2 decimal places.`);
  }
  const fee = checkedFee.text;

  if (draft.kind === 'sell') return prepareSell(deps, symbol, quantity, givenPrice, named, fee);

  const held = (await lotsOf(deps.db, symbol))[0];
  const assetType = held?.assetType ?? typedType ?? 'stock';
  const date = draft.date ?? dayInNewYork(deps.now());
  if (!isCalendarDay(date)) return refuse(`${date} is not a date I can use; write it as YYYY-MM-DD.`);
  const dateProblem = bookDateProblem(date, deps.now());
  if (dateProblem) return refuse(dateProblem);
  // A symbol no provider prices is not bought, even at a price the GP names (as in Add Investment).
  if ((await deps.market.lookup({ symbol, kind: assetType })) === 'unknown') return refuse(`${noMarketData(symbol)} ${NEED_TICKER}`);
  const market = await marketPrice(deps, symbol, assetType);
  if (givenPrice === null && market === undefined) {
    return refuse(`I have no market price for ${symbol} yet. Tell me the price, for example "buy ${qty(quantity)} ${symbol} at 25.50".`);
  }
  const price = givenPrice ?? market!;
  const total = dec(centsText(costBasisOf(quantity, price, fee)));
  const cash = await cashAvailable(deps);
  const after = cash.minus(total);
  const overdraft = negativeCashRefusal(cash, after, draft.margin);
  if (overdraft) {
    const priced = givenPrice === null ? '' : ` at ${plain(dec(price))}`;
    return refuse(
      `${named}I did not propose buying ${qty(quantity)} ${symbol} for ${usd(centsText(total))}: ${overdraft} ` +
        `To buy on margin anyway, say so, for example "buy ${qty(quantity)} ${symbol}${priced} on margin".`,
    );
  }
  const proposal: TradeProposal = {
    kind: 'buy',
    symbol,
    assetType,
    quantity,
    price,
    atMarket: givenPrice === null,
    date,
    allowNegativeCash: draft.margin,
    fee,
  };
  const margin = after.lt(0) ? ', on margin as you asked, below zero' : '';
  return {
    ok: true,
    proposal,
    message:
      `${named}I will buy ${qty(quantity)} ${symbol} (${assetType}) at ${usd(price)}${proposal.atMarket ? ', the current market price,' : ''} ` +
      `dated ${date}, for ${usd(centsText(total))} in total${feeStated(fee, 'including')}, as a new purchase lot, paid from cash: ` +
      `Cash Available goes from ${usd(centsText(cash))} to ${usd(centsText(after))}${margin}.${priceWarning(givenPrice, market)} ${ASK}`,
  };
}

async function prepareSell(
  deps: ProposalDeps,
  symbol: string,
  quantity: string,
  givenPrice: string | null,
  named: string,
  fee: string,
): Promise<Prepared> {
  const lots = await lotsOf(deps.db, symbol);
  if (lots.length === 0) return refuse(`${named}${nothingToSell(symbol)}`);
  const assetType = lots[0]?.assetType ?? 'stock';
  const market = await marketPrice(deps, symbol, assetType);
  if (givenPrice === null && market === undefined) {
    return refuse(`I have no market price for ${symbol} yet. Tell me the price, for example "sell ${qty(quantity)} ${symbol} at 25.50".`);
  }
  const price = givenPrice ?? market!;
  const plan = planSale(lots, quantity, price, fee);
  if (!plan.ok && 'feeAbove' in plan) return refuse(feeAboveGross(fee, plan.feeAbove));
  if (!plan.ok) return refuse(`The firm holds only ${qty(plan.held.toFixed())} ${symbol}; I can't sell ${qty(quantity)}.`);
  const { sale } = plan;
  const dates = new Map(lots.map((l) => [l.id, l.purchaseDate]));
  const steps = sale.takes.map((t) => `${qty(t.qty.toFixed())} from the lot bought ${dates.get(t.lotId)}`).join(', ');
  const cash = await cashAvailable(deps);
  const gain = sale.realizedGain;
  return {
    ok: true,
    proposal: { kind: 'sell', symbol, quantity, price, atMarket: givenPrice === null, fee },
    message:
      `${named}I will sell ${qty(quantity)} ${symbol} at ${usd(price)}${givenPrice === null ? ', the current market price,' : ''} ` +
      `for ${usd(centsText(sale.proceeds))}${feeStated(fee, 'after')}, taking the oldest lots first: ${steps}, ` +
      `a realized ${gain.gte(0) ? 'gain' : 'loss'} of ${usd(centsText(gain.abs()))}. ` +
      `Cash Available goes from ${usd(centsText(cash))} to ${usd(centsText(cash.plus(sale.proceeds)))}.${priceWarning(givenPrice, market)} ${ASK}`,
  };
}

/** ", including a fee of $4.95" (or "after …"): the proposal states the fee; '' when there is none. */
const feeStated = (fee: string, word: 'including' | 'after'): string =>
  dec(fee).eq(0) ? '' : `, ${word} a fee of ${usd(centsText(dec(fee)))}`;

/** Cash Available now, for the proposal's statement of what the trade does to it. */
async function cashAvailable(deps: ProposalDeps): Promise<Decimal> {
  const [row] = await deps.db.select({ cash: accountBalances.cashAvailable }).from(accountBalances).limit(1);
  return dec(row?.cash ?? '0');
}
