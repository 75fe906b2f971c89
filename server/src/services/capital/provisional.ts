import { and, gte, lte, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/open';
import { portfolioSnapshots, type capitalEntries } from '../../db/schema';
import { PROVISIONAL_NOTE } from '../../contract/capital-rules';
import { provisionalBooks, type ProvisionalBooks } from '../../domain/capital';
import { dayInNewYork } from '../../domain/dates';
import type { Decimal } from '../../domain/money';
import type { FundRow } from './nav';
import { entryRecord } from './entries';

/**
 * Figures that rest on snapshots taken before an entry dated on or before their day was recorded
 * (a back-dated entry): marked provisional until those snapshots are taken again.
 */

type EntryRow = typeof capitalEntries.$inferSelect;

/** When each snapshot that can value a day of capital accounts was taken: from the one before the start on. */
async function snapshotStamps(db: Queryable, startDate: string) {
  const before = db
    .select({ date: sql`max(${portfolioSnapshots.date})` })
    .from(portfolioSnapshots)
    .where(lte(portfolioSnapshots.date, startDate));
  return db
    .select({ date: portfolioSnapshots.date, takenAt: portfolioSnapshots.takenAt })
    .from(portfolioSnapshots)
    .where(and(gte(portfolioSnapshots.date, sql`coalesce((${before}), ${startDate})`)));
}

/** Whether an entry was priced at an official net account value: one set for its date before it was recorded. */
export function pricedOfficially(row: EntryRow, officials: ReadonlyMap<string, Date>): boolean {
  const since = row.kind === 'commitment' ? undefined : officials.get(row.date);
  return since !== undefined && since.getTime() <= row.createdAt.getTime();
}

/**
 * `officials` (the days with an official net account value and when each was set): an entry priced
 * at one was not priced from a snapshot, so it is never mispriced.
 */
export async function provisionalOf(
  db: Queryable,
  fund: FundRow | null,
  all: readonly EntryRow[],
  today: string,
  officials: ReadonlyMap<string, Date>,
): Promise<ProvisionalBooks> {
  const priced = all.filter((r) => r.kind !== 'commitment');
  const stamps = fund && priced.length > 0 ? await snapshotStamps(db, fund.startDate) : [];
  return provisionalBooks(
    priced.map((r) => ({
      id: r.id,
      date: r.date,
      recordedAt: r.createdAt,
      pricedFromSnapshot: r.date < dayInNewYork(r.createdAt) && !pricedOfficially(r, officials),
    })),
    stamps,
    today,
  );
}

/** A holder's value on a day is provisional if that day's value per unit is, or units were priced wrongly by then (and they hold some). */
export function provisionalOnDay(books: ProvisionalBooks, day: string, units: Decimal): boolean {
  return !units.eq(0) && (books.isStale(day) || (books.firstMispriced !== null && books.firstMispriced <= day));
}

/** What an answer says when something is provisional: from which day, whether today's figures are, and why. */
export interface ProvisionalMark {
  since: string;
  figures: boolean;
  note: string;
}

export function provisionalMark(since: string | null, figures: boolean): ProvisionalMark | null {
  return since === null ? null : { since, figures, note: PROVISIONAL_NOTE };
}

/**
 * An entry as accounts and statements show it: when it was recorded, whether its price is
 * provisional, and whether it was priced at an official net account value (one set for its date
 * before it was recorded: `officials` maps those days to when they were set).
 */
export const entryView = (row: EntryRow, books: ProvisionalBooks, officials: ReadonlyMap<string, Date>) => ({
  ...entryRecord(row),
  recorded_on: dayInNewYork(row.createdAt),
  provisional: books.mispriced.has(row.id),
  official: pricedOfficially(row, officials),
});

/** The earlier of two days, either of which may be missing. */
export const earlier = (a: string | null, b: string | null): string | null => (a === null ? b : b === null ? a : a < b ? a : b);
