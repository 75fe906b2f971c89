import { useState } from 'react';
import { trpc } from '../../../api/trpc';
import { CsvExportButton } from '../../../components/csv-export-button';
import { formatCalendarDate, formatCurrency, formatRate, formatRatio, formatSignedCurrency } from '../../../lib/format';
import type { ReturnPeriod, ReturnsOutput } from '../portfolio-types';
import '../../../components/data-table.css';
import './returns-panel.css';

/** What each return answers, word for word beside the table (docs/product.md §10). */
export const TWR_ANSWERS =
  'Time-weighted: how did the investments do, whatever money came in or went out? New money is left out and the days are linked, so it compares with the S&P 500.';
export const MWR_ANSWERS =
  'Money-weighted: what did the firm’s money earn a year, given when it came in and went out? It is the XIRR of the value at the start, the new money and the value at the end; a period shorter than a year is annualized too.';

const mwrText = (mwr: string | null) => (mwr === null ? 'N/A' : `${formatRate(mwr, { signed: true })} a year`);
const drawdownDays = (p: ReturnPeriod) =>
  p.drawdown.peak === null || p.drawdown.trough === null
    ? 'None'
    : `${formatCalendarDate(p.drawdown.peak)} to ${formatCalendarDate(p.drawdown.trough)}`;

/**
 * The dashboards' Returns panel: per period the time- and money-weighted returns, max drawdown,
 * volatility and beta, and under "How is this computed?" everything they were computed from.
 */
export function ReturnsPanel() {
  const returns = trpc.portfolio.returns.useQuery({});
  return (
    <section className="returns dashboard__section" aria-labelledby="returns-title">
      <h2 id="returns-title" className="returns__title">
        Returns
      </h2>
      <ul className="returns__answers">
        <li>{TWR_ANSWERS}</li>
        <li>{MWR_ANSWERS}</li>
        <li>Income (dividends, interest) counts as return, never as new money.</li>
      </ul>
      {returns.isPending ? (
        <p className="returns__status" role="status">
          Loading returns...
        </p>
      ) : returns.isError ? (
        <p className="returns__status returns__status--error" role="alert">
          The returns could not be loaded.
        </p>
      ) : returns.data.periods.length === 0 ? (
        <p className="returns__status">No returns yet: the books have one day so far. Returns start from the close of the first day.</p>
      ) : (
        <ReturnsTable data={returns.data} />
      )}
    </section>
  );
}

