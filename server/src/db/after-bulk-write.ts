import { getTableName, sql, type Table } from 'drizzle-orm';
import type { Queryable } from './open';

/**
 * After thousands of rows are written at once (an import), VACUUM the tables they went to, one at
 * a time. The embedded database has no autovacuum (PGlite runs PostgreSQL in single-user mode), so
 * its planner never learns a table's size: with 10,000 new ledger entries it read a page of 1,000
 * by scanning and sorting the whole table (60–130 ms a page) instead of the primary key (6 ms).
 * VACUUM records the size and marks the new rows visible (what each first read would otherwise do)
 * in about 20 ms per 10,000 rows, and skips pages already visible; on PostgreSQL it does early what
 * autovacuum would do soon. Never inside a transaction; a failure is the caller's to log, not the write's.
 */
export async function vacuumAfterBulkWrite(db: Queryable, tables: readonly Table[], between: () => Promise<void>): Promise<void> {
  for (const [i, table] of tables.entries()) {
    if (i > 0) await between();
    await db.execute(sql`vacuum ${sql.identifier(getTableName(table))}`);
  }
}
