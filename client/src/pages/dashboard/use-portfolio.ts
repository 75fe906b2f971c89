import { useMemo } from 'react';
import { trpc } from '../../api/trpc';
import { dashboardFigures, type DashboardFigures } from './portfolio-figures';
import type { Balances, Holding, Prediction, RealEstateAsset, VentureAsset } from './portfolio-types';
import { HOLDINGS_REFRESH_MS } from './refresh';

export interface Portfolio {
  holdings: Holding[];
  predictions: Prediction[];
  ventures: VentureAsset[];
  properties: RealEstateAsset[];
  balances: Balances;
  figures: DashboardFigures;
}

/**
 * The portfolio both dashboards show, loaded together: `portfolio` is null until every part has
 * arrived, so no figure is ever shown half-computed.
 */
export function usePortfolio(options: { predictions: boolean }) {
  const holdings = trpc.portfolio.holdings.useQuery(undefined, { refetchInterval: HOLDINGS_REFRESH_MS });
  const predictions = trpc.portfolio.predictions.useQuery(undefined, { enabled: options.predictions, refetchInterval: HOLDINGS_REFRESH_MS });
  const ventures = trpc.assets.venture.list.useQuery();
  const properties = trpc.assets.realEstate.list.useQuery();
  const balances = trpc.portfolio.balances.useQuery();

  const portfolio = useMemo<Portfolio | null>(() => {
    if (!holdings.data || !ventures.data || !properties.data || !balances.data) return null;
    return {
      holdings: holdings.data,
      // A failed predictions load only empties the column (N/A); it never holds the page back.
      predictions: predictions.data ?? [],
      ventures: ventures.data,
      properties: properties.data,
      balances: balances.data,
      figures: dashboardFigures(holdings.data, ventures.data, properties.data, balances.data),
    };
  }, [holdings.data, predictions.data, ventures.data, properties.data, balances.data]);

  const failed = [holdings, ventures, properties, balances].some((q) => q.isError && !q.data);
  return { portfolio, failed };
}
