import { useCallback, useEffect, useMemo } from 'react';
import { trpc } from '../../api/trpc';
import type { PortfolioValuation, Prediction, RealEstateAsset, VentureAsset } from './portfolio-types';
import { DASHBOARD_FRESH_MS, HISTORY_DAYS } from '../../api/prefetch-dashboard';
import { HOLDINGS_REFRESH_MS } from './refresh';

export interface Portfolio {
  /**
   * Every figure the dashboards show, computed once by the server's portfolio engine, without the
   * lots: a symbol's lots are loaded when it is opened (`useLots`).
   */
  valuation: PortfolioValuation;
  predictions: Prediction[];
  /** The private assets' own fields (names, dates, what was typed), for their tables' inputs. */
  ventures: VentureAsset[];
  properties: RealEstateAsset[];
}

/**
 * The figures that read the engine's valuation: the stat cards' and the tables' figures, the open
 * symbols' lots and the chart's history, whose today is that valuation. Invalidated together they
 * are asked for in one batch, which the server answers from one version of the books, so the
 * chart's today, the cards and the lots never disagree.
 */
function useRefreshFigures(): () => Promise<unknown> {
  const utils = trpc.useUtils();
  return useCallback(
    () =>
      Promise.all([
        utils.portfolio.positions.invalidate(),
        utils.portfolio.lots.invalidate(),
        utils.portfolio.valuation.invalidate(),
        utils.portfolio.history.invalidate(),
        utils.portfolio.market.predictions.invalidate(),
      ]),
    [utils],
  );
}

/**
 * The portfolio both dashboards show, loaded together: `portfolio` is null until every part has
 * arrived. The valuation carries the positions (not their lots), their live quotes and the balances, and reloads
 * with the history on docs/product.md §9's holdings schedule (every 60 s) and after every write (`useRefreshPortfolio`).
 */
export function usePortfolio(options: { predictions: boolean }) {
  const fresh = { staleTime: DASHBOARD_FRESH_MS };
  const valuation = trpc.portfolio.positions.useQuery(undefined, fresh);
  const predictions = trpc.portfolio.market.predictions.useQuery(undefined, { ...fresh, enabled: options.predictions });
  const refreshFigures = useRefreshFigures();
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState !== 'hidden') void refreshFigures();
    }, HOLDINGS_REFRESH_MS);
    return () => clearInterval(timer);
  }, [refreshFigures]);
  const ventures = trpc.assets.venture.list.useQuery(undefined, fresh);
  const properties = trpc.assets.realEstate.list.useQuery(undefined, fresh);
  // The chart's history is asked for with the rest (one batch) and the page paints once it is
  // here or has failed, so the chart does not push the tables down when it arrives.
  const history = trpc.portfolio.history.useQuery({ days: HISTORY_DAYS }, fresh);
  const historySettled = history.data !== undefined || history.isError;

  const portfolio = useMemo<Portfolio | null>(() => {
    if (!valuation.data || !ventures.data || !properties.data || !historySettled) return null;
    return {
      valuation: valuation.data,
      // A failed predictions load only empties the column (N/A); it never holds the page back.
      predictions: predictions.data ?? [],
      ventures: ventures.data,
      properties: properties.data,
    };
  }, [valuation.data, predictions.data, ventures.data, properties.data, historySettled]);

  const failed = [valuation, ventures, properties].some((q) => q.isError && !q.data);
  return { portfolio, failed };
}

/**
 * After a write to the books (a trade, a balance, a private asset): the valuation and what else
 * reads the books load again, so no figure shown is older than the write.
 */
export function useRefreshPortfolio(): () => Promise<unknown> {
  const utils = trpc.useUtils();
  const refreshFigures = useRefreshFigures();
  return useCallback(
    () =>
      Promise.all([
        refreshFigures(),
        utils.portfolio.holdings.list.invalidate(),
        utils.portfolio.balances.get.invalidate(),
        utils.portfolio.summary.invalidate(),
        utils.portfolio.activity.transactions.invalidate(),
      ]),
    [utils, refreshFigures],
  );
}

/**
 * One symbol's lots, oldest first (portfolio.lots), loaded when the symbol is opened or sold
 * (docs/decisions/0025, "Later: lots sent on open"); reloaded with the valuation after a write and
 * on the holdings schedule.
 */
export function useLots(symbol: string, options: { enabled?: boolean } = {}) {
  return trpc.portfolio.lots.useQuery({ symbol }, { staleTime: DASHBOARD_FRESH_MS, enabled: options.enabled ?? true });
}
