import type { AllocationParts } from '../portfolio-figures';
import { AllocationChart } from './allocation-chart';
import { HistoryChart } from './history-chart';
import './charts.css';

/** The dashboards' two charts, in their own chunk with the chart library (loaded by the dashboards only). */
export function PortfolioCharts({ parts }: { parts: AllocationParts }) {
  return (
    <div className="charts">
      <AllocationChart parts={parts} />
      <HistoryChart />
    </div>
  );
}
