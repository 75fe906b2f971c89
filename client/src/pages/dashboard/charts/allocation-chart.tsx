import { Cell, Pie, PieChart, Tooltip } from 'recharts';
import { centsText, dec, sum, ZERO } from '../../../../../server/src/domain/money';
import { formatCurrency, formatPercent } from '../../../lib/format';
import { percentText, type AllocationParts } from '../portfolio-figures';

const SLICES = [
  { key: 'liquid', label: 'Liquid assets', color: '#172a44' },
  { key: 'venture', label: 'Venture investments', color: '#b8955c' },
  { key: 'realEstate', label: 'Real estate (with rental income)', color: '#1d6a46' },
  { key: 'cash', label: 'Cash available', color: '#7d8ba1' },
] as const;

/**
 * The parts of the portfolio the chart shows, as the engine's text; the margin debit is a debt,
 * not an allocation. Each share is exact (the engine's percentage rule); only the drawing of the
 * donut uses numbers.
 */
export function allocationSlices(parts: AllocationParts) {
  const positive = (text: string) => (dec(text).gt(0) ? dec(text) : ZERO);
  const total = centsText(sum(SLICES.map((slice) => positive(parts[slice.key]))));
  return SLICES.map((slice) => ({
    ...slice,
    value: parts[slice.key],
    amount: Number(parts[slice.key]),
    share: percentText(centsText(positive(parts[slice.key])), total) ?? '0.00',
  }));
}

/** A donut of where the money is, with a legend and a table that say the same in text. */
export function AllocationChart({ parts }: { parts: AllocationParts }) {
  const slices = allocationSlices(parts);
  return (
    <figure className="chart" aria-labelledby="allocation-caption">
      <figcaption id="allocation-caption" className="chart__caption">
        Allocation
      </figcaption>
      <div className="chart__body chart__body--allocation">
        <div className="chart__canvas chart__canvas--pie" aria-hidden="true">
          <PieChart responsive accessibilityLayer={false} style={{ width: '100%', height: 220 }}>
            <Pie rootTabIndex={-1} data={slices.filter((s) => s.amount > 0)} dataKey="amount" nameKey="label" innerRadius="58%" outerRadius="90%" isAnimationActive={false} stroke="#fff">
              {slices
                .filter((s) => s.amount > 0)
                .map((slice) => (
                  <Cell key={slice.key} fill={slice.color} />
                ))}
            </Pie>
            <Tooltip formatter={(value) => formatCurrency(typeof value === 'number' || typeof value === 'string' ? value : null)} />
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
