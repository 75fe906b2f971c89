import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@server/router';
import { trpc } from '../../api/trpc';
import { formatCalendarDate, formatCurrency, formatPercent, formatPercentTick, formatSignedCurrency } from '../../lib/format';
import { DASHBOARD_FRESH_MS, HISTORY_DAYS } from '../../api/prefetch-dashboard';
import { LineChart } from './line-chart';
import { HistoryRebuildNote } from './history-rebuild-note';

/** A day of the portfolio's history, as portfolio.history answers it. */
export type HistoryDay = inferRouterOutputs<AppRouter>['portfolio']['history']['days'][number];

/** The plot's height, kept while the history loads so nothing below it moves. */
export const HISTORY_PLOT_HEIGHT = 268;

/** The chart's text alternative: value and time-weighted return over the period, beside the S&P 500. */
export function historySummary(days: readonly HistoryDay[]): string {
  const first = days[0];
  const last = days.at(-1);
  if (!first || !last) return 'No history yet: the first daily snapshot is taken today.';
  const sp500 = last.sp500Pct === null ? '' : `; the S&P 500 ${formatPercent(last.sp500Pct, { signed: true })} over the same days`;
  return (
    `Net account value went from ${formatCurrency(first.netAccountValue)} on ${formatCalendarDate(first.date)} ` +
    `to ${formatCurrency(last.netAccountValue)} on ${formatCalendarDate(last.date)}. ` +
    `Time-weighted return, which leaves new money out: ${formatPercent(last.returnPct, { signed: true })}${sp500}.`
  );
}

/**
 * The last 90 days: the time-weighted return, linked daily (a day's new money counts from the
 * start of that day, so it is never growth), beside the S&P 500 over the same days.
 */
export function HistoryChart() {
  const history = trpc.portfolio.history.useQuery({ days: HISTORY_DAYS }, { staleTime: DASHBOARD_FRESH_MS });
  const days = history.data?.days ?? [];
  // Chart coordinates only; every figure shown as text comes from the decimal strings.
  const labels = days.map((d) => d.date);
  const series = [
    { name: 'Portfolio (time-weighted)', color: 'var(--chart-1)', values: days.map((d) => Number(d.returnPct)) },
    { name: 'S&P 500', color: 'var(--chart-2)', values: days.map((d) => (d.sp500Pct === null ? null : Number(d.sp500Pct))) },
  ];
  return (
    <figure className="chart" aria-labelledby="history-caption" aria-describedby="history-summary">
      <figcaption id="history-caption" className="chart__caption">
        Return, last {HISTORY_DAYS} days
      </figcaption>
      <HistoryRebuildNote />
      {history.isPending ? (
        <div className="chart__pending">
          <p className="chart__loading">Loading history...</p>
        </div>
      ) : history.isError ? (
        <p className="chart__loading">The history could not be loaded.</p>
      ) : (
        <>
          <p id="history-summary" className="chart__summary">
            {historySummary(days)}
          </p>
          {days.length > 1 && (
            <LineChart
              labels={labels}
              series={series}
              height={HISTORY_PLOT_HEIGHT}
              formatTick={formatPercentTick}
              formatTooltipLabel={formatCalendarDate}
              formatValue={(v) => formatPercent(v, { signed: true })}
            />
          )}
          <div className="visually-hidden">
            <table>
              <caption>Net account value, new money and return by day</caption>
              <thead>
                <tr>
                  <th scope="col">Date</th>
                  <th scope="col">Net Account Value</th>
                  <th scope="col">New Money</th>
                  <th scope="col">Return</th>
                  <th scope="col">S&amp;P 500</th>
                </tr>
              </thead>
              <tbody>
                {days.map((d) => (
                  <tr key={d.date}>
                    <td>{formatCalendarDate(d.date)}</td>
                    <td>{formatCurrency(d.netAccountValue)}</td>
                    <td>{formatSignedCurrency(d.netFlow)}</td>
                    <td>{formatPercent(d.returnPct, { signed: true })}</td>
                    <td>{formatPercent(d.sp500Pct, { signed: true })}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </figure>
  );
}
