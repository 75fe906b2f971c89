import { getTableColumns, getTableName, sql, type InferInsertModel } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Queryable } from './open';

/**
 * Many rows in one statement with one parameter: the rows as JSON, read back by
 * jsonb_to_recordset with the table's own column types (from the schema). Thousands of rows
 * this way cost a fraction of a VALUES list of as many parameters (an import's ledger entries and
 * audit events, docs/decisions/0017-broker-imports.md). A column no row sets is left to its default;
 * one some rows set and others not is refused, as a NOT NULL default would not apply to those.
 */
export async function insertJsonRows<T extends PgTable>(db: Queryable, table: T, rows: readonly InferInsertModel<T>[]): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.entries(getTableColumns(table)).filter(([key]) =>
    rows.some((r) => (r as Record<string, unknown>)[key] !== undefined),
  );
  for (const [key, column] of columns) {
    if (column.notNull && rows.some((r) => (r as Record<string, unknown>)[key] === undefined))
      throw new Error(`insertJsonRows: ${getTableName(table)}.${column.name} is set on some rows only`);
  }
  const json = rows.map((r) => {
    const out: Record<string, unknown> = {};
    for (const [key, column] of columns) {
      const value = (r as Record<string, unknown>)[key];
      out[column.name] = value instanceof Date ? value.toISOString() : value;
    }
    return out;
  });
  const names = sql.join(
    columns.map(([, c]) => sql.identifier(c.name)),
    sql`, `,
  );
  const types = sql.join(
    columns.map(([, c]) => sql`${sql.identifier(c.name)} ${sql.raw(recordType(c.getSQLType()))}`),
    sql`, `,
  );
  await db.execute(
    sql`insert into ${sql.identifier(getTableName(table))} (${names}) select ${names} from jsonb_to_recordset(${JSON.stringify(json)}::jsonb) as x(${types})`,
  );
}

/** A column's type as a record's field: a serial is the integer it holds. */
const recordType = (type: string): string => (type === 'serial' ? 'integer' : type === 'bigserial' ? 'bigint' : type);
