import { PERIOD_KEYS, PERIOD_LABELS, periodFigures, type PeriodFigures, type PeriodKey } from '../../domain/return-measures';
import type { ReturnPeriod, ReturnsInput, ReturnsOutput } from '../../contract/returns';
import { toCsv, type CsvColumn } from '../../platform/csv';
import { readValueDays, type ValueDaysDeps } from './value-days';

export type ReturnsDeps = ValueDaysDeps;

/** Every period's figures from the books since their first day; none until there is a second day. */
async function allPeriods(deps: ReturnsDeps): Promise<{ asOf: string; periods: PeriodFigures[] }> {
  const { days, sp500 } = await readValueDays(deps, null);
  const periods = PERIOD_KEYS.map((key) => periodFigures(key, days, sp500)).filter((p): p is PeriodFigures => p !== null);
  return { asOf: days.at(-1)!.date, periods };
}

const summary = ({ days: _days, ...figures }: PeriodFigures): ReturnPeriod => ({ ...figures, label: PERIOD_LABELS[figures.key] });

/**
 * GET /api/portfolio/returns: for month, quarter and year to date, one year and since inception,
 * the time- and money-weighted returns, max drawdown, volatility and beta, with what they were
 * computed from; `?period=` adds that period's daily rows.
 */
export async function portfolioReturns(deps: ReturnsDeps, input: ReturnsInput): Promise<ReturnsOutput> {
  const { asOf, periods } = await allPeriods(deps);
  const asked: PeriodKey | undefined = input.period;
  const days = asked === undefined ? null : (periods.find((p) => p.key === asked)?.days ?? []);
  return { asOf, periods: periods.map(summary), days };
}

type CsvRow = { period: PeriodFigures; day: PeriodFigures['days'][number] };

const COLUMNS: CsvColumn<CsvRow>[] = [
  { header: 'period', value: (r) => r.period.key },
  { header: 'date', value: (r) => r.day.date },
  { header: 'net_account_value', value: (r) => r.day.value },
  { header: 'external_flow', value: (r) => r.day.flow },
  { header: 'day_return', value: (r) => r.day.dayReturn },
  { header: 'growth', value: (r) => r.day.growth },
  { header: 'sp500_close', value: (r) => r.day.sp500 },
  { header: 'weekday_sampled', value: (r) => r.day.sampled },
];

/** GET /api/export/returns.csv: every period's daily rows, as the returns panel computed them. */
export async function returnsCsv(deps: ReturnsDeps): Promise<string> {
  const { periods } = await allPeriods(deps);
  return toCsv(
    COLUMNS,
    periods.flatMap((period) => period.days.map((day) => ({ period, day }))),
  );
}
