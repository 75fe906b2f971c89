import type { AssetType } from '../contract/asset-rules';
import { amountOf, centsText, dec, fixed, hundredthsText, percentText, scaledText, sum, type Decimal } from './money';
import { amountCents, atPlaces, centsOf, percentOfCents, plainOf, pow10, scaledOf, type Scaled } from './scaled';

/**
 * The portfolio valued once: every figure the dashboards, the REST paths, the assistant and the
 * snapshots show. Money is rounded to cents once, where a quantity times a price becomes money
 * (a lot's value and day's gain, an asset's value and cost); everything above that is sums and
 * differences of cents, so parts always add up to their totals. Percentages are computed from
 * those cents and rounded to the 2 decimals shown. All figures leave as decimal text.
 */

export interface LotInput {
  id: number;
  symbol: string;
  assetType: AssetType;
  exchange: string | null;
  qty: string;
  pricePaid: string;
  /** Cents: qty × price paid when bought, less the basis of any part sold since. */
  costBasis: string;
  purchaseDate: string;
}

/** The cached quote of a symbol, as far as the figures need it. */
export interface QuoteInput {
  lastPrice: string;
  /** Today's change per unit. */
  change: string;
}

export interface PrivateAssetInput {
  id: number;
  qty: string;
  pricePaid: string;
  lastPriceAtDate: string;
  dividendDollar: string;
  dividendPct: string;
  totalRentalIncome: string;
  monthlyRentalIncome: string;
}

export interface BalancesInput {
  cashAvailable: string;
  marginDebit: string;
  accountsReceivable: string;
}

export interface PortfolioInput {
  lots: readonly LotInput[];
  /** By the lot's symbol and asset type, see `quoteKeyOf`. */
  quotes: ReadonlyMap<string, QuoteInput>;
  ventures: readonly PrivateAssetInput[];
  properties: readonly PrivateAssetInput[];
  balances: BalancesInput;
  /** Realized gains from the ledger, in cents. */
  realized: { yearToDate: string; allTime: string };
  /** Dividends paid (gross) and tax withheld on them, by pay date, in cents; none when absent. */
  dividends?: { grossYearToDate: string; grossAllTime: string; taxYearToDate: string; taxAllTime: string } | undefined;
}

/** What a lot and a position are worth, each figure as exact decimal text. */
interface HeldFigures {
  cost: string;
  value: string;
  dayGain: string;
  gain: string;
  gainPct: string | null;
  /** The share of the liquid value. */
  pctOfPortfolio: string | null;
}

export interface LotFigures extends HeldFigures {
  id: number;
  qty: string;
  pricePaid: string;
  purchaseDate: string;
}

export interface PositionFigures extends HeldFigures {
  symbol: string;
  assetType: AssetType;
  exchange: string | null;
  /** False until the quote cache has a price: the lots are then valued at what was paid. */
  priced: boolean;
  /** The quote's price, as cached; null before there is one. */
  lastPrice: string | null;
  qty: string;
  avgPricePaid: string;
  /** Oldest first. */
  lots: LotFigures[];
}

export interface AssetFigures {
  id: number;
  cost: string;
  value: string;
  /** The value with the rent earned (real estate's Total Value); the value for a venture. */
  totalValue: string;
  gain: string;
  gainPct: string | null;
}

export interface PortfolioTotals {
  liquidCost: string;
  liquidValue: string;
  liquidGain: string;
  liquidGainPct: string | null;
  /** The Liquid Assets TOTAL row's value (docs/product.md §2): liquid value + cash + receivables − margin debit. */
  liquidTableTotal: string;
  dayGain: string;
  ventureCost: string;
  ventureValue: string;
  ventureGain: string;
  ventureGainPct: string | null;
  ventureDividendDollar: string;
  /** Value-weighted. */
  ventureDividendPct: string | null;
  realEstateCost: string;
  /** Market value, without rent. */
  realEstateValue: string;
  totalRentalIncome: string;
  /** Market value + rental income, as the net account value counts real estate. */
  realEstateTotalValue: string;
  realEstateGain: string;
  realEstateGainPct: string | null;
  monthlyRentalIncome: string;
  /** 12 × the monthly total (docs/product.md §9). */
  annualRentalIncome: string;
  cashAvailable: string;
  marginDebit: string;
  accountsReceivable: string;
  /** Liquid + venture + real estate value + rental income + cash − margin debit (docs/product.md §3). */
  netAccountValue: string;
  /** Liquid + venture + real estate gains. */
  totalUnrealizedGain: string;
  realizedGainYearToDate: string;
  realizedGainAllTime: string;
  /** Dividend income before tax, paid this year (by pay date) and in all. */
  dividendIncomeYearToDate: string;
  dividendIncomeAllTime: string;
  /** Tax withheld on those dividends. */
  dividendTaxYearToDate: string;
  dividendTaxAllTime: string;
}

