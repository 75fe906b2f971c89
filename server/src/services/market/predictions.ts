import { desc, eq, notInArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/open';
import { dailyCloses, predictions } from '../../db/schema';
import { FORECAST_MODEL, forecastNext } from '../../domain/forecast';
import { quoteKey, type Instrument } from './provider';
import { heldInstruments, type OnFailure } from './quote-cache';

export interface PredictionsDeps {
  db: Queryable;
  now: () => Date;
}

/** How many of the latest closes the model reads. */
export const HISTORY_FOR_FORECAST = 120;

export interface PredictionView {
  ticker: string;
  prediction: number;
}

/** The closes of a key, oldest first, at most `limit` of the latest. */
export async function closesOf(db: Queryable, key: string, limit: number): Promise<{ date: string; close: number }[]> {
  const rows = await db
    .select({ date: dailyCloses.date, close: dailyCloses.close })
    .from(dailyCloses)
    .where(eq(dailyCloses.key, key))
    .orderBy(desc(dailyCloses.date))
    .limit(limit);
  return rows.reverse().map((r) => ({ date: r.date, close: Number(r.close) }));
}

/**
 * Predicts the next close of every held symbol and drops predictions of symbols no longer held.
 * A symbol whose prediction fails is reported and skipped; the others are still made.
 */
export async function updatePredictions(deps: PredictionsDeps, onFailure: OnFailure = () => undefined): Promise<number> {
  const { db } = deps;
  const at = deps.now();
  const held = await heldInstruments(db);
  let made = 0;
  for (const instrument of held) {
    try {
      if (await predict(db, instrument, at)) made += 1;
    } catch (err) {
      onFailure(`the prediction of ${instrument.symbol}`, err);
    }
  }
  const tickers = held.map((h) => h.symbol);
  await db.delete(predictions).where(tickers.length > 0 ? notInArray(predictions.ticker, tickers) : sql`true`);
  return made;
}

async function predict(db: Queryable, instrument: Instrument, at: Date): Promise<boolean> {
  const closes = await closesOf(db, quoteKey(instrument), HISTORY_FOR_FORECAST);
  const prediction = forecastNext(closes.map((c) => c.close));
  const last = closes.at(-1);
  if (prediction === null || !last || !Number.isFinite(prediction)) return false;
  const row = {
    ticker: instrument.symbol,
    prediction: prediction.toFixed(8),
    lastClose: String(last.close),
    basedOn: last.date,
    model: FORECAST_MODEL,
    computedAt: at,
  };
  const { ticker: _ticker, ...update } = row;
  await db.insert(predictions).values(row).onConflictDoUpdate({ target: predictions.ticker, set: update });
  return true;
}

/** Cents for prices of a dollar or more, six significant digits below (small-priced crypto). */
const roundPrice = (p: number): number => (p >= 1 ? Math.round(p * 100) / 100 : Number(p.toPrecision(6)));

/** GET /api/predictions: the next-day close per upper-case ticker. */
export async function listPredictions(deps: PredictionsDeps): Promise<PredictionView[]> {
  const rows = await deps.db.select().from(predictions).orderBy(predictions.ticker);
  return rows.map((r) => ({ ticker: r.ticker, prediction: roundPrice(Number(r.prediction)) }));
}
