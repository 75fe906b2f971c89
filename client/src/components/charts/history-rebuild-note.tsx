import { useEffect, useRef } from 'react';
import { trpc } from '../../api/trpc';
import { formatCalendarDate, formatQuantity } from '../../lib/format';

/** How often the state is asked for while a rebuild runs or waits, and otherwise. */
const WHILE_BUSY_MS = 2_000;
const WHILE_IDLE_MS = 60_000;

/**
 * "Rebuilding history (day n of N)" while the server values past days again after an entry dated in
 * the past (docs/decisions/0018-history-from-the-first-entry.md); once it is done, the history,
 * returns and capital figures are fetched again.
 */
export function HistoryRebuildNote() {
  const utils = trpc.useUtils();
  const status = trpc.portfolio.historyRebuild.useQuery(undefined, {
    refetchInterval: (query) => {
      const state = query.state.data?.state;
      return state === 'running' || state === 'waiting' ? WHILE_BUSY_MS : WHILE_IDLE_MS;
    },
  });
  const state = status.data?.state;
  const previous = useRef(state);
  useEffect(() => {
    const was = previous.current;
    previous.current = state;
    if ((was === 'running' || was === 'waiting') && state !== 'running' && state !== 'waiting') void utils.portfolio.invalidate();
  }, [state, utils]);
  const data = status.data;
  if (!data || (data.state !== 'running' && data.state !== 'waiting')) return null;
  const text =
    data.state === 'running' && data.days > 0
      ? `Rebuilding history (day ${formatQuantity(data.day)} of ${formatQuantity(data.days)}) from ${formatCalendarDate(data.from)}.`
      : `Rebuilding history from ${formatCalendarDate(data.pending_from ?? data.from)}: about to start.`;
  return (
    <p className="chart__rebuild" role="status">
      {text} Figures of past days may change until it is done.
    </p>
  );
}