export interface Valuation {
  positions: PositionFigures[];
  ventures: AssetFigures[];
  properties: AssetFigures[];
  totals: PortfolioTotals;
}

export const quoteKeyOf = (lot: { symbol: string; assetType: AssetType }): string =>
  lot.assetType === 'crypto' ? `${lot.symbol}-USD` : lot.symbol;

/** part ÷ whole × 100 at 2 places, half up; null without a whole (integer arithmetic: docs/decisions/0022). */
const pct = percentText;

/** A lot's money as integers at the valuation's places (domain/scaled.ts): the same figures as big.js, for 20,000 lots on every change. */
interface LotMoney {
  lot: LotInput;
  qty: Scaled;
  cost: bigint;
  value: bigint;
  dayGain: bigint;
}

const NO_CENTS = BigInt(0);

/**
 * Money is in cents; a cost basis is stored in cents but its column has no scale, so the lots'
 * money is kept at the most places any cost has (2 as the books keep them), and shown at cents.
 */
function lotMoney(lot: LotInput, places: number, quote: Scaled[] | undefined): LotMoney {
  return atQuote({ lot, qty: scaledOf(lot.qty), cost: atPlaces(scaledOf(lot.costBasis), places) }, places, quote);
}

/** A lot's value and day's gain at a quote, from its quantity and cost. */
function atQuote(held: Pick<LotMoney, 'lot' | 'qty' | 'cost'>, places: number, quote: Scaled[] | undefined): LotMoney {
  const toPlaces = pow10(places - 2);
  // A lot without a quote yet is valued at what it cost, so it neither adds nor removes gains.
  const value = quote ? amountCents(held.qty, quote[0]!) * toPlaces : held.cost;
  const dayGain = quote ? amountCents(held.qty, quote[1]!) * toPlaces : NO_CENTS;
  return { lot: held.lot, qty: held.qty, cost: held.cost, value, dayGain };
}

function assetMoney(a: PrivateAssetInput) {
  const qty = dec(a.qty);
  return {
    id: a.id,
    cost: amountOf(qty, a.pricePaid),
    value: amountOf(qty, a.lastPriceAtDate),
    rent: dec(a.totalRentalIncome),
  };
}

function sumCents(lots: readonly LotMoney[], figure: 'cost' | 'value' | 'dayGain'): bigint {
  let total = NO_CENTS;
  for (const l of lots) total += l[figure];
  return total;
}

/** The sum of the lots' quantities, exact at the most places any of them has. */
function sumQty(lots: readonly LotMoney[]): Decimal {
  let places = 0;
  for (const l of lots) if (l.qty.places > places) places = l.qty.places;
  let total = NO_CENTS;
  for (const l of lots) total += atPlaces(l.qty, places);
  return dec(plainOf({ n: total, places }));
}

const byDateThenId = (a: LotMoney, b: LotMoney): number =>
  a.lot.purchaseDate < b.lot.purchaseDate ? -1 : a.lot.purchaseDate > b.lot.purchaseDate ? 1 : a.lot.id - b.lot.id;

/** One symbol's lots valued, kept so that the next valuation can take it as it is when neither changed. */
interface SymbolFigures {
  lots: readonly LotInput[];
  /** The quote each of its lots was valued at, by quote key. */
  quotes: ReadonlyMap<string, QuoteInput | undefined>;
  places: number;
  /** Oldest first. */
  money: LotMoney[];
  /** Each lot's figures but its share of the liquid value, oldest first. */
  figures: Omit<LotFigures, 'pctOfPortfolio'>[];
  cost: bigint;
  value: bigint;
  dayGain: bigint;
  /** Its position's figures that do not depend on the liquid value, made when first shown. */
  shown?: Omit<PositionFigures, 'pctOfPortfolio' | 'lots'>;
}

