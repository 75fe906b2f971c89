import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Queryable } from './open';

/**
 * Several statements that must see the books at one moment (pages of one table and a row of
 * another): inside the caller's transaction when it has one, else in a read-only one at
 * repeatable read.
 */
export async function inOneSnapshot<T>(db: Queryable, read: (tx: Queryable) => Promise<T>): Promise<T> {
  if (db instanceof PgTransaction) return read(db);
  return db.transaction(read, { isolationLevel: 'repeatable read', accessMode: 'read only' });
}
