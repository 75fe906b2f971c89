import { Area, AreaChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import { trpc } from '../../../api/trpc';
import { formatCalendarDate, formatCurrency, formatPercent } from '../../../lib/format';
import type { Snapshot } from '../portfolio-types';
import { HISTORY_DAYS } from '../refresh';

// Two decimals: the series often spans less than $0.1M, and one decimal would repeat tick labels.
const compact = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', notation: 'compact', maximumFractionDigits: 2 });
const shortDate = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric' });
const dayLabel = (day: string) => shortDate.format(new Date(`${day}T00:00:00Z`));

/** The chart's text alternative: where the series starts and ends, and its high and low. */
export function historySummary(snapshots: readonly Snapshot[]): string {
  const first = snapshots[0];
  const last = snapshots.at(-1);
  if (!first || !last) return 'No history yet: the first daily snapshot is taken today.';
  const values = snapshots.map((s) => s.netAccountValue);
  const change = first.netAccountValue === 0 ? 0 : ((last.netAccountValue - first.netAccountValue) / first.netAccountValue) * 100;
  return (
    `Net account value went from ${formatCurrency(first.netAccountValue)} on ${formatCalendarDate(first.date)} ` +
    `to ${formatCurrency(last.netAccountValue)} on ${formatCalendarDate(last.date)} (${formatPercent(change, { signed: true })}); ` +
    `high ${formatCurrency(Math.max(...values))}, low ${formatCurrency(Math.min(...values))}.`
  );
}

/** The net account value of the last 90 days, from the daily snapshots. */
export function HistoryChart() {
  const history = trpc.portfolio.history.useQuery({ days: HISTORY_DAYS });
  const snapshots = history.data?.snapshots ?? [];
  return (
    <figure className="chart" aria-labelledby="history-caption" aria-describedby="history-summary">
      <figcaption id="history-caption" className="chart__caption">
        Net Account Value, last {HISTORY_DAYS} days
      </figcaption>
      {history.isPending ? (
        <p className="chart__loading">Loading history...</p>
      ) : history.isError ? (
        <p className="chart__loading">The history could not be loaded.</p>
      ) : (
        <>
          <p id="history-summary" className="chart__summary">
            {historySummary(snapshots)}
          </p>
          {snapshots.length > 1 && (
            <div className="chart__canvas" aria-hidden="true">
              <AreaChart responsive accessibilityLayer={false} data={snapshots} style={{ width: '100%', height: 240 }} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
                <defs>
                  <linearGradient id="nav-fill" x1="0" y1="0" x2="0" y2="1">
                    <stop offset="0%" stopColor="#b8955c" stopOpacity={0.35} />
                    <stop offset="100%" stopColor="#b8955c" stopOpacity={0.02} />
                  </linearGradient>
                </defs>
                <CartesianGrid stroke="#e7e2d6" vertical={false} />
                <XAxis dataKey="date" tickFormatter={dayLabel} minTickGap={28} tick={{ fontSize: 12, fill: '#515a68' }} stroke="#b9b09c" />
                <YAxis
                  tickFormatter={(v: number) => compact.format(v)}
                  width={64}
                  domain={['auto', 'auto']}
                  tick={{ fontSize: 12, fill: '#515a68' }}
                  stroke="#b9b09c"
                />
                <Tooltip labelFormatter={(label) => formatCalendarDate(String(label))} formatter={(value) => [formatCurrency(Number(value)), 'Net Account Value']} />
                <Area type="monotone" dataKey="netAccountValue" stroke="#172a44" strokeWidth={2} fill="url(#nav-fill)" isAnimationActive={false} />
              </AreaChart>
            </div>
          )}
          <div className="visually-hidden">
            <table>
              <caption>Net account value by day</caption>
              <thead>
                <tr>
                  <th scope="col">Date</th>
                  <th scope="col">Net Account Value</th>
                </tr>
              </thead>
              <tbody>
                {snapshots.map((s) => (
                  <tr key={s.date}>
                    <td>{formatCalendarDate(s.date)}</td>
                    <td>{formatCurrency(s.netAccountValue)}</td>
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