/** The stocks and crypto valued: the positions with their lots, and the sums the totals start from. */
export interface LiquidFigures {
  positions: PositionFigures[];
  value: Decimal;
  cost: Decimal;
  dayGain: Decimal;
  /** What was valued, and what the next valuation may reuse of it. */
  input: Pick<PortfolioInput, 'lots' | 'quotes'>;
  symbols: ReadonlyMap<string, SymbolFigures>;
  valueAtPlaces: bigint;
}

const LOT_FIELDS = ['id', 'symbol', 'assetType', 'exchange', 'qty', 'pricePaid', 'costBasis', 'purchaseDate'] as const;

function sameLots(a: readonly LotInput[], b: readonly LotInput[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    // The engine hands the same lot objects while their rows are unchanged.
    if (x === y) continue;
    for (const field of LOT_FIELDS) if (x[field] !== y[field]) return false;
  }
  return true;
}

function sameQuote(a: QuoteInput | undefined, b: QuoteInput | undefined): boolean {
  return a === b || (a !== undefined && b !== undefined && a.lastPrice === b.lastPrice && a.change === b.change);
}

function sameQuotes(a: ReadonlyMap<string, QuoteInput>, b: ReadonlyMap<string, QuoteInput>): boolean {
  if (a.size !== b.size) return false;
  for (const [key, q] of a) if (!sameQuote(q, b.get(key))) return false;
  return true;
}

/** Decimal places of decimal text ("12.50" → 2), without making a BigInt of every cost. */
function placesOf(text: string): number {
  if (text.includes('e') || text.includes('E')) return scaledOf(text).places;
  const point = text.indexOf('.');
  return point < 0 ? 0 : text.length - point - 1;
}

/**
 * The lots valued at the quotes; it depends on nothing else, so a change of cash can keep it. With
 * `previous` (the valuation of the books before a change): the same lots (the same array, as the
 * engine keeps it while they are unchanged) at the same quotes are `previous` itself; else a symbol
 * whose lots and quote are as they were keeps its figures: a sale revalues one symbol, not 20,000 lots.
 */
export function valueLiquid(input: Pick<PortfolioInput, 'lots' | 'quotes'>, previous?: LiquidFigures): LiquidFigures {
  const steps = liquidSteps(input, previous);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * `valueLiquid` with the event loop given a turn every `SLICE_MS` (`pause`): after a quote refresh at
 * 20,000 lots every symbol is valued again, about 33 ms in one turn otherwise.
 */
export async function valueLiquidInSlices(
  input: Pick<PortfolioInput, 'lots' | 'quotes'>,
  previous: LiquidFigures | undefined,
  slice: { over(): boolean; pause(): Promise<void> },
): Promise<LiquidFigures> {
  const steps = liquidSteps(input, previous);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    if (slice.over()) await slice.pause();
  }
}

