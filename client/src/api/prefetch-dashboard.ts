import { useCallback } from 'react';
import { isRole } from '@contract/roles';
import { trpc } from './trpc';

/** The history chart's window, in days: the one query the login prefetches and the chart reads. */
export const HISTORY_DAYS = 90;

/**
 * An answer this recent is shown as it is when a dashboard mounts, instead of being loaded a
 * second time: what the login prefetched is used, not fetched again.
 */
export const DASHBOARD_FRESH_MS = 10_000;

/**
 * Asks for everything a dashboard shows, in one batch, before the dashboard has mounted: the
 * moment a session token is stored, and when a dashboard's route starts loading its code. The
 * dashboard's queries then find the answers in flight or cached.
 */
export function usePrefetchDashboard(): (role: string) => void {
  const utils = trpc.useUtils();
  return useCallback(
    (role: string) => {
      if (!isRole(role)) return;
      // What is already here and fresh (or on its way) is not asked for again.
      const fresh = { staleTime: DASHBOARD_FRESH_MS };
      // The figures without the lots (docs/decisions/0025): a symbol's lots load when it is opened.
      void utils.portfolio.positions.prefetch(undefined, fresh);
      void utils.assets.venture.list.prefetch(undefined, fresh);
      void utils.assets.realEstate.list.prefetch(undefined, fresh);
      void utils.portfolio.history.prefetch({ days: HISTORY_DAYS }, fresh);
      void utils.portfolio.market.summary.prefetch(undefined, fresh);
      if (role === 'GP') void utils.portfolio.market.predictions.prefetch(undefined, fresh);
      // The LP's own capital account sits above the portfolio: in the same batch, so both arrive together.
      if (role === 'LP') void utils.portfolio.capital.account.prefetch({}, fresh);
    },
    [utils],
  );
}
