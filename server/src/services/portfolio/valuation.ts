import type { PortfolioTotals } from '../../domain/valuation';
import type { PortfolioEngine, PortfolioView } from './engine';
import { rememberSerialized } from '../../platform/serialized';

export interface ValuationDeps {
  /** The valuation of the books, computed once per change. */
  portfolio: PortfolioEngine;
}

/** GET /api/portfolio/summary: the stat cards' figures, realized gains and cash. */
export async function summary(deps: ValuationDeps): Promise<PortfolioTotals & { asOf: string }> {
  const view = await deps.portfolio.current();
  return { ...view.valuation.totals, asOf: view.computedAt.toISOString() };
}

/** The valuation answer of each engine view, built and serialized once (decision 0014). */
const answers = new WeakMap<PortfolioView, ReturnType<typeof answerOf>>();

function answerOf(view: PortfolioView) {
  return { ...view.valuation, quotes: Object.fromEntries(view.live), asOf: view.computedAt.toISOString() };
}

/**
 * portfolio.valuation (GET /api/portfolio/valuation): every figure of the dashboards, as decimal
 * text. One object per version of the books, kept with its JSON and an ETag, as the holdings answer.
 */
export async function valuationAnswer(deps: ValuationDeps): Promise<ReturnType<typeof answerOf>> {
  const view = await deps.portfolio.current();
  let answer = answers.get(view);
  if (!answer) {
    answer = answerOf(view);
    rememberSerialized(answer, {
      etag: `"valuation-${view.version}-${view.computedAt.getTime()}"`,
      body: Buffer.from(JSON.stringify(answer)),
    });
    answers.set(view, answer);
  }
  return answer;
}