/** valueLiquid's work, stopping after each symbol valued and each position made. */
function* liquidSteps(input: Pick<PortfolioInput, 'lots' | 'quotes'>, previous?: LiquidFigures): Generator<void, LiquidFigures> {
  if (previous && previous.input.lots === input.lots && sameQuotes(previous.input.quotes, input.quotes)) return previous;
  let places = 2;
  for (const lot of input.lots) {
    const p = placesOf(lot.costBasis);
    if (p > places) places = p;
  }
  const unit = pow10(places - 2);
  // `centsText` of a figure at `places`: "-0.00" for a negative one that rounds to zero, as big.js shows it.
  const money = (n: bigint): string => (places === 2 ? centsOf(n) : hundredthsText(n, unit, true));
  const bySymbol = new Map<string, LotInput[]>();
  for (const lot of input.lots) {
    const group = bySymbol.get(lot.symbol);
    if (group) group.push(lot);
    else bySymbol.set(lot.symbol, [lot]);
  }
  const scaledQuotes = new Map<string, Scaled[]>();
  const scaledQuote = (key: string): Scaled[] | undefined => {
    const q = input.quotes.get(key);
    if (!q) return undefined;
    let scaled = scaledQuotes.get(key);
    if (!scaled) scaledQuotes.set(key, (scaled = [scaledOf(q.lastPrice), scaledOf(q.change)]));
    return scaled;
  };

  const symbols = new Map<string, SymbolFigures>();
  let liquidValueCents = NO_CENTS;
  let liquidCostCents = NO_CENTS;
  let dayGainCents = NO_CENTS;
  for (const [symbol, lots] of bySymbol) {
    const quotes = new Map<string, QuoteInput | undefined>();
    for (const lot of lots) quotes.set(quoteKeyOf(lot), input.quotes.get(quoteKeyOf(lot)));
    const before = previous?.symbols.get(symbol);
    const sameLotsAsBefore = before !== undefined && before.places === places && sameLots(before.lots, lots);
    let figures: SymbolFigures;
    if (
      sameLotsAsBefore &&
      before.quotes.size === quotes.size &&
      [...quotes].every(([key, q]) => before.quotes.has(key) && sameQuote(before.quotes.get(key), q))
    ) {
      figures = before;
    } else if (sameLotsAsBefore) {
      // The same lots at a new quote (a refresh): their quantities, costs and texts are as they were.
      const held = before.money.map((m) => atQuote(m, places, scaledQuote(quoteKeyOf(m.lot))));
      figures = {
        lots,
        quotes,
        places,
        money: held,
        figures: held.map(({ cost: c, value: v, dayGain: d }, i) => ({
          ...before.figures[i]!,
          value: money(v),
          dayGain: money(d),
          gain: money(v - c),
          gainPct: percentOfCents(v - c, c),
        })),
        cost: before.cost,
        value: sumCents(held, 'value'),
        dayGain: sumCents(held, 'dayGain'),
      };
    } else {
      const held = lots.map((lot) => lotMoney(lot, places, scaledQuote(quoteKeyOf(lot)))).sort(byDateThenId);
      figures = {
        lots,
        quotes,
        places,
        money: held,
        figures: held.map(({ lot, qty: q, cost: c, value: v, dayGain: d }) => ({
          id: lot.id,
          qty: plainOf(q),
          pricePaid: plainOf(scaledOf(lot.pricePaid)),
          purchaseDate: lot.purchaseDate,
          cost: money(c),
          value: money(v),
          dayGain: money(d),
          gain: money(v - c),
          gainPct: percentOfCents(v - c, c),
        })),
        cost: sumCents(held, 'cost'),
        value: sumCents(held, 'value'),
        dayGain: sumCents(held, 'dayGain'),
      };
    }
    symbols.set(symbol, figures);
    liquidValueCents += figures.value;
    liquidCostCents += figures.cost;
    dayGainCents += figures.dayGain;
    yield;
  }
  const asDecimal = (n: bigint): Decimal => dec(scaledText(n, places));
  const liquidValue = asDecimal(liquidValueCents);
  const liquidCost = asDecimal(liquidCostCents);
  const dayGain = asDecimal(dayGainCents);
  const keptPositions = new Map((previous?.positions ?? []).map((p) => [p.symbol, p]));

  const positions: PositionFigures[] = [];
  for (const held of symbols.values()) {
    const kept = keptPositions.get(held.money[0]!.lot.symbol);
    // Nothing of it changed, nor the liquid value its shares are of.
    if (kept && previous?.symbols.get(kept.symbol) === held && previous.valueAtPlaces === liquidValueCents) {
      positions.push(kept);
      continue;
    }
    const lots = held.money;
    // Only the shares of the liquid value move with it; the rest is the symbol's, made once.
    held.shown ??= shownOf(held, input.quotes, money, asDecimal);
    positions.push({
      ...held.shown,
      pctOfPortfolio: percentOfCents(held.value, liquidValueCents),
      lots: held.figures.map((f, i) => ({ ...f, pctOfPortfolio: percentOfCents(lots[i]!.value, liquidValueCents) })),
    });
    yield;
  }
  positions.sort((a, b) => (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0));
  return { positions, value: liquidValue, cost: liquidCost, dayGain, input, symbols, valueAtPlaces: liquidValueCents };
}

/** A position's figures but its share of the liquid value and its lots. */
function shownOf(
  held: SymbolFigures,
  quotes: ReadonlyMap<string, QuoteInput>,
  money: (n: bigint) => string,
  asDecimal: (n: bigint) => Decimal,
): Omit<PositionFigures, 'pctOfPortfolio' | 'lots'> {
  const first = held.money[0]!.lot;
  const qty = sumQty(held.money);
  const gainCents = held.value - held.cost;
  const cost = asDecimal(held.cost);
  return {
    symbol: first.symbol,
    assetType: first.assetType,
    exchange: first.exchange,
    priced: quotes.has(quoteKeyOf(first)),
    lastPrice: quotes.get(quoteKeyOf(first))?.lastPrice ?? null,
    qty: qty.toFixed(),
    avgPricePaid: qty.eq(0) ? '0' : fixed(cost.div(qty), 8),
    cost: money(held.cost),
    value: money(held.value),
    dayGain: money(held.dayGain),
    gain: money(gainCents),
    gainPct: percentOfCents(gainCents, held.cost),
  };
}

