import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import { loadConfig, type Config } from './config';
import { lockEmbeddedDatabase } from './db/embedded-lock';
import { openPglite, openPostgres, type Database } from './db/open';

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

/** Opens the configured database (PGlite under DATA_DIR unless DATABASE_URL is set) and migrates it. */
export async function openConfiguredDatabase(config: Config): Promise<OpenedDatabase> {
  if (config.databaseUrl) {
    const database = openPostgres(config.databaseUrl);
    await database.migrate();
    return { database, embedded: false, close: () => database.close() };
  }
  const unlock = lockEmbeddedDatabase(config.dataDir);
  try {
    const database = await openPglite(join(resolve(config.dataDir), 'pglite'));
    await database.migrate();
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
