import { formatCalendarDate, formatCurrency, formatThousandsTick } from '../../lib/format';
import { LineChart } from '../../components/charts/line-chart';
import type { CapitalAccount } from './capital-types';
import '../../components/charts/charts.css';

/** The account's value at each daily snapshot since capital accounts started, with a text alternative. */
export function ValueChart({ history }: { history: CapitalAccount['history'] }) {
  const first = history[0];
  const last = history.at(-1);
  const marked = history.filter((p) => p.provisional);
  const provisional =
    marked.length === 0
      ? ''
      : ` The values from ${formatCalendarDate(marked[0]!.date)} to ${formatCalendarDate(marked.at(-1)!.date)} are provisional.`;
  const official = history.filter((p) => p.official);
  const officialText =
    official.length === 0
      ? ''
      : ` ${official.length === 1 ? 'The value' : 'The values'} of ${official.map((p) => formatCalendarDate(p.date)).join(', ')} ${official.length === 1 ? 'is' : 'are'} official: the net account value set by the administrator.`;
  return (
    <figure className="chart" aria-labelledby="capital-chart-caption" aria-describedby="capital-chart-summary">
      <figcaption id="capital-chart-caption" className="chart__caption">
        Value over time
      </figcaption>
      <p id="capital-chart-summary" className="chart__summary">
        {first && last
          ? `Your account's value went from ${formatCurrency(first.value)} on ${formatCalendarDate(first.date)} to ${formatCurrency(last.value)} on ${formatCalendarDate(last.date)}.${provisional}${officialText}`
          : 'No value yet: the account starts with its first contribution.'}
      </p>
      {history.length > 1 && (
        <LineChart
          labels={history.map((p) => p.date)}
          // Chart coordinates only; the figures shown as text come from the decimal strings.
          series={[{ name: 'Value', color: 'var(--chart-1)', values: history.map((p) => Number(p.value)) }]}
          height={220}
          formatTick={formatThousandsTick}
          formatTooltipLabel={formatCalendarDate}
          formatValue={(v) => formatCurrency(v)}
        />
      )}
    </figure>
  );
}
