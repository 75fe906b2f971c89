import type { PortfolioTotals } from '../../domain/valuation';
import type { PortfolioEngine } from './engine';

export interface ValuationDeps {
  /** The valuation of the books, computed once per change. */
  portfolio: PortfolioEngine;
}

/** GET /api/portfolio/summary: the stat cards' figures, realized gains and cash. */
export async function summary(deps: ValuationDeps): Promise<PortfolioTotals & { asOf: string }> {
  const view = await deps.portfolio.current();
  return { ...view.valuation.totals, asOf: view.computedAt.toISOString() };
}
