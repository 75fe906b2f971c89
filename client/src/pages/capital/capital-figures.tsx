import { irrPercentText, multipleText } from '@contract/capital-rules';
import { NOT_AVAILABLE } from '@contract/quotes';
import { formatCurrency, formatQuantity } from '../../lib/format';
import type { AccountFigures } from './capital-types';
import { ProvisionalMark } from './provisional-notice';

/** The IRR, a fraction to 4 places, as a percent a year: "0.0969" -> "9.69% a year" (as the statements write it). */
export function formatIrr(irr: string | null): string {
  return irr === null ? NOT_AVAILABLE : irrPercentText(irr);
}

/** A multiple (DPI, RVPI, TVPI) as the statements write it: "1.2500" -> "1.2500x". */
export function formatMultiple(value: string | null): string {
  return value === null ? NOT_AVAILABLE : multipleText(value);
}

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
