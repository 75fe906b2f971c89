/** Calendar days as YYYY-MM-DD text, the format docs/product.md §9 gives for asset dates. */

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether text is a real calendar day in YYYY-MM-DD form (2026-02-30 is not). */
export function isCalendarDay(text: string): boolean {
  const match = DAY.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

// en-CA writes dates as YYYY-MM-DD. Made once: building a formatter costs tens of microseconds, and
// the capital accounts ask for the day of every entry (500 LPs' entries at a firm's size).
const newYorkDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/New_York',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The firm keeps its books on New York time: the trading day a moment falls on there. */
export function dayInNewYork(at: Date): string {
  // The same moment asked again (an import checks each of its lines against one "now") is answered
  // from the last: a format costs microseconds, which 10,000 lines made about 30 ms.
  const ms = at.getTime();
  if (ms !== lastAsked.ms) lastAsked = { ms, day: newYorkDay.format(at) };
  return lastAsked.day;
}
let lastAsked = { ms: Number.NaN, day: '' };

/** The day `days` after (or before, when negative) a YYYY-MM-DD day. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Saturday or Sunday: no stock or index closes. */
export function isWeekend(day: string): boolean {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return weekday === 0 || weekday === 6;
}

const easternMoment = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/New_York',
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

/** A moment as people at the firm read it, e.g. "Nov 22, 2026, 6:15 PM EST" (for e-mails). */
export function easternDateTime(at: Date): string {
  return easternMoment.format(at);
}