/** Every figure of the books; `liquid`, when given, is `valueLiquid` of these same lots and quotes. */
export function valuePortfolio(input: PortfolioInput, liquid: LiquidFigures = valueLiquid(input)): Valuation {
  const { positions, value: liquidValue, cost: liquidCost, dayGain } = liquid;
  const ventures = input.ventures.map(assetMoney);
  const properties = input.properties.map(assetMoney);
  const ventureCost = sum(ventures.map((v) => v.cost));
  const ventureValue = sum(ventures.map((v) => v.value));
  const ventureGain = ventureValue.minus(ventureCost);
  const weighted = sum(input.ventures.map((v, i) => ventures[i]!.value.times(dec(v.dividendPct))));
  const realEstateCost = sum(properties.map((p) => p.cost));
  const realEstateValue = sum(properties.map((p) => p.value));
  const rent = sum(properties.map((p) => p.rent));
  const realEstateGain = realEstateValue.minus(realEstateCost).plus(rent);
  const monthly = sum(input.properties.map((p) => dec(p.monthlyRentalIncome)));

  const cash = dec(input.balances.cashAvailable);
  const margin = dec(input.balances.marginDebit);
  const liquidGain = liquidValue.minus(liquidCost);
  const net = liquidValue.plus(ventureValue).plus(realEstateValue).plus(rent).plus(cash).minus(margin);

  return {
    positions,
    ventures: ventures.map((v) => assetFigures(v.id, v.cost, v.value, v.value, v.value.minus(v.cost))),
    properties: properties.map((p) => assetFigures(p.id, p.cost, p.value, p.value.plus(p.rent), p.value.minus(p.cost).plus(p.rent))),
    totals: {
      liquidCost: centsText(liquidCost),
      liquidValue: centsText(liquidValue),
      liquidGain: centsText(liquidGain),
      liquidGainPct: pct(liquidGain, liquidCost),
      liquidTableTotal: centsText(liquidValue.plus(cash).plus(dec(input.balances.accountsReceivable)).minus(margin)),
      dayGain: centsText(dayGain),
      ventureCost: centsText(ventureCost),
      ventureValue: centsText(ventureValue),
      ventureGain: centsText(ventureGain),
      ventureGainPct: pct(ventureGain, ventureCost),
      ventureDividendDollar: centsText(sum(input.ventures.map((v) => dec(v.dividendDollar)))),
      ventureDividendPct: ventureValue.eq(0) ? null : fixed(weighted.div(ventureValue), 2),
      realEstateCost: centsText(realEstateCost),
      realEstateValue: centsText(realEstateValue),
      totalRentalIncome: centsText(rent),
      realEstateTotalValue: centsText(realEstateValue.plus(rent)),
      realEstateGain: centsText(realEstateGain),
      realEstateGainPct: pct(realEstateGain, realEstateCost),
      monthlyRentalIncome: centsText(monthly),
      annualRentalIncome: centsText(monthly.times(12)),
      cashAvailable: centsText(cash),
      marginDebit: centsText(margin),
      accountsReceivable: centsText(dec(input.balances.accountsReceivable)),
      netAccountValue: centsText(net),
      totalUnrealizedGain: centsText(liquidGain.plus(ventureGain).plus(realEstateGain)),
      realizedGainYearToDate: centsText(dec(input.realized.yearToDate)),
      realizedGainAllTime: centsText(dec(input.realized.allTime)),
      dividendIncomeYearToDate: centsText(dec(input.dividends?.grossYearToDate ?? '0')),
      dividendIncomeAllTime: centsText(dec(input.dividends?.grossAllTime ?? '0')),
      dividendTaxYearToDate: centsText(dec(input.dividends?.taxYearToDate ?? '0')),
      dividendTaxAllTime: centsText(dec(input.dividends?.taxAllTime ?? '0')),
    },
  };
}

function assetFigures(id: number, cost: Decimal, value: Decimal, totalValue: Decimal, gain: Decimal): AssetFigures {
  return {
    id,
    cost: centsText(cost),
    value: centsText(value),
    totalValue: centsText(totalValue),
    gain: centsText(gain),
    gainPct: pct(gain, cost),
  };
}
