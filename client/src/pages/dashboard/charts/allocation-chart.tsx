import { Cell, Pie, PieChart, Tooltip } from 'recharts';
import type { NetAccountParts } from '../../../../../server/src/domain/portfolio-math';
import { formatCurrency, formatPercent } from '../../../lib/format';

const SLICES = [
  { key: 'liquid', label: 'Liquid assets', color: '#172a44' },
  { key: 'venture', label: 'Venture investments', color: '#b8955c' },
  { key: 'realEstate', label: 'Real estate (with rental income)', color: '#1d6a46' },
  { key: 'cash', label: 'Cash available', color: '#7d8ba1' },
] as const;

/** The parts of the portfolio the chart shows; the margin debit is a debt, not an allocation. */
export function allocationSlices(parts: NetAccountParts) {
  const values = {
    liquid: parts.liquidValue,
    venture: parts.ventureValue,
    realEstate: parts.realEstateValue + parts.totalRentalIncome,
    cash: parts.cashAvailable,
  };
  const total = Object.values(values).reduce((a, b) => a + Math.max(b, 0), 0);
  return SLICES.map((slice) => ({ ...slice, value: values[slice.key], share: total === 0 ? 0 : (Math.max(values[slice.key], 0) / total) * 100 }));
}

/** A donut of where the money is, with a legend and a table that say the same in text. */
export function AllocationChart({ parts }: { parts: NetAccountParts }) {
  const slices = allocationSlices(parts);
  return (
    <figure className="chart" aria-labelledby="allocation-caption">
      <figcaption id="allocation-caption" className="chart__caption">
        Allocation
      </figcaption>
      <div className="chart__body chart__body--allocation">
        <div className="chart__canvas chart__canvas--pie" aria-hidden="true">
          <PieChart responsive accessibilityLayer={false} style={{ width: '100%', height: 220 }}>
            <Pie rootTabIndex={-1} data={slices.filter((s) => s.value > 0)} dataKey="value" nameKey="label" innerRadius="58%" outerRadius="90%" isAnimationActive={false} stroke="#fff">
              {slices
                .filter((s) => s.value > 0)
                .map((slice) => (
                  <Cell key={slice.key} fill={slice.color} />
                ))}
            </Pie>
            <Tooltip formatter={(value) => formatCurrency(Number(value))} />
          </PieChart>
        </div>
        <table className="chart__legend">
          <caption className="visually-hidden">Allocation of the portfolio</caption>
          <thead className="visually-hidden">
            <tr>
              <th scope="col">Part</th>
              <th scope="col">Value</th>
              <th scope="col">Share</th>
            </tr>
          </thead>
          <tbody>
            {slices.map((slice) => (
              <tr key={slice.key}>
                <th scope="row">
                  <span className="chart__swatch" style={{ background: slice.color }} aria-hidden="true" />
                  {slice.label}
                </th>
                <td>{formatCurrency(slice.value)}</td>
                <td>{formatPercent(slice.share)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="chart__note">Margin debit of {formatCurrency(parts.marginDebit)} is owed and not shown as an allocation.</p>
    </figure>
  );
}
