import { assetGain, gainPct, groupBySymbol, liquidGain, netAccountParts, netAccountValue, realEstateGain, type LotFigures, type NetAccountParts } from '../../domain/portfolio-math';
import type { ServiceDeps } from '../deps';
import { getBalances } from '../portfolio/balances';
import { listHoldings, type HoldingView } from '../portfolio/holdings';
import { listAssets } from '../portfolio/private-assets';
import { pct, qty, usd } from './format';

/** Read-only answers about the portfolio, for the offline assistant and the model's tools. */

export interface PositionFacts {
  symbol: string;
  assetType: string;
  quantity: number;
  lots: { quantity: number; pricePaid: number; purchaseDate: string }[];
  totalCost: number;
  averagePricePaid: number;
  lastPrice: number | null;
  value: number;
  gain: number;
  gainPct: number;
}

const figures = (lot: HoldingView): LotFigures & { assetType: string } => ({
  symbol: lot.symbol,
  qty: lot.qty,
  pricePaid: lot.price_paid,
  purchaseDate: lot.purchase_date,
  lastPrice: lot.lastPrice,
  change: lot.change,
  assetType: lot.asset_type,
});

export async function positions(deps: ServiceDeps): Promise<PositionFacts[]> {
  const lots = (await listHoldings(deps)).map(figures);
  return groupBySymbol(lots).map((g) => ({
    symbol: g.symbol,
    assetType: g.lots[0]?.assetType ?? 'stock',
    quantity: g.qty,
    lots: g.lots.map((l) => ({ quantity: l.qty, pricePaid: l.pricePaid, purchaseDate: l.purchaseDate })),
    totalCost: g.totalCost,
    averagePricePaid: g.avgPricePaid,
    lastPrice: g.lots[0]?.lastPrice ?? null,
    value: g.value,
    gain: g.totalGain,
    gainPct: g.totalGainPct,
  }));
}

export async function positionOf(deps: ServiceDeps, symbol: string): Promise<PositionFacts | undefined> {
  return (await positions(deps)).find((p) => p.symbol === symbol.toUpperCase());
}

export interface PortfolioTotals extends NetAccountParts {
  netAccountValue: number;
  liquidGain: number;
  ventureGain: number;
  realEstateGain: number;
  totalUnrealizedGains: number;
}

export async function totals(deps: ServiceDeps): Promise<PortfolioTotals> {
  const [lots, ventures, properties, balances] = await Promise.all([
    listHoldings(deps),
    listAssets(deps, 'venture'),
    listAssets(deps, 'real_estate'),
    getBalances(deps),
  ]);
  const liquid = lots.map(figures);
  const asFigures = (a: { qty: number; price_paid: number; last_price_at_date: number }) => ({ qty: a.qty, pricePaid: a.price_paid, lastPrice: a.last_price_at_date });
  const parts = netAccountParts(
    liquid,
    ventures.map(asFigures),
    properties.map((p) => ({ ...asFigures(p), totalRentalIncome: p.total_rental_income })),
    { cashAvailable: balances.cash_available, marginDebit: balances.margin_debit },
  );
  const gains = {
    liquidGain: liquidGain(liquid),
    ventureGain: ventures.reduce((t, v) => t + assetGain(asFigures(v)), 0),
    realEstateGain: properties.reduce((t, p) => t + realEstateGain({ ...asFigures(p), totalRentalIncome: p.total_rental_income }), 0),
  };
  return {
    ...parts,
    netAccountValue: netAccountValue(parts),
    ...gains,
    totalUnrealizedGains: gains.liquidGain + gains.ventureGain + gains.realEstateGain,
  };
}

/** The offline assistant's sentences. */
export function describePosition(p: PositionFacts): string {
  const lots = p.lots.length === 1 ? 'one lot' : `${p.lots.length} lots`;
  const priced =
    p.lastPrice === null
      ? 'There is no market price for it yet.'
      : `At ${usd(p.lastPrice)} they are worth ${usd(p.value)}, a ${p.gain >= 0 ? 'gain' : 'loss'} of ${usd(Math.abs(p.gain))} (${pct(gainPct(p.gain, p.totalCost))}).`;
  return `The firm holds ${qty(p.quantity)} ${p.symbol} in ${lots}, bought at an average of ${usd(p.averagePricePaid)} (${usd(p.totalCost)} in total). ${priced}`;
}

export function describePositions(list: PositionFacts[]): string {
  if (list.length === 0) return 'The firm holds no stocks or crypto right now.';
  const lines = list.map((p) => `${p.symbol}: ${qty(p.quantity)} (${usd(p.value)})`);
  return `The firm holds ${list.length} positions: ${lines.join('; ')}.`;
}

export function describeValue(t: PortfolioTotals): string {
  return (
    `The net account value is ${usd(t.netAccountValue)}: liquid assets ${usd(t.liquidValue)}, venture ${usd(t.ventureValue)}, ` +
    `real estate ${usd(t.realEstateValue)} plus ${usd(t.totalRentalIncome)} of rental income, cash ${usd(t.cashAvailable)}, ` +
    `less a margin debit of ${usd(t.marginDebit)}.`
  );
}

export function describeGains(t: PortfolioTotals): string {
  return (
    `Total unrealized gains are ${usd(t.totalUnrealizedGains)}: liquid assets ${usd(t.liquidGain)}, ` +
    `venture ${usd(t.ventureGain)} and real estate ${usd(t.realEstateGain)} (rental income included).`
  );
}
