import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { migratePostgres, migrationsFolder } from './migrate';
import { schema } from './schema';
import { migrate as migratePgliteDb } from 'drizzle-orm/pglite/migrator';

type Schema = typeof schema;

/** The database handle every service takes: the same type on PGlite and on PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Either the database or an open transaction on it. */
export type Queryable = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies the committed migrations in drizzle/. */
  migrate(): Promise<void>;
  /** Answers whether the database can run a query. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/** PGlite in memory (no dataDir) or stored under dataDir. */
export async function openPglite(dataDir?: string): Promise<Database> {
  const client = dataDir ? await PGlite.create(dataDir) : await PGlite.create();
  const pgliteDb = drizzlePglite({ client, schema });
  const db: Db = pgliteDb;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePgliteDb(pgliteDb, { migrationsFolder: migrationsFolder() }),
    ping: () => pingWith(db),
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

export function openPostgres(url: string, max = 10): Database {
  const client = postgres(url, { max, onnotice: () => undefined });
  const db: Db = drizzlePostgres({ client, schema });
  return {
    db,
    kind: 'postgres',
    migrate: () => migratePostgres(url),
    ping: () => pingWith(db),
    close: () => client.end({ timeout: 5 }),
  };
}

async function pingWith(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
