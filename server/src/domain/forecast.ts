/**
 * The next-day close model: a drift-adjusted forecast. Start from the last close, and
 * add the recent drift: an exponentially weighted mean of daily log returns, damped by half
 * because drift persists only partly. Every step is a formula a partner can check by hand; on a
 * pure random walk it stays close to "tomorrow = today".
 */

export const FORECAST_MODEL = 'last close × exp(0.5 × EWMA of daily log returns, weight 0.1)';

const WEIGHT = 0.1;
const DAMPING = 0.5;

/** Fewer closes than this and no prediction is made. */
export const MIN_CLOSES = 10;

/** The predicted next close after the given closes (oldest first), or null with too little history. */
export function forecastNext(closes: readonly number[]): number | null {
  if (closes.length < MIN_CLOSES || closes.some((c) => !(c > 0))) return null;
  let drift = 0;
  for (let t = 1; t < closes.length; t += 1) {
    const logReturn = Math.log((closes[t] ?? 1) / (closes[t - 1] ?? 1));
    drift = WEIGHT * logReturn + (1 - WEIGHT) * drift;
  }
  return (closes.at(-1) ?? 0) * Math.exp(DAMPING * drift);
}

export interface BacktestResult {
  /** How many next-day forecasts were scored. */
  points: number;
  modelMae: number;
  naiveMae: number;
  /** Mean absolute errors in percent of the actual close, comparable across symbols. */
  modelMape: number;
  naiveMape: number;
}

/**
 * Walks forward through the closes: each day from MIN_CLOSES on is forecast from the days before it
 * by the model and by the naive "tomorrow = today", and both errors are averaged.
 */
export function backtest(closes: readonly number[]): BacktestResult {
  let points = 0;
  let model = 0;
  let naive = 0;
  let modelPct = 0;
  let naivePct = 0;
  for (let t = MIN_CLOSES; t < closes.length; t += 1) {
    const actual = closes[t] ?? 0;
    const predicted = forecastNext(closes.slice(0, t));
    const today = closes[t - 1] ?? 0;
    if (predicted === null || actual <= 0) continue;
    points += 1;
    model += Math.abs(predicted - actual);
    naive += Math.abs(today - actual);
    modelPct += (Math.abs(predicted - actual) / actual) * 100;
    naivePct += (Math.abs(today - actual) / actual) * 100;
  }
  const mean = (total: number) => (points === 0 ? 0 : total / points);
  return { points, modelMae: mean(model), naiveMae: mean(naive), modelMape: mean(modelPct), naiveMape: mean(naivePct) };
}
