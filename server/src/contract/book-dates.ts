import { dayInNewYork, isCalendarDay } from '../domain/dates';

/** The earliest day anything can be dated in the books. */
export const EARLIEST_BOOK_DAY = '1900-01-01';

/**
 * The one date rule of the books, for every path that dates a purchase or an entry (Add
 * Investment, the assistant, venture and real estate rows, capital entries): a real day from
 * 1900-01-01 to today in New York, where the firm keeps its books. One message wherever it is broken.
 */
export const BOOK_DATE_RULE = 'A date cannot be before 1900-01-01 or after today (New York time).';

/** Null when `day` keeps the rule on the day `now` falls on in New York; the rule's message otherwise. */
export function bookDateProblem(day: string, now: Date): string | null {
  return isCalendarDay(day) && day >= EARLIEST_BOOK_DAY && day <= dayInNewYork(now) ? null : BOOK_DATE_RULE;
}
