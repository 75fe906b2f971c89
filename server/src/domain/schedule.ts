import { dayInNewYork } from './dates';

/**
 * When the portal's own documents are due (docs/decisions/0021): a day's quarter, the quarter
 * before it, and the Monday 08:00 New York moment at which weekly digests go out.
 */

/** The quarter a YYYY-MM-DD day falls in, as "2026-Q3". */
export function quarterOfDay(day: string): string {
  const month = Number(day.slice(5, 7));
  return `${day.slice(0, 4)}-Q${Math.floor((month - 1) / 3) + 1}`;
}

/** The quarter before the one a day falls in: the last one that has ended. */
export function quarterBefore(day: string): string {
  const year = Number(day.slice(0, 4));
  const q = Math.floor((Number(day.slice(5, 7)) - 1) / 3) + 1;
  return q === 1 ? `${year - 1}-Q4` : `${year}-Q${q - 1}`;
}

const newYorkParts = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/New_York',
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** Minutes New York is ahead of UTC at a moment (−300 in winter, −240 in summer). */
function newYorkOffsetMinutes(at: Date): number {
  const parts = Object.fromEntries(newYorkParts.formatToParts(at).map((p) => [p.type, p.value]));
  const asUtc = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return Math.round((asUtc - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}

/** The moment a New York wall-clock time of a day happens. */
export function newYorkMoment(day: string, hour: number): Date {
  const guess = Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)), hour);
  const first = guess - newYorkOffsetMinutes(new Date(guess)) * 60_000;
  // Near a change of the clocks the offset at the first answer may differ from the guess's.
  return new Date(guess - newYorkOffsetMinutes(new Date(first)) * 60_000);
}

/** The digest's hour: Mondays at 08:00 in New York. */
export const DIGEST_HOUR = 8;

/** The latest Monday 08:00 New York at or before `now`: a digest covers what was queued before it. */
export function lastDigestMoment(now: Date): Date {
  const today = dayInNewYork(now);
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay();
  const sinceMonday = (weekday + 6) % 7;
  const monday = new Date(`${today}T00:00:00Z`);
  monday.setUTCDate(monday.getUTCDate() - sinceMonday);
  const moment = newYorkMoment(monday.toISOString().slice(0, 10), DIGEST_HOUR);
  if (moment.getTime() <= now.getTime()) return moment;
  monday.setUTCDate(monday.getUTCDate() - 7);
  return newYorkMoment(monday.toISOString().slice(0, 10), DIGEST_HOUR);
}
