/**
 * SPEC §3's derived figures, written once: the dashboards show them and the server's daily
 * snapshots store them. Pure functions over plain numbers.
 */

export interface LotFigures {
  symbol: string;
  qty: number;
  pricePaid: number;
  purchaseDate: string;
  /** Null until the quote cache has a price for the symbol. */
  lastPrice: number | null;
  /** Today's change per unit, null without a quote. */
  change: number | null;
}

export interface PrivateAssetFigures {
  qty: number;
  pricePaid: number;
  lastPrice: number;
}

export interface RealEstateFigures extends PrivateAssetFigures {
  totalRentalIncome: number;
}

const sum = (values: readonly number[]): number => values.reduce((total, v) => total + v, 0);

/** A lot without a quote yet is valued at what was paid, so it neither adds nor removes gains. */
export const markPrice = (lot: LotFigures): number => lot.lastPrice ?? lot.pricePaid;

export const lotCost = (lot: LotFigures): number => lot.qty * lot.pricePaid;
export const lotValue = (lot: LotFigures): number => lot.qty * markPrice(lot);
export const lotGain = (lot: LotFigures): number => lotValue(lot) - lotCost(lot);
export const lotDayGain = (lot: LotFigures): number => lot.qty * (lot.change ?? 0);

/** Gain % = gain / cost × 100; zero when nothing was paid. */
export const gainPct = (gain: number, cost: number): number => (cost === 0 ? 0 : (gain / cost) * 100);

/** % of portfolio = value / total liquid value (× 100). */
export const pctOfPortfolio = (value: number, totalLiquidValue: number): number =>
  totalLiquidValue === 0 ? 0 : (value / totalLiquidValue) * 100;

export interface SymbolGroup {
  symbol: string;
  /** Lots oldest first. */
  lots: LotFigures[];
  qty: number;
  totalCost: number;
  /** Average price paid = total cost / total qty. */
  avgPricePaid: number;
  value: number;
  dayGain: number;
  totalGain: number;
  totalGainPct: number;
}

/** The liquid table's parent rows: one per symbol, its lots sorted by purchase date. */
export function groupBySymbol<L extends LotFigures>(lots: readonly L[]): (SymbolGroup & { lots: L[] })[] {
  const bySymbol = new Map<string, L[]>();
  for (const lot of lots) bySymbol.set(lot.symbol, [...(bySymbol.get(lot.symbol) ?? []), lot]);
  return [...bySymbol.entries()].map(([symbol, group]) => {
    const sorted = [...group].sort((a, b) => a.purchaseDate.localeCompare(b.purchaseDate));
    const qty = sum(sorted.map((l) => l.qty));
    const totalCost = sum(sorted.map(lotCost));
    const value = sum(sorted.map(lotValue));
    const totalGain = value - totalCost;
    return {
      symbol,
      lots: sorted,
      qty,
      totalCost,
      avgPricePaid: qty === 0 ? 0 : totalCost / qty,
      value,
      dayGain: sum(sorted.map(lotDayGain)),
      totalGain,
      totalGainPct: gainPct(totalGain, totalCost),
    };
  });
}

export const liquidValue = (lots: readonly LotFigures[]): number => sum(lots.map(lotValue));
export const liquidGain = (lots: readonly LotFigures[]): number => sum(lots.map(lotGain));
/** Day's gains = Σ change × qty. */
export const daysGain = (lots: readonly LotFigures[]): number => sum(lots.map(lotDayGain));

/** Value = qty × last price. */
export const assetValue = (a: PrivateAssetFigures): number => a.qty * a.lastPrice;
export const assetCost = (a: PrivateAssetFigures): number => a.qty * a.pricePaid;
export const assetGain = (a: PrivateAssetFigures): number => assetValue(a) - assetCost(a);
/** A property's gain counts the rent it has earned as well as its change in price. */
export const realEstateGain = (a: RealEstateFigures): number => assetGain(a) + a.totalRentalIncome;

/** Value-weighted average of a percentage (the venture dividend % total). */
export function valueWeightedPct(rows: readonly { value: number; pct: number }[]): number {
  const total = sum(rows.map((r) => r.value));
  return total === 0 ? 0 : sum(rows.map((r) => r.value * r.pct)) / total;
}

/** SPEC §9: the annual rental income total is 12 × the monthly total. */
export const annualFromMonthly = (monthly: number): number => 12 * monthly;

/** Market cap is stored in millions and shown in billions. */
export const marketCapBillions = (millions: number | null): number | null => (millions === null ? null : millions / 1000);

export interface NetAccountParts {
  liquidValue: number;
  ventureValue: number;
  realEstateValue: number;
  totalRentalIncome: number;
  cashAvailable: number;
  marginDebit: number;
}

/** The parts of the net account value, from the lots, the private assets and the balances. */
export function netAccountParts(
  lots: readonly LotFigures[],
  ventures: readonly PrivateAssetFigures[],
  properties: readonly RealEstateFigures[],
  balances: { cashAvailable: number; marginDebit: number },
): NetAccountParts {
  return {
    liquidValue: liquidValue(lots),
    ventureValue: sum(ventures.map(assetValue)),
    realEstateValue: sum(properties.map(assetValue)),
    totalRentalIncome: sum(properties.map((p) => p.totalRentalIncome)),
    cashAvailable: balances.cashAvailable,
    marginDebit: balances.marginDebit,
  };
}

/** Net account value = liquid + venture + (real estate market value + rental income) + cash − margin debit. */
export const netAccountValue = (p: NetAccountParts): number =>
  p.liquidValue + p.ventureValue + p.realEstateValue + p.totalRentalIncome + p.cashAvailable - p.marginDebit;

/** Total unrealized gains = liquid + venture + real estate gains. */
export function totalUnrealizedGains(
  lots: readonly LotFigures[],
  ventures: readonly PrivateAssetFigures[],
  properties: readonly RealEstateFigures[],
): number {
  return liquidGain(lots) + sum(ventures.map(assetGain)) + sum(properties.map(realEstateGain));
}
