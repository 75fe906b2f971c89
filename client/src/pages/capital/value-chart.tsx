import { CartesianGrid, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCalendarDate, formatCurrency } from '../../lib/format';
import type { CapitalAccount } from './capital-types';
import '../dashboard/charts/charts.css';

const shortDate = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', year: '2-digit' });
const dayLabel = (day: string) => shortDate.format(new Date(`${day}T00:00:00Z`));
const moneyTick = (v: number) => `$${Math.round(v / 1000).toLocaleString('en-US')}k`;

/** The account's value at each daily snapshot since capital accounts started, with a text alternative. */
export function ValueChart({ history }: { history: CapitalAccount['history'] }) {
  const first = history[0];
  const last = history.at(-1);
  // Chart coordinates only; the figures shown as text come from the decimal strings.
  const points = history.map((p) => ({ date: p.date, value: Number(p.value) }));
  return (
    <figure className="chart" aria-labelledby="capital-chart-caption" aria-describedby="capital-chart-summary">
      <figcaption id="capital-chart-caption" className="chart__caption">
        Value over time
      </figcaption>
      <p id="capital-chart-summary" className="chart__summary">
        {first && last
          ? `Your account's value went from ${formatCurrency(first.value)} on ${formatCalendarDate(first.date)} to ${formatCurrency(last.value)} on ${formatCalendarDate(last.date)}.`
          : 'No value yet: the account starts with its first contribution.'}
      </p>
      {points.length > 1 && (
        <div className="chart__canvas" aria-hidden="true">
          <LineChart responsive accessibilityLayer={false} data={points} style={{ width: '100%', height: 220 }} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
            <CartesianGrid stroke="#e7e2d6" vertical={false} />
            <XAxis dataKey="date" tickFormatter={dayLabel} minTickGap={40} tick={{ fontSize: 12, fill: '#515a68' }} stroke="#b9b09c" />
            <YAxis tickFormatter={moneyTick} width={64} domain={['auto', 'auto']} tick={{ fontSize: 12, fill: '#515a68' }} stroke="#b9b09c" />
            <Tooltip labelFormatter={(label) => formatCalendarDate(String(label))} formatter={(value) => [formatCurrency(Number(value)), 'Value']} />
            <Line type="monotone" dataKey="value" name="Value" stroke="#172a44" strokeWidth={2} dot={false} isAnimationActive={false} />
          </LineChart>
        </div>
      )}
    </figure>
  );
}
