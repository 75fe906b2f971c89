import { NOT_AVAILABLE } from '@contract/quotes';
import { formatCurrency, formatQuantity } from '../../lib/format';
import type { AccountFigures } from './capital-types';

/** The IRR, a fraction to 4 places, as a percent a year: "0.0969" -> "9.69% a year". */
export function formatIrr(irr: string | null): string {
  if (irr === null) return NOT_AVAILABLE;
  const [whole = '0', fraction = ''] = irr.replace('-', '').split('.');
  const digits = `${whole}${fraction.padEnd(4, '0')}`.replace(/^0+(?=\d{3})/, '');
  return `${irr.startsWith('-') ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}% a year`;
}

const ratio = (value: string | null) => (value === null ? NOT_AVAILABLE : `${value}x`);

/** An account's figures as a list of terms and values. */
export function CapitalFigures({ figures }: { figures: AccountFigures }) {
  const items: [string, string][] = [
    ['Commitment', formatCurrency(figures.commitment)],
    ['Contributed', formatCurrency(figures.contributed)],
    ['Unfunded', formatCurrency(figures.unfunded)],
    ['Distributed', formatCurrency(figures.distributed)],
    ['Units', formatQuantity(figures.units)],
    ['Value', formatCurrency(figures.value)],
    ['DPI', ratio(figures.dpi)],
    ['RVPI', ratio(figures.rvpi)],
    ['TVPI', ratio(figures.tvpi)],
    ['IRR', formatIrr(figures.irr)],
  ];
  return (
    <dl className="capital-figures">
      {items.map(([term, value]) => (
        <div key={term} className="capital-figures__item">
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
