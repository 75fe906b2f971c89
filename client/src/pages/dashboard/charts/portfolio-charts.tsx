import type { NetAccountParts } from '../../../../../server/src/domain/portfolio-math';
import { AllocationChart } from './allocation-chart';
import { HistoryChart } from './history-chart';
import './charts.css';

/** The dashboards' two charts, in their own chunk with the chart library (loaded by the dashboards only). */
export function PortfolioCharts({ parts }: { parts: NetAccountParts }) {
  return (
    <div className="charts">
      <AllocationChart parts={parts} />
      <HistoryChart />
    </div>
  );
}
