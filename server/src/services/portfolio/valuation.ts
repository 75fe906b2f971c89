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

/** The positions-only answer of each engine view, built and serialized once, as the valuation's. */
const positionsAnswers = new WeakMap<PortfolioView, ReturnType<typeof positionsAnswerOf>>();

function positionsAnswerOf(view: PortfolioView) {
  const { positions, ...others } = answerOf(view);
  return { positions: positions.map(({ lots, ...position }) => ({ ...position, lotCount: lots.length })), ...others };
}

/**
 * portfolio.positions (GET /api/portfolio/positions): the valuation of the same engine view without
 * the lots, each position saying how many it has (docs/decisions/0025, "Later: lots sent on open").
 * One object per version of the books, kept with its JSON and an ETag, as the valuation.
 */
export async function positionsAnswer(deps: ValuationDeps): Promise<ReturnType<typeof positionsAnswerOf>> {
  const view = await deps.portfolio.current();
  let answer = positionsAnswers.get(view);
  if (!answer) {
    answer = positionsAnswerOf(view);
    rememberSerialized(answer, {
      etag: `"positions-${view.version}-${view.computedAt.getTime()}"`,
      body: Buffer.from(JSON.stringify(answer)),
    });
    positionsAnswers.set(view, answer);
  }
  return answer;
}

type Lots = PortfolioView['valuation']['positions'][number]['lots'];

/** Each engine view's answers by symbol: at most one per held symbol (a symbol not held answers the shared empty list). */
const lotsAnswers = new WeakMap<PortfolioView, Map<string, Lots>>();
const NO_LOTS: Lots = [];

/**
 * portfolio.lots (GET /api/portfolio/lots?symbol=): one symbol's lots from the same engine view as
 * the valuation, oldest first, with the same figures. A symbol not held (never bought, or sold out
 * since the dashboard loaded) answers an empty list: there is nothing under it to show.
 */
export async function lotsAnswer(deps: ValuationDeps, symbol: string): Promise<Lots> {
  const view = await deps.portfolio.current();
  const wanted = symbol.trim().toUpperCase();
  let bySymbol = lotsAnswers.get(view);
  if (!bySymbol) lotsAnswers.set(view, (bySymbol = new Map<string, Lots>()));
  let answer = bySymbol.get(wanted);
  if (!answer) {
    const position = view.valuation.positions.find((p) => p.symbol === wanted);
    if (!position) return NO_LOTS;
    // A copy of the valuation's list, so the kept JSON is this answer's alone.
    answer = position.lots.slice();
    rememberSerialized(answer, {
      etag: `"lots-${view.version}-${view.computedAt.getTime()}-${encodeURIComponent(wanted)}"`,
      body: Buffer.from(JSON.stringify(answer)),
    });
    bySymbol.set(wanted, answer);
  }
  return answer;
}
