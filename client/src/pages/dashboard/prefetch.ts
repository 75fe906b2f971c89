import { useCallback } from 'react';
import { trpc } from '../../api/trpc';
import { HISTORY_DAYS } from './refresh';

/**
 * An answer this recent is shown as it is when a dashboard mounts, instead of being loaded a
 * second time: what the login prefetched is used, not fetched again.
 */
export const DASHBOARD_FRESH_MS = 10_000;

/**
 * Asks for everything a dashboard shows the moment a session token is stored, in one batch,
 * before the dashboard has even mounted; its queries then find the answers in flight or cached.
 */
export function usePrefetchDashboard(): (role: string) => void {
  const utils = trpc.useUtils();
  return useCallback(
    (role: string) => {
      if (role !== 'GP' && role !== 'LP') return;
      void utils.portfolio.valuation.prefetch();
      void utils.assets.venture.list.prefetch();
      void utils.assets.realEstate.list.prefetch();
      void utils.portfolio.history.prefetch({ days: HISTORY_DAYS });
      void utils.portfolio.marketSummary.prefetch();
      if (role === 'GP') void utils.portfolio.predictions.prefetch();
    },
    [utils],
  );
}
