import { centsText, dec, fixed, percentOf, sum, ZERO } from '@domain/money';
import { formatCurrency, formatPercent } from '../../lib/format';
import { arcPath } from './chart-scale';

/** The parts of the net account value the allocation chart shows, as the engine's text. */
export interface AllocationParts {
  liquid: string;
  venture: string;
  /** Market value with the rent earned, as the net account value counts it. */
  realEstate: string;
  cash: string;
  marginDebit: string;
}

/** The engine's percentage rule (valuation.ts): part ÷ whole × 100 at 2 decimals, half up; null without a whole. For the allocation chart's shares. */
function percentText(part: string, whole: string): string | null {
  const p = percentOf(dec(part), dec(whole));
  return p === null ? null : fixed(p, 2);
}

const SLICES = [
  { key: 'liquid', label: 'Liquid assets', color: 'var(--chart-1)' },
  { key: 'venture', label: 'Venture investments', color: 'var(--chart-2)' },
  { key: 'realEstate', label: 'Real estate (with rental income)', color: 'var(--chart-3)' },
  { key: 'cash', label: 'Cash available', color: 'var(--chart-4)' },
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

const SIZE = 180;
const OUTER = SIZE / 2 - 2;
const INNER = OUTER * 0.62;

/** The donut itself, drawn in plain SVG; hidden from screen readers, which read the table beside it. */
function Donut({ slices }: { slices: ReturnType<typeof allocationSlices> }) {
  const shown = slices.filter((s) => s.amount > 0);
  const total = shown.reduce((t, s) => t + s.amount, 0);
  let angle = 0;
  return (
    <svg className="chart__donut" viewBox={`0 0 ${SIZE} ${SIZE}`} width={SIZE} height={SIZE} aria-hidden="true" focusable="false">
      {total > 0 ? (
        shown.map((slice) => {
          const from = angle;
          angle += (slice.amount / total) * Math.PI * 2;
          return (
            <path
              key={slice.key}
              d={arcPath(SIZE / 2, SIZE / 2, OUTER, INNER, from, angle)}
              style={{ fill: slice.color, stroke: 'var(--chart-slice-edge)' }}
              strokeWidth={1}
            >
              <title>{`${slice.label}: ${formatCurrency(slice.value)} (${formatPercent(slice.share)})`}</title>
            </path>
          );
        })
      ) : (
        <path d={arcPath(SIZE / 2, SIZE / 2, OUTER, INNER, 0, Math.PI * 2)} style={{ fill: 'var(--chart-grid)' }} />
      )}
    </svg>
  );
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
        <div className="chart__canvas chart__canvas--pie">
          <Donut slices={slices} />
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
