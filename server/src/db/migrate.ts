import { migrate as migratePostgresDb } from 'drizzle-orm/postgres-js/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { findUp } from '../paths';

/** The committed drizzle/ folder, found from this file whether run from src/ or the bundle in dist/. */
export function migrationsFolder(): string {
  const folder = findUp('drizzle', 'drizzle/meta/_journal.json');
  if (!folder) throw new Error('The drizzle/ migrations folder was not found');
  return folder;
}

/** A fixed key so concurrent instances starting together migrate one at a time. */
const MIGRATION_LOCK = 727_001;

/**
 * Applies the migrations, then runs `afterMigrate` (the demo seed) while still holding the lock, so
 * of several instances starting together on an empty database one seeds and the others find it done.
 */
export async function migratePostgres(url: string, afterMigrate?: () => Promise<void>): Promise<void> {
  // One dedicated connection holds the session-level advisory lock; ending it releases the lock.
  const client = postgres(url, { max: 1, onnotice: () => undefined });
  try {
    await client`select pg_advisory_lock(${MIGRATION_LOCK})`;
    await migratePostgresDb(drizzlePostgres({ client }), { migrationsFolder: migrationsFolder() });
    await afterMigrate?.();
    await client`select pg_advisory_unlock(${MIGRATION_LOCK})`;
  } finally {
    await client.end({ timeout: 5 });
  }
}
