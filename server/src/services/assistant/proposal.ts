import { asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Queryable } from '../../db/open';
import { holdings } from '../../db/schema';
import { addDays, dayInNewYork, isCalendarDay } from '../../domain/dates';
import { boundText, checkAmount, PRICE, QUANTITY, type AmountRule } from '../../domain/amounts';
import type { ServiceDeps } from '../deps';
import { cachedQuotes } from '../market/quote-cache';
import { quoteKey } from '../market/provider';
import { usd, qty } from './format';
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
  }),
  z.object({
    kind: z.literal('sell'),
    symbol: z.string(),
    quantity: z.string(),
    price: z.string(),
    atMarket: z.boolean(),
  }),
]);
export type TradeProposal = z.infer<typeof tradeProposal>;

export type Prepared = { ok: true; proposal: TradeProposal; message: string } | { ok: false; message: string };

const refuse = (message: string): Prepared => ({ ok: false, message });
const ASK = 'Do you want me to go ahead? Reply yes or no.';

/** An amount above 0 within its kind's bounds (the same as the purchase form's), or why not. */
function amount(value: string | number, rule: AmountRule, what: string): { text: string } | { refused: string } {
  const parsed = checkAmount(value, rule);
  if ('text' in parsed && Number(parsed.text) > 0) return parsed;
  if ('problem' in parsed && parsed.problem === 'too-large') return { refused: `The ${what} must be at most ${boundText(rule.max)}.` };
  if ('problem' in parsed && parsed.problem === 'too-many-digits') return { refused: `The ${what} can have at most 15 significant digits.` };
  return { refused: `The ${what} must be a number above 0, with at most ${rule.scale} decimal places.` };
}

/** The lots of a symbol, oldest first, as a sell takes them; `lock` holds them for the transaction. */
export async function lotsOf(db: Queryable, symbol: string, lock = false) {
  const query = db.select().from(holdings).where(eq(holdings.symbol, symbol)).orderBy(asc(holdings.purchaseDate), asc(holdings.id));
  return lock ? query.for('update') : query;
}

async function marketPrice(deps: ServiceDeps, symbol: string, assetType: 'stock' | 'crypto'): Promise<number | undefined> {
  const key = quoteKey({ symbol, kind: assetType });
  const quote = (await cachedQuotes(deps.db, [key])).get(key);
  return quote ? Number(quote.price) : undefined;
}

/**
 * Turns what the GP (or the model) asked for into an exact proposal: the quantity and price
 * checked, a market price and today's date filled in, and a sell checked against what is held.
 */
export async function prepareTrade(deps: ServiceDeps, draft: TradeDraft): Promise<Prepared> {
  const symbol = draft.symbol.trim().toUpperCase().replace(/-USD$/, '');
  if (!/^[A-Z0-9][A-Z0-9.-]{0,14}$/.test(symbol)) return refuse(`"${draft.symbol}" is not a ticker symbol I can trade.`);
  const checkedQuantity = amount(draft.quantity, QUANTITY, 'quantity');
  if ('refused' in checkedQuantity) return refuse(checkedQuantity.refused);
  const quantity = checkedQuantity.text;
  const checkedPrice = draft.price === null ? null : amount(draft.price, PRICE, 'price');
  if (checkedPrice !== null && 'refused' in checkedPrice) return refuse(checkedPrice.refused);
  const givenPrice = checkedPrice === null ? null : checkedPrice.text;

  if (draft.kind === 'sell') return prepareSell(deps, symbol, quantity, givenPrice);

  const held = (await lotsOf(deps.db, symbol))[0];
  const assetType = held?.assetType ?? draft.assetType ?? 'stock';
  const today = dayInNewYork(deps.now());
  const date = draft.date ?? today;
  if (!isCalendarDay(date)) return refuse(`${date} is not a date I can use; write it as YYYY-MM-DD.`);
  if (date > addDays(today, 1)) return refuse('A purchase date cannot be in the future.');
  const market = givenPrice === null ? await marketPrice(deps, symbol, assetType) : undefined;
  if (givenPrice === null && market === undefined) {
    return refuse(`I have no market price for ${symbol} yet. Tell me the price, for example "buy ${qty(quantity)} ${symbol} at 25.50".`);
  }
  const price = givenPrice ?? String(market);
  const total = Number(quantity) * Number(price);
  const proposal: TradeProposal = { kind: 'buy', symbol, assetType, quantity, price, atMarket: givenPrice === null, date };
  return {
    ok: true,
    proposal,
    message:
      `I will buy ${qty(quantity)} ${symbol} (${assetType}) at ${usd(Number(price))}${proposal.atMarket ? ', the current market price,' : ''} ` +
      `dated ${date}, for ${usd(total)} in total, as a new purchase lot. ${ASK}`,
  };
}

async function prepareSell(deps: ServiceDeps, symbol: string, quantity: string, givenPrice: string | null): Promise<Prepared> {
  const lots = await lotsOf(deps.db, symbol);
  if (lots.length === 0) return refuse(`The firm holds no ${symbol}, so there is nothing to sell.`);
  const held = lots.reduce((t, l) => t + Number(l.qty), 0);
  if (Number(quantity) > held + 1e-9) return refuse(`The firm holds only ${qty(held)} ${symbol}; I can't sell ${qty(quantity)}.`);
  const assetType = lots[0]?.assetType ?? 'stock';
  const market = givenPrice === null ? await marketPrice(deps, symbol, assetType) : undefined;
  if (givenPrice === null && market === undefined) {
    return refuse(`I have no market price for ${symbol} yet. Tell me the price, for example "sell ${qty(quantity)} ${symbol} at 25.50".`);
  }
  const price = givenPrice ?? String(market);
  const plan = fifoPlan(lots.map((l) => ({ id: l.id, qty: l.qty, purchaseDate: l.purchaseDate })), quantity);
  const steps = plan.map((s) => `${qty(s.take)} from the lot bought ${s.purchaseDate}`).join(', ');
  return {
    ok: true,
    proposal: { kind: 'sell', symbol, quantity, price, atMarket: givenPrice === null },
    message:
      `I will sell ${qty(quantity)} ${symbol} at ${usd(Number(price))}${givenPrice === null ? ', the current market price,' : ''} ` +
      `for ${usd(Number(quantity) * Number(price))}, taking the oldest lots first: ${steps}. ${ASK}`,
  };
}

export interface FifoStep {
  id: number;
  purchaseDate: string;
  /** Decimal text: how much of the lot is sold, and how much of it is left. */
  take: string;
  left: string;
}

/** Scales exact decimal text to integers of 1e-8, so lot arithmetic has no float error. */
const units = (text: string): bigint => {
  const [whole = '0', fraction = ''] = text.replace(/^-/, '').split('.');
  return BigInt(whole) * 100_000_000n + BigInt(fraction.padEnd(8, '0').slice(0, 8));
};
const text = (n: bigint): string => {
  const whole = n / 100_000_000n;
  const fraction = (n % 100_000_000n).toString().padStart(8, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
};

/** First in, first out: which lots a sell takes, oldest first, splitting the last where needed. */
export function fifoPlan(lots: readonly { id: number; qty: string; purchaseDate: string }[], quantity: string): FifoStep[] {
  let remaining = units(quantity);
  const steps: FifoStep[] = [];
  for (const lot of lots) {
    if (remaining <= 0n) break;
    const have = units(lot.qty);
    const take = have < remaining ? have : remaining;
    steps.push({ id: lot.id, purchaseDate: lot.purchaseDate, take: text(take), left: text(have - take) });
    remaining -= take;
  }
  return steps;
}

