import { AllocationChart, type AllocationParts } from './allocation-chart';
import { HistoryChart } from './history-chart';
import './charts.css';

/** The dashboards' two charts, plain SVG drawn with the dashboard's own chunk (no chart library). */
export function PortfolioCharts({ parts }: { parts: AllocationParts }) {
  return (
    <div className="charts">
      <AllocationChart parts={parts} />
      <HistoryChart />
    </div>
  );
}
