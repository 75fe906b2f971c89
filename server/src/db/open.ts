import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { createPostgresListener } from './listener';
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
  /**
   * Applies the committed migrations in drizzle/, then runs `afterMigrate` under the same
   * PostgreSQL advisory lock (instances starting together take turns).
   */
  migrate: (afterMigrate?: () => Promise<void>) => Promise<void>;
  /** Answers whether the database can run a query. */
  ping: () => Promise<boolean>;
  /**
   * LISTEN on a channel: `onNotify` with each payload, `onListen` each time listening starts or
   * starts again after a lost connection, `onLost` when the connection is lost (notifications
   * may be missed until `onListen` again).
   */
  listen: (channel: string, onNotify: (payload: string) => void, onListen: () => void, onLost?: () => void) => Promise<() => Promise<void>>;
  close: () => Promise<void>;
  /**
   * PGlite only: a gzipped tarball of the database's files, taken while no transaction is open
   * (a checkpoint first), so it opens as it was at that moment (`PGlite.create(dir, { loadDataDir })`).
   */
  dump?: () => Promise<Blob>;
}

/**
 * PGlite's PostgreSQL with 32MB of shared buffers instead of PostgreSQL's 128MB. They live in
 * PGlite's WebAssembly memory, which the process holds from the start: an open stored database
 * takes about 180MB of memory against 290MB (measured 2026-11-26, three opens each; the CPU of an
 * open differed by less than its noise that day, though an earlier measurement gave 1.40 s against
 * 0.85 s). A firm's portal database is a few MB (the demo's is 9MB, catalogs included), and a page
 * beyond the buffers comes from the operating system's file cache. A start parameter, so nothing is
 * written to the database's postgresql.conf.
 *
 * wal_init_zero=off: PostgreSQL fills each new 16MB WAL segment with zeros before writing to it,
 * which PGlite does on the event loop: 70–110 ms in the middle of whichever statement crossed into
 * the next segment (an import of 10,000 lines crosses two). The zeros make a full disk show when a
 * segment is made rather than at a later write to it; either way the database stops writing. PGlite
 * runs with fsync off (-F, its default), so it does not rely on the disk's order of writes anyway.
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB', '-c', 'wal_init_zero=off'];

/**
 * PGlite as drizzle reaches it (`query`, and `query` inside `transaction`), taking a turn of the
 * event loop before each statement. PGlite runs a statement on the event loop and answers it with
 * promises alone, so a run of statements (a job's steps, pages read one after another) never let
 * the loop turn: after an import of 10,000 lines such runs held it 200–500 ms, and /healthz waited.
 * Each statement now holds it only as long as that statement takes.
 */
function takingTurns(client: PGlite): PGlite {
  const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
  type Query = PGlite['query'];
  const afterTurn =
    (query: Query): Query =>
    async (...args: Parameters<Query>) => {
      await turn();
      return query(...args);
    };
  const turning: Pick<PGlite, 'query' | 'transaction'> = {
    query: afterTurn(client.query.bind(client)),
    // The transaction's own object (its `closed` getter included) with a query that takes a turn first.
    transaction: (work) =>
      client.transaction((tx) =>
        work(Object.assign(Object.create(tx) as typeof tx, { query: afterTurn((...args: Parameters<Query>) => tx.query(...args)) })),
      ),
  };
  // drizzle's PGlite driver calls only these two; its type names the class.
  return turning as PGlite;
}

/**
 * PGlite in memory (no dataDir) or stored under dataDir; in memory it may start from a copy of
 * another database's files (`PGlite.dumpDataDir`), as the tests do from one migrated template.
 */
export async function openPglite(dataDir?: string, startFrom?: Blob): Promise<Database> {
  const options = { startParams: PGLITE_START_PARAMS, ...(startFrom && !dataDir ? { loadDataDir: startFrom } : {}) };
  const client = dataDir ? await PGlite.create(dataDir, options) : await PGlite.create(options);
  const pgliteDb = drizzlePglite({ client: takingTurns(client), schema });
  const db: Db = pgliteDb;
  return {
    db,
    kind: 'pglite',
    // One process owns an embedded database: nobody to take turns with.
    migrate: async (afterMigrate) => {
      await migratePgliteDb(pgliteDb, { migrationsFolder: migrationsFolder() });
      await afterMigrate?.();
    },
    ping: () => pingWith(db),
    listen: async (channel, onNotify, onListen) => {
      const unsubscribe = await client.listen(channel, onNotify);
      onListen();
      return async () => {
        if (!client.closed) await unsubscribe();
      };
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
    // PGlite runs one transaction at a time: inside this one, no other is half done.
    dump: () =>
      client.transaction(async (tx) => {
        await tx.exec('checkpoint');
        return client.dumpDataDir('gzip');
      }),
  };
}

/**
 * How the pool behaves when PostgreSQL goes away (a restart, a failover, a network cut): a request
 * must get a 503 within a few seconds rather than wait, and the pool must come back on its own
 * within a second or two of the database returning. The driver's defaults wait up to 30 s for a
 * connection and back off up to 20 s between attempts, which holds requests for 17-19 s.
 */
export const POOL_OPTIONS = {
  /** Seconds to open a connection (TCP, start-up, authentication) before giving up on it. */
  connect_timeout: 3,
  /** Seconds before a failed connection is tried again: 50 ms doubling per failure, at most 1 s, with jitter. */
  backoff: (retries: number) => Math.min(0.05 * 2 ** retries, 1) * (0.5 + Math.random() / 2),
} as const;

/** How long /readyz waits for `select 1` before calling the database unavailable. */
const PING_TIMEOUT_MS = 2_000;

export function openPostgres(url: string, max = 10): Database {
  const client = postgres(url, { max, onnotice: () => undefined, ...POOL_OPTIONS });
  const db: Db = drizzlePostgres({ client, schema });
  let listener: ReturnType<typeof createPostgresListener> | undefined;
  return {
    db,
    kind: 'postgres',
    migrate: (afterMigrate) => migratePostgres(url, afterMigrate),
    ping: () => pingWith(db),
    // One connection for LISTEN, opened on first use.
    listen: (channel, onNotify, onListen, onLost) =>
      (listener ??= createPostgresListener(url, POOL_OPTIONS)).listen(channel, onNotify, onListen, onLost),
    close: async () => {
      await Promise.all([client.end({ timeout: 5 }), listener?.close()]);
    },
  };
}

async function pingWith(db: Db): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  // The query may go on after the probe has answered; its outcome is handled either way.
  const answered = db.execute(sql`select 1`).then(
    () => true,
    () => false,
  );
  const timedOut = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), PING_TIMEOUT_MS);
  });
  try {
    return await Promise.race([answered, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}
