import type { SQL } from 'drizzle-orm';
import type { Queryable } from './open';

/** The rows of a raw statement, on either driver: postgres-js answers an array, PGlite an object with `rows`. */
export async function executedRows<T extends Record<string, unknown>>(db: Queryable, statement: SQL): Promise<T[]> {
  const result = (await db.execute<T>(statement)) as T[] | { rows: T[] };
  return Array.isArray(result) ? result : result.rows;
}
