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

/** The last answer of each kind an engine's views were given, and the figures it was made of. */
interface Made {
  positions: unknown;
  rest: string;
  answer: object;
}
const lastMade = new WeakMap<PortfolioEngine, Map<string, Made>>();

/**
 * The answer `kind` of a view: made and serialized once per view, and not even that when the view
 * shows what the one before showed. A view is made again every 30 s for the quotes' ages alone; at
 * 20,000 lots a new valuation answer is 3.7 MB of JSON and a Brotli pass, so while the positions
 * (the same objects: services/portfolio/engine.ts keeps them) and the rest of the figures are as
 * they were, the answer (its bytes, tag and compressed copies) is the one before.
 */
function keptAnswer<T extends object>(
  engine: PortfolioEngine,
  view: PortfolioView,
  kind: string,
  byView: WeakMap<PortfolioView, T>,
  make: () => T,
): T {
  const kept = byView.get(view);
  if (kept) return kept;
  const positions = view.valuation.positions;
  const rest = JSON.stringify([view.valuation.ventures, view.valuation.properties, view.valuation.totals, [...view.live]]);
  let made = lastMade.get(engine);
  if (!made) lastMade.set(engine, (made = new Map<string, Made>()));
  const last = made.get(kind);
  let answer: T;
  if (last && last.positions === positions && last.rest === rest) answer = last.answer as T;
  else {
    answer = make();
    rememberSerialized(answer, {
      etag: `"${kind}-${view.version}-${view.computedAt.getTime()}"`,
      body: Buffer.from(JSON.stringify(answer)),
    });
    made.set(kind, { positions, rest, answer });
  }
  byView.set(view, answer);
  return answer;
}

/**
 * portfolio.valuation (GET /api/portfolio/valuation): every figure of the dashboards, as decimal
 * text. One object per version of the books, kept with its JSON and an ETag, as the holdings answer.
 */
export async function valuationAnswer(deps: ValuationDeps): Promise<ReturnType<typeof answerOf>> {
  const view = await deps.portfolio.current();
  return keptAnswer(deps.portfolio, view, 'valuation', answers, () => answerOf(view));
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
  return keptAnswer(deps.portfolio, view, 'positions', positionsAnswers, () => positionsAnswerOf(view));
}

type Lots = PortfolioView['valuation']['positions'][number]['lots'];

/**
 * The answer of each position's lots, by the valuation's own list: a position the engine kept as
 * it was (its lots and their figures unchanged) keeps its answer from view to view.
 */
const lotsAnswers = new WeakMap<Lots, Lots>();
const NO_LOTS: Lots = [];

/**
 * portfolio.lots (GET /api/portfolio/lots?symbol=): one symbol's lots from the same engine view as
 * the valuation, oldest first, with the same figures. A symbol not held (never bought, or sold out
 * since the dashboard loaded) answers an empty list: there is nothing under it to show.
 */
export async function lotsAnswer(deps: ValuationDeps, symbol: string): Promise<Lots> {
  const view = await deps.portfolio.current();
  const wanted = symbol.trim().toUpperCase();
  const position = view.valuation.positions.find((p) => p.symbol === wanted);
  if (!position) return NO_LOTS;
  let answer = lotsAnswers.get(position.lots);
  if (!answer) {
    // A copy of the valuation's list, so the kept JSON is this answer's alone.
    answer = position.lots.slice();
    rememberSerialized(answer, {
      etag: `"lots-${view.version}-${view.computedAt.getTime()}-${encodeURIComponent(wanted)}"`,
      body: Buffer.from(JSON.stringify(answer)),
    });
    lotsAnswers.set(position.lots, answer);
  }
  return answer;
}