function ReturnsTable({ data }: { data: ReturnsOutput }) {
  return (
    <>
      <div className="table-wrap" role="region" aria-label="Returns by period table" tabIndex={0}>
        <table className="data-table data-table--figures">
          <caption className="returns__caption">Returns by period, as of {formatCalendarDate(data.asOf)}</caption>
          <thead>
            <tr>
              <th scope="col" className="data-table__first">
                Period
              </th>
              <th scope="col" className="num">
                Time-weighted
              </th>
              <th scope="col" className="num">
                Money-weighted
              </th>
              <th scope="col" className="num">
                Max drawdown
              </th>
              <th scope="col">Peak to trough</th>
              <th scope="col" className="num">
                Volatility (annualized)
              </th>
              <th scope="col" className="num">
                Beta to S&amp;P 500
              </th>
              <th scope="col">From the close of</th>
            </tr>
          </thead>
          <tbody>
            {data.periods.map((p) => (
              <tr key={p.key}>
                <th scope="row" className="data-table__first">
                  {p.label}
                </th>
                <td className="num">{formatRate(p.twr, { signed: true })}</td>
                <td className="num">{mwrText(p.mwr)}</td>
                <td className="num">{formatRate(p.drawdown.depth)}</td>
                <td>{drawdownDays(p)}</td>
                <td className="num">{formatRate(p.volatility)}</td>
                <td className="num">{formatRatio(p.beta)}</td>
                <td>{formatCalendarDate(p.from)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="returns__note">
        Volatility is the sample standard deviation of weekday-to-weekday returns × √252 (trading days a year). Beta is the covariance of
        those returns with the S&amp;P 500’s over the same days ÷ the S&amp;P 500’s variance. A period that starts before the books does
        starts at their first day.
      </p>
      <details className="returns__how">
        <summary>How is this computed?</summary>
        <p>
          A day’s return is its close ÷ (the previous close + that day’s new money) − 1: new money is invested from the morning it arrives.
          The time-weighted return links the days: (1 + r₁) × (1 + r₂) × … − 1. Growth factors and rates are kept to 12 decimal places,
          rounded half up at each step. The money-weighted return is the rate r at which Σ amount ÷ (1 + r)^(days since the first ÷ 365) = 0
          over the flows listed, as a spreadsheet’s XIRR finds it, to 4 places.
        </p>
        <p>
          <CsvExportButton path="/api/export/returns.csv" fileName="returns.csv" label="every period’s daily rows" />
        </p>
        {data.periods.map((p) => (
          <PeriodWorkings key={p.key} period={p} />
        ))}
      </details>
    </>
  );
}

function PeriodWorkings({ period: p }: { period: ReturnPeriod }) {
  const [showDays, setShowDays] = useState(false);
  const daysId = `returns-days-${p.key}`;
  return (
    <details className="returns__period">
      <summary>
        {p.label}: {formatCalendarDate(p.from)} to {formatCalendarDate(p.to)}
      </summary>
      <dl className="returns__workings">
        <div>
          <dt>Value at the close of {formatCalendarDate(p.from)}</dt>
          <dd>{formatCurrency(p.startValue)}</dd>
        </div>
        <div>
          <dt>Value at the close of {formatCalendarDate(p.to)}</dt>
          <dd>{formatCurrency(p.endValue)}</dd>
        </div>
        <div>
          <dt>Time-weighted return</dt>
          <dd>
            {p.twr} ({formatRate(p.twr, { signed: true })})
          </dd>
        </div>
        <div>
          <dt>Money-weighted return</dt>
          <dd>{p.mwr === null ? 'N/A: the flows have no rate' : `${p.mwr} (${mwrText(p.mwr)})`}</dd>
        </div>
        <div>
          <dt>Max drawdown</dt>
          <dd>
            {p.drawdown.depth} ({drawdownDays(p)})
          </dd>
        </div>
        <div>
          <dt>Volatility</dt>
          <dd>{p.volatility === null ? 'N/A' : `${p.volatility}, over ${p.volatilityDays} weekday returns`}</dd>
        </div>
        <div>
          <dt>Beta to S&amp;P 500</dt>
          <dd>{p.beta === null ? 'N/A' : `${p.beta}, over ${p.betaDays} weekday returns`}</dd>
        </div>
      </dl>
      <div className="table-wrap" role="region" aria-label={`Flows given to XIRR, ${p.label}`} tabIndex={0}>
        <table className="data-table">
          <caption className="returns__caption">
            Flows given to XIRR, {p.label}: the start value paid in (−), new money in (−) and out (+), the end value (+)
          </caption>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col" className="num">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {p.mwrFlows.map((f, i) => (
              <tr key={`${f.date}-${i}`}>
                <td>{formatCalendarDate(f.date)}</td>
                <td className="num">{formatSignedCurrency(f.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <button
        type="button"
        className="button button--outline button--small returns__days-toggle"
        aria-expanded={showDays}
        aria-controls={daysId}
        onClick={() => setShowDays((shown) => !shown)}
      >
        {showDays ? 'Hide the daily rows' : 'Show the daily rows'}
      </button>
      <div id={daysId}>{showDays && <DailyRows period={p} />}</div>
    </details>
  );
}

function DailyRows({ period }: { period: ReturnPeriod }) {
  const rows = trpc.portfolio.returns.useQuery({ period: period.key });
  if (rows.isPending)
    return (
      <p className="returns__status" role="status">
        Loading the daily rows...
      </p>
    );
  if (rows.isError)
    return (
      <p className="returns__status returns__status--error" role="alert">
        The daily rows could not be loaded.
      </p>
    );
  return (
    <div className="table-wrap" role="region" aria-label={`Daily rows, ${period.label}`} tabIndex={0}>
      <table className="data-table">
        <caption className="returns__caption">Daily rows, {period.label}</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col" className="num">
              Net Account Value
            </th>
            <th scope="col" className="num">
              New Money
            </th>
            <th scope="col" className="num">
              Day’s Return
            </th>
            <th scope="col" className="num">
              Growth
            </th>
            <th scope="col" className="num">
              S&amp;P 500 Close
            </th>
            <th scope="col">Weekday</th>
          </tr>
        </thead>
        <tbody>
          {(rows.data.days ?? []).map((d) => (
            <tr key={d.date}>
              <td>{formatCalendarDate(d.date)}</td>
              <td className="num">{formatCurrency(d.value)}</td>
              <td className="num">{formatSignedCurrency(d.flow)}</td>
              <td className="num">{d.dayReturn ?? 'Start'}</td>
              <td className="num">{d.growth}</td>
              <td className="num">{d.sp500 ?? 'N/A'}</td>
              <td>{d.sampled ? 'Yes' : 'No'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
