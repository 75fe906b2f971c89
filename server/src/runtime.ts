import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import { loadConfig, type Config } from './config';
import { lockEmbeddedDatabase } from './db/embedded-lock';
import { openPglite, openPostgres, type Database } from './db/open';
import { DatabaseStartError, databaseFailureLine, waitForPostgres } from './db/wait';
import { isDatabaseUnavailable } from './db/errors';

/** Settings from the environment, with a .env file in the working directory read first if present. */
export function readConfig(): Config {
  if (existsSync('.env')) process.loadEnvFile('.env');
  return loadConfig(process.env);
}

export interface OpenedDatabase {
  database: Database;
  /** True for the embedded PGlite database. */
  embedded: boolean;
  close(): Promise<void>;
}

export interface PrepareOptions {
  /** Runs after the migrations, under the migration lock: the demo seed. */
  afterMigrate?: (database: Database) => Promise<void>;
  /** Told each time PostgreSQL is not reachable yet and another try follows. */
  onWait?: (reason: string, retryInMs: number) => void;
}

/**
 * Opens the configured database without touching it yet: PGlite under DATA_DIR (taking the
 * embedded lock), or a PostgreSQL pool when DATABASE_URL is set (which connects on first use).
 */
export async function openDatabase(config: Config): Promise<OpenedDatabase> {
  if (config.databaseUrl) {
    const database = openPostgres(config.databaseUrl);
    return { database, embedded: false, close: () => database.close() };
  }
  const unlock = lockEmbeddedDatabase(config.dataDir);
  try {
    const database = await openPglite(join(resolve(config.dataDir), 'pglite'));
    return {
      database,
      embedded: true,
      close: async () => {
        await database.close();
        unlock();
      },
    };
  } catch (err) {
    unlock();
    throw err;
  }
}

/**
 * Makes an opened database ready: waits up to DATABASE_WAIT_SECONDS for PostgreSQL to answer,
 * migrates, and runs `afterMigrate` under the migration lock. A database that cannot be used
 * throws a DatabaseStartError whose message is one line naming DATABASE_URL.
 */
export async function prepareDatabase(opened: OpenedDatabase, config: Config, options: PrepareOptions = {}): Promise<void> {
  const { afterMigrate } = options;
  const after = afterMigrate && (() => afterMigrate(opened.database));
  if (!config.databaseUrl) return opened.database.migrate(after);
  const url = config.databaseUrl;
  await waitForPostgres(url, config.databaseWaitSeconds, { onWait: options.onWait });
  try {
    await opened.database.migrate(after);
  } catch (err) {
    // Gone again, or refused, between the wait and the migration: the same one line.
    if (isDatabaseUnavailable(err)) throw new DatabaseStartError(databaseFailureLine(err, url));
    throw err;
  }
}

/** Opens and prepares the configured database (operator commands); closes it again if that fails. */
export async function openConfiguredDatabase(config: Config, options: PrepareOptions = {}): Promise<OpenedDatabase> {
  const opened = await openDatabase(config);
  try {
    await prepareDatabase(opened, config, options);
  } catch (err) {
    await opened.close().catch(() => undefined);
    throw err;
  }
  return opened;
}

/** JWT_SECRET, or in the embedded default a random one kept in DATA_DIR so sessions survive restarts. */
export function jwtSecretFor(config: Config): string {
  if (config.jwtSecret) return config.jwtSecret;
  mkdirSync(config.dataDir, { recursive: true });
  const file = join(config.dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
