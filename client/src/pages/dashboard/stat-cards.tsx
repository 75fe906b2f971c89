import { formatCurrency, formatSignedCurrency, toneOf } from '../../lib/format';
import type { DashboardFigures } from './portfolio-figures';

/** SPEC §2's three stat cards; gains and losses carry a sign as well as a color. */
export function StatCards({ figures }: { figures: DashboardFigures }) {
  const cards = [
    { label: 'Net Account Value', value: formatCurrency(figures.netAccountValue), tone: 'flat' as const },
    { label: 'Total Unrealized Gains', value: formatSignedCurrency(figures.totalUnrealizedGains), tone: toneOf(figures.totalUnrealizedGains) },
    { label: "Day's Unrealized Gains", value: formatSignedCurrency(figures.daysGain), tone: toneOf(figures.daysGain) },
  ];
  return (
    <dl className="stat-cards">
      {cards.map((card) => (
        <div key={card.label} className="stat-card">
          <dt className="stat-card__label">{card.label}</dt>
          <dd className={`stat-card__value tone--${card.tone}`}>{card.value}</dd>
        </div>
      ))}
    </dl>
  );
}
