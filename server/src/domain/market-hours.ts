/**
 * US stock market hours, on New York time: Monday to Friday, 9:30 to 16:00. Exchange holidays
 * are not known here, so a holiday counts as open; the quote's own time still shows its close.
 */
const OPEN_MINUTE = 9 * 60 + 30;
const CLOSE_MINUTE = 16 * 60;

const parts = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/New_York',
  weekday: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** Whether the US stock market is in session at this moment. */
export function isUsMarketOpen(at: Date): boolean {
  const got = Object.fromEntries(parts.formatToParts(at).map((p) => [p.type, p.value]));
  if (got.weekday === 'Sat' || got.weekday === 'Sun') return false;
  const minute = Number(got.hour) * 60 + Number(got.minute);
  return minute >= OPEN_MINUTE && minute < CLOSE_MINUTE;
}

/** The words shown beside a stock or index quote while the market is shut. */
export const MARKET_CLOSED = 'Market closed';
