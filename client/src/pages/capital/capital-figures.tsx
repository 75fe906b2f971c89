import { formatCurrency, formatIrr, formatMultiple, formatQuantity } from '../../lib/format';
import type { AccountFigures } from './capital-types';
import { ProvisionalMark } from './provisional-notice';

/**
 * An account's figures as a list of terms and values; with `provisional`, those that rest on the
 * units' values (units, value, RVPI, TVPI, IRR) carry the mark.
 */
export function CapitalFigures({ figures, provisional = false }: { figures: AccountFigures; provisional?: boolean }) {
  const items: [string, string, boolean][] = [
    ['Commitment', formatCurrency(figures.commitment), false],
    ['Contributed', formatCurrency(figures.contributed), false],
    ['Unfunded', formatCurrency(figures.unfunded), false],
    ['Distributed', formatCurrency(figures.distributed), false],
    ['Units', formatQuantity(figures.units), provisional],
    ['Value', formatCurrency(figures.value), provisional],
    ['DPI', formatMultiple(figures.dpi), false],
    ['RVPI', formatMultiple(figures.rvpi), provisional],
    ['TVPI', formatMultiple(figures.tvpi), provisional],
    ['IRR', formatIrr(figures.irr), provisional],
  ];
  return (
    <dl className="capital-figures">
      {items.map(([term, value, marked]) => (
        <div key={term} className="capital-figures__item">
          <dt>{term}</dt>
          <dd>
            {value}
            {marked && <ProvisionalMark />}
          </dd>
        </div>
      ))}
    </dl>
  );
}
