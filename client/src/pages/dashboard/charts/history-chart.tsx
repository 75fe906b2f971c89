import { CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { trpc } from '../../../api/trpc';
import { formatCalendarDate, formatCurrency, formatPercent, formatSignedCurrency } from '../../../lib/format';
import type { HistoryDay } from '../portfolio-types';
import { HISTORY_DAYS } from '../refresh';

const shortDate = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric' });
const dayLabel = (day: string) => shortDate.format(new Date(`${day}T00:00:00Z`));
const percentTick = (v: number) => `${v.toFixed(1)}%`;

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
  const history = trpc.portfolio.history.useQuery({ days: HISTORY_DAYS });
  const days = history.data?.days ?? [];
  // Chart coordinates only; every figure shown as text comes from the decimal strings.
  const points = days.map((d) => ({ date: d.date, portfolio: Number(d.returnPct), sp500: d.sp500Pct === null ? null : Number(d.sp500Pct) }));
  return (
    <figure className="chart" aria-labelledby="history-caption" aria-describedby="history-summary">
      <figcaption id="history-caption" className="chart__caption">
        Return, last {HISTORY_DAYS} days
      </figcaption>
      {history.isPending ? (
        <p className="chart__loading">Loading history...</p>
      ) : history.isError ? (
        <p className="chart__loading">The history could not be loaded.</p>
      ) : (
        <>
          <p id="history-summary" className="chart__summary">
            {historySummary(days)}
          </p>
          {points.length > 1 && (
            <div className="chart__canvas" aria-hidden="true">
              <LineChart responsive accessibilityLayer={false} data={points} style={{ width: '100%', height: 240 }} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
                <CartesianGrid stroke="#e7e2d6" vertical={false} />
                <XAxis dataKey="date" tickFormatter={dayLabel} minTickGap={28} tick={{ fontSize: 12, fill: '#515a68' }} stroke="#b9b09c" />
                <YAxis tickFormatter={percentTick} width={56} domain={['auto', 'auto']} tick={{ fontSize: 12, fill: '#515a68' }} stroke="#b9b09c" />
                <Tooltip
                  labelFormatter={(label) => formatCalendarDate(String(label))}
                  formatter={(value, name) => [formatPercent(Number(value), { signed: true }), name]}
                />
                <Legend verticalAlign="top" height={28} iconType="plainline" />
                <Line type="monotone" dataKey="portfolio" name="Portfolio (time-weighted)" stroke="#172a44" strokeWidth={2} dot={false} isAnimationActive={false} />
                <Line type="monotone" dataKey="sp500" name="S&P 500" stroke="#b8955c" strokeWidth={2} dot={false} connectNulls isAnimationActive={false} />
              </LineChart>
            </div>
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
