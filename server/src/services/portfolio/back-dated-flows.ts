import { and, eq, gte, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/open';
import { capitalEntries, ledgerEntries } from '../../db/schema';
import { centsText, dec } from '../../domain/money';

/**
 * The new money of capital contributions and distributions dated before the day they were recorded
 * (docs/decisions/0012-returns.md, docs/decisions/0018-history-from-the-first-entry.md). Their cash
 * moves through a deposit or withdrawal booked on the recording day, but the ledger's replay counts
 * it from the capital entry's date, so the rebuilt snapshots hold it from then on. The returns put
 * such a flow on the first day whose value holds the cash (`flowDayOf`), so neither that day nor the
 * recording day shows a jump that is only the cash arriving.
 */
export interface BackDatedFlow {
  /** The capital entry's date: the cash counts from it in the replayed books. */
  date: string;
  /** The ledger's book date of its cash (the day it was recorded). */
  bookDate: string;
  /** When it was recorded: a snapshot taken before that lacks its cash. */
  at: Date;
  /** New money in (+) or out (−), cents text. */
  flow: string;
}

/** Whether a ledger entry is the cash of a back-dated capital entry (its date before the entry's book date). */
export const isBackDatedCapital: SQL = sql`exists (select 1 from ${capitalEntries} where ${capitalEntries.ledgerEntryId} = ${ledgerEntries.id} and ${capitalEntries.date} < ${ledgerEntries.bookDate})`;

/** The back-dated capital flows booked from `fromBook` (inclusive) to `toBook` (inclusive). */
export async function backDatedFlows(db: Queryable, fromBook: string, toBook: string): Promise<BackDatedFlow[]> {
  const rows = await db
    .select({ date: capitalEntries.date, bookDate: ledgerEntries.bookDate, at: ledgerEntries.at, flow: ledgerEntries.flow })
    .from(ledgerEntries)
    .innerJoin(capitalEntries, eq(capitalEntries.ledgerEntryId, ledgerEntries.id))
    .where(
      and(
        gte(ledgerEntries.bookDate, fromBook),
        lte(ledgerEntries.bookDate, toBook),
        lt(capitalEntries.date, ledgerEntries.bookDate),
        sql`${ledgerEntries.flow} <> 0`,
      ),
    );
  return rows.map((r) => ({ date: r.date, bookDate: r.bookDate, at: r.at, flow: centsText(dec(r.flow ?? '0')) }));
}

/** A stored day of the series: its date and when its snapshot was taken. */
export interface StampedDay {
  date: string;
  takenAt: Date;
}

/**
 * The day of the series (oldest first) a back-dated flow belongs to: the first day from its date,
 * before its book date, whose snapshot was taken once it was recorded (so the value holds its
 * cash); its book date when there is none (the snapshots since its date lack the cash: not rebuilt
 * yet). Null when the first day of the series already holds it and it is dated before that day: the
 * cash is in the starting value, as an entry booked before the series starts.
 */
export function flowDayOf(flow: BackDatedFlow, days: readonly StampedDay[]): string | null {
  for (const [i, day] of days.entries()) {
    if (day.date >= flow.bookDate) break;
    if (day.date < flow.date || day.takenAt < flow.at) continue;
    return i === 0 && flow.date < day.date ? null : day.date;
  }
  return flow.bookDate;
}
