import { yieldToLoop } from './yield';

/**
 * Rows per statement when an import (or any bulk write) reads or writes thousands of rows. On the
 * embedded database a statement runs on the event loop from start to end: at 1,000 rows an insert
 * of ledger entries held it 40–57 ms and 10,000 sequence values 140–180 ms; at 250 each statement
 * stays near 10 ms, and the loop runs what waits (other requests, /healthz) between two of them.
 * On PostgreSQL the extra round trips cost a few milliseconds per 10,000 rows.
 */
export const ROWS_PER_STATEMENT = 250;

/** `run` once per ROWS_PER_STATEMENT rows, in order, letting the event loop run between two statements. */
export async function inStatements<T>(rows: readonly T[], run: (part: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
    if (i > 0) await yieldToLoop();
    await run(rows.slice(i, i + ROWS_PER_STATEMENT));
  }
}
