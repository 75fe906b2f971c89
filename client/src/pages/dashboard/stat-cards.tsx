import { formatCurrency, formatSignedCurrency, toneOf } from '../../lib/format';
import type { PortfolioTotals } from './portfolio-types';
import '../../styles/tones.css';
import './stat-cards.css';

export const REALIZED_GAINS_LABEL = 'Realized Gains (Year to Date)';

/** What the net account value counts, beside it: it differs from the Liquid Assets TOTAL. */
export const NET_ACCOUNT_VALUE_NOTE = 'Liquid assets, venture, real estate with its rental income and cash, less margin debit.';

/** Beside the realized gains: dividend income before tax and the tax withheld, this year and in all. */
export function dividendNote(totals: PortfolioTotals): string {
  return (
    `Dividends this year ${formatCurrency(totals.dividendIncomeYearToDate)} gross, ${formatCurrency(totals.dividendTaxYearToDate)} tax withheld; ` +
    `in all ${formatCurrency(totals.dividendIncomeAllTime)} gross, ${formatCurrency(totals.dividendTaxAllTime)} withheld.`
  );
}

/**
 * docs/product.md §2's three stat cards and the realized gains of the year, as the portfolio engine sends
 * them; gains and losses carry a sign as well as a color.
 */
export function StatCards({ totals }: { totals: PortfolioTotals }) {
  const cards = [
    {
      label: 'Net Account Value',
      value: formatCurrency(totals.netAccountValue),
      tone: 'flat' as const,
      note: NET_ACCOUNT_VALUE_NOTE,
    },
    { label: 'Total Unrealized Gains', value: formatSignedCurrency(totals.totalUnrealizedGain), tone: toneOf(totals.totalUnrealizedGain) },
    { label: "Day's Unrealized Gains", value: formatSignedCurrency(totals.dayGain), tone: toneOf(totals.dayGain) },
    {
      label: REALIZED_GAINS_LABEL,
      value: formatSignedCurrency(totals.realizedGainYearToDate),
      tone: toneOf(totals.realizedGainYearToDate),
      note: dividendNote(totals),
    },
  ];
  return (
    <dl className="stat-cards">
      {cards.map((card) => (
        <div key={card.label} className="stat-card">
          <dt className="stat-card__label">{card.label}</dt>
          <dd className={`stat-card__value tone--${card.tone}`}>{card.value}</dd>
          {'note' in card && <dd className="stat-card__note">{card.note}</dd>}
        </div>
      ))}
    </dl>
  );
}
