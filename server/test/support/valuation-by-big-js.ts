import { amountOf, centsText, dec, fixed, percentText, sum, ZERO, type Decimal } from '../../src/domain/money';
import {
  quoteKeyOf,
  type AssetFigures,
  type LotInput,
  type PortfolioInput,
  type PositionFigures,
  type PrivateAssetInput,
  type QuoteInput,
  type Valuation,
} from '../../src/domain/valuation';

/**
 * The portfolio's valuation as it was written with big.js before the lots' figures were computed in
 * integers (domain/scaled.ts): the reference valuation-in-integers.test.ts compares the product's
 * code with. Kept as it was; not used by the product.
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

function assetMoney(a: PrivateAssetInput) {
  const qty = dec(a.qty);
  return {
    id: a.id,
    cost: amountOf(qty, a.pricePaid),
    value: amountOf(qty, a.lastPriceAtDate),
    rent: dec(a.totalRentalIncome),
  };
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
