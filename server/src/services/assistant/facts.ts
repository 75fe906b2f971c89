import { dec } from '../../domain/money';
import type { PortfolioTotals } from '../../domain/valuation';
import type { PortfolioEngine } from '../portfolio/engine';
import { pct, qty, usd } from '../../platform/format';

/**
 * Read-only answers about the portfolio, for the offline assistant and the model's tools: the
 * portfolio engine's figures, the same the dashboards show, as exact decimal text.
 */

export interface PositionFacts {
  symbol: string;
  assetType: string;
  quantity: string;
  lots: { quantity: string; pricePaid: string; purchaseDate: string }[];
  totalCost: string;
  averagePricePaid: string;
  lastPrice: string | null;
  value: string;
  gain: string;
  gainPct: string | null;
}

export interface FactsDeps {
  portfolio: PortfolioEngine;
}

export async function positions(deps: FactsDeps): Promise<PositionFacts[]> {
  const view = await deps.portfolio.current();
  return view.valuation.positions.map((p) => {
    return {
      symbol: p.symbol,
      assetType: p.assetType,
      quantity: p.qty,
      lots: p.lots.map((l) => ({ quantity: l.qty, pricePaid: l.pricePaid, purchaseDate: l.purchaseDate })),
      totalCost: p.cost,
      averagePricePaid: p.avgPricePaid,
      lastPrice: p.lastPrice,
      value: p.value,
      gain: p.gain,
      gainPct: p.gainPct,
    };
  });
}

export async function positionOf(deps: FactsDeps, symbol: string): Promise<PositionFacts | undefined> {
  return (await positions(deps)).find((p) => p.symbol === symbol.toUpperCase());
}

export async function totals(deps: FactsDeps): Promise<PortfolioTotals> {
  return (await deps.portfolio.current()).valuation.totals;
}

/** The offline assistant's sentences. */
export function describePosition(p: PositionFacts): string {
  const lots = p.lots.length === 1 ? 'one lot' : `${p.lots.length} lots`;
  const gain = dec(p.gain);
  const priced =
    p.lastPrice === null
      ? 'There is no market price for it yet.'
      : `At ${usd(p.lastPrice)} they are worth ${usd(p.value)}, a ${gain.gte(0) ? 'gain' : 'loss'} of ${usd(gain.abs().toFixed(2))} (${pct(p.gainPct ?? '0')}).`;
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
    `Total unrealized gains are ${usd(t.totalUnrealizedGain)}: liquid assets ${usd(t.liquidGain)}, ` +
    `venture ${usd(t.ventureGain)} and real estate ${usd(t.realEstateGain)} (rental income included). ` +
    `Realized gains this year are ${usd(t.realizedGainYearToDate)}.`
  );
}
