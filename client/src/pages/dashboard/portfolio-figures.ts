import {
  daysGain,
  netAccountParts,
  netAccountValue,
  totalUnrealizedGains,
  type LotFigures,
  type NetAccountParts,
  type PrivateAssetFigures,
  type RealEstateFigures,
} from '../../../../server/src/domain/portfolio-math';
import type { Balances, Holding, RealEstateAsset, VentureAsset } from './portfolio-types';

/** The domain module's view of a lot. */
export function lotFigures(holding: Holding): LotFigures {
  return {
    symbol: holding.symbol,
    qty: holding.qty,
    pricePaid: holding.price_paid,
    purchaseDate: holding.purchase_date,
    lastPrice: holding.lastPrice,
    change: holding.change,
  };
}

export const ventureFigures = (a: VentureAsset): PrivateAssetFigures => ({ qty: a.qty, pricePaid: a.price_paid, lastPrice: a.last_price_at_date });

export const realEstateFigures = (a: RealEstateAsset): RealEstateFigures => ({
  qty: a.qty,
  pricePaid: a.price_paid,
  lastPrice: a.last_price_at_date,
  totalRentalIncome: a.total_rental_income,
});

export interface DashboardFigures {
  parts: NetAccountParts;
  netAccountValue: number;
  totalUnrealizedGains: number;
  daysGain: number;
}

/** SPEC §3's three stat-card figures and the parts the allocation chart shows. */
export function dashboardFigures(holdings: readonly Holding[], ventures: readonly VentureAsset[], properties: readonly RealEstateAsset[], balances: Balances): DashboardFigures {
  const lots = holdings.map(lotFigures);
  const ventureRows = ventures.map(ventureFigures);
  const propertyRows = properties.map(realEstateFigures);
  const parts = netAccountParts(lots, ventureRows, propertyRows, { cashAvailable: balances.cash_available, marginDebit: balances.margin_debit });
  return {
    parts,
    netAccountValue: netAccountValue(parts),
    totalUnrealizedGains: totalUnrealizedGains(lots, ventureRows, propertyRows),
    daysGain: daysGain(lots),
  };
}
