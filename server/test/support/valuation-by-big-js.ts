import { amountOf, centsText, dec, fixed, percentText, sum, ZERO, type Decimal } from '../../src/domain/money';
import {
  quoteKeyOf,
  valuePortfolio,
  type LotInput,
  type PortfolioInput,
  type PositionFigures,
  type QuoteInput,
  type Valuation,
} from '../../src/domain/valuation';

/**
 * The lots' and positions' figures as they were written with big.js before they were computed in
 * integers (domain/scaled.ts): the reference valuation-in-integers.test.ts compares the product's
 * code with. Kept as it was; not used by the product. (It offers no lots, symbols or value for a
 * valuation to keep.)
 */
const pct = percentText;

interface LotMoney {
  lot: LotInput;
  cost: Decimal;
  value: Decimal;
  dayGain: Decimal;
}

function lotMoney(lot: LotInput, quote: QuoteInput | undefined): LotMoney {
  const qty = dec(lot.qty);
  const cost = dec(lot.costBasis);
  // A lot without a quote yet is valued at what it cost, so it neither adds nor removes gains.
  const value = quote ? amountOf(qty, quote.lastPrice) : cost;
  const dayGain = quote ? amountOf(qty, quote.change) : ZERO;
  return { lot, cost, value, dayGain };
}

export function valuePortfolioByBigJs(input: PortfolioInput): Valuation {
  const bySymbol = new Map<string, LotMoney[]>();
  for (const lot of input.lots) {
    const money = lotMoney(lot, input.quotes.get(quoteKeyOf(lot)));
    const group = bySymbol.get(lot.symbol);
    if (group) group.push(money);
    else bySymbol.set(lot.symbol, [money]);
  }
  const groups = [...bySymbol.values()].map((lots) =>
    lots.sort((a, b) => a.lot.purchaseDate.localeCompare(b.lot.purchaseDate) || a.lot.id - b.lot.id),
  );
  const liquidValue = sum(groups.flatMap((g) => g.map((l) => l.value)));
  const liquidCost = sum(groups.flatMap((g) => g.map((l) => l.cost)));
  const dayGain = sum(groups.flatMap((g) => g.map((l) => l.dayGain)));

  const positions = groups.map((lots): PositionFigures => {
    const first = lots[0]!.lot;
    const qty = sum(lots.map((l) => dec(l.lot.qty)));
    const cost = sum(lots.map((l) => l.cost));
    const value = sum(lots.map((l) => l.value));
    const gain = value.minus(cost);
    return {
      symbol: first.symbol,
      assetType: first.assetType,
      exchange: first.exchange,
      priced: input.quotes.has(quoteKeyOf(first)),
      lastPrice: input.quotes.get(quoteKeyOf(first))?.lastPrice ?? null,
      qty: qty.toFixed(),
      avgPricePaid: qty.eq(0) ? '0' : fixed(cost.div(qty), 8),
      cost: centsText(cost),
      value: centsText(value),
      dayGain: centsText(sum(lots.map((l) => l.dayGain))),
      gain: centsText(gain),
      gainPct: pct(gain, cost),
      pctOfPortfolio: pct(value, liquidValue),
      lots: lots.map(({ lot, cost: c, value: v, dayGain: d }) => ({
        id: lot.id,
        qty: dec(lot.qty).toFixed(),
        pricePaid: dec(lot.pricePaid).toFixed(),
        purchaseDate: lot.purchaseDate,
        cost: centsText(c),
        value: centsText(v),
        dayGain: centsText(d),
        gain: centsText(v.minus(c)),
        gainPct: pct(v.minus(c), c),
        pctOfPortfolio: pct(v, liquidValue),
      })),
    };
  });
  positions.sort((a, b) => (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0));
  // The totals above the liquid figures were not changed by the integers: the product's own code.
  const nothingToKeep = { input: { lots: [], quotes: new Map() }, symbols: new Map(), valueAtPlaces: BigInt(-1) };
  return valuePortfolio(input, { positions, value: liquidValue, cost: liquidCost, dayGain, ...nothingToKeep });
}
