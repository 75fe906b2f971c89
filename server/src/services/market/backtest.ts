import { asc, inArray } from 'drizzle-orm';
import type { Queryable } from '../../db/open';
import { dailyCloses } from '../../db/schema';
import { backtest, FORECAST_MODEL, type BacktestResult } from '../../domain/forecast';
import { quoteKey } from './provider';
import { heldInstruments } from './quote-cache';

export interface BacktestDeps {
  db: Queryable;
}

export interface BacktestReport {
  model: string;
  bySymbol: (BacktestResult & { ticker: string })[];
  overall: BacktestResult;
}

/** Scores the prediction model against "tomorrow = today" on every held symbol's stored closes. */
export async function backtestHeldSymbols(deps: BacktestDeps): Promise<BacktestReport> {
  const { db } = deps;
  const held = await heldInstruments(db);
  const keys = held.map(quoteKey);
  const rows = keys.length ? await db.select().from(dailyCloses).where(inArray(dailyCloses.key, keys)).orderBy(asc(dailyCloses.date)) : [];
  const bySymbol = held
    .map((h) => ({ ticker: h.symbol, ...backtest(rows.filter((r) => r.key === quoteKey(h)).map((r) => Number(r.close))) }))
    .filter((r) => r.points > 0)
    .sort((a, b) => a.ticker.localeCompare(b.ticker));
  const points = bySymbol.reduce((n, r) => n + r.points, 0);
  const weighted = (pick: (r: BacktestResult) => number) =>
    points === 0 ? 0 : bySymbol.reduce((total, r) => total + pick(r) * r.points, 0) / points;
  return {
    model: FORECAST_MODEL,
    bySymbol,
    overall: {
      points,
      modelMae: weighted((r) => r.modelMae),
      naiveMae: weighted((r) => r.naiveMae),
      modelMape: weighted((r) => r.modelMape),
      naiveMape: weighted((r) => r.naiveMape),
    },
  };
}

/** The report as the CLI prints it. */
export function formatBacktest(report: BacktestReport): string {
  if (report.bySymbol.length === 0) return 'No stored daily closes of held symbols to test on.';
  const money = (n: number) => n.toFixed(2).padStart(12);
  const pct = (n: number) => `${n.toFixed(2)}%`.padStart(9);
  const header = `${'Ticker'.padEnd(8)}${'Days'.padStart(6)}${'Model MAE $'.padStart(12)}${'Naive MAE $'.padStart(12)}${'Model %'.padStart(9)}${'Naive %'.padStart(9)}`;
  const line = (r: BacktestResult & { ticker: string }) =>
    `${r.ticker.padEnd(8)}${String(r.points).padStart(6)}${money(r.modelMae)}${money(r.naiveMae)}${pct(r.modelMape)}${pct(r.naiveMape)}`;
  const o = report.overall;
  const verdict =
    o.modelMape < o.naiveMape
      ? `The model's mean absolute error is ${(o.naiveMape - o.modelMape).toFixed(3)} points lower than the naive forecast's.`
      : `The model does not beat the naive forecast here (${o.modelMape.toFixed(3)}% against ${o.naiveMape.toFixed(3)}%).`;
  return [
    `Model: ${report.model}`,
    'Each day is predicted from the days before it; "naive" predicts tomorrow = today.',
    '',
    header,
    ...report.bySymbol.map(line),
    '',
    `${'ALL'.padEnd(8)}${String(o.points).padStart(6)}${money(o.modelMae)}${money(o.naiveMae)}${pct(o.modelMape)}${pct(o.naiveMape)}`,
    '',
    verdict,
  ].join('\n');
}
