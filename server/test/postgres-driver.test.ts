import postgres from 'postgres';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Database } from '../src/db/open';
import { isDatabaseUnavailable } from '../src/db/errors';
import { skipWithoutCluster, createCluster, type PgCluster } from './support/pg-cluster';

/**
 * The postgres driver (3.4.9, patched in patches/) when a connection dies under it. Unpatched, each
 * case below throws `TypeError: Cannot read properties of null (reading 'write')` from a
 * setImmediate callback (porsager/postgres#1066, #1154, #1208): an uncaught exception that ends
 * the process. Patched, the query fails with a connection error and the pool carries on.
 */
const { skip, reason: unavailable } = skipWithoutCluster('the postgres driver tests');

/** Resolves once `check` holds, polling; fails after a generous deadline. */
async function eventually<T>(check: () => Promise<T>, deadlineMs = 30_000): Promise<T> {
  const end = Date.now() + deadlineMs;
  for (;;) {
    try {
      return await check();
    } catch (err) {
      if (Date.now() > end) throw err;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

describe.skipIf(skip)(`the postgres driver when its connection dies${unavailable ? ` (skipped: ${unavailable})` : ''}`, () => {
  let cluster: PgCluster;
  let url = '';
  let killer: postgres.Sql;

  beforeAll(async () => {
    if (unavailable) throw new Error(`CI needs a PostgreSQL cluster for this test: ${unavailable}`);
    cluster = await createCluster();
    url = await cluster.createDatabase('driver');
    killer = postgres(url, { max: 1, onnotice: () => undefined });
  }, 120_000);

  afterAll(async () => {
    await killer?.end({ timeout: 5 });
    cluster?.destroy();
  });

  /** Ends the backend with this pid, as a restart or an operator would. */
  const terminate = async (pid: number) => {
    await killer`select pg_terminate_backend(${pid})`;
  };

  it('fails a transaction cut in the middle with a connection error, and the pool answers the next query', async () => {
    const database: Database = openPostgres(url, 1);
    try {
      const [{ pid }] = (await database.db.execute(sql`select pg_backend_pid() as pid`)) as unknown as [{ pid: number }];
      let failure: unknown;
      const transaction = database.db
        .transaction(async (tx) => {
          await tx.execute(sql`select 1`);
          await tx.execute(sql`select pg_sleep(30)`);
        })
        .catch((err: unknown) => {
          failure = err;
        });
      // The sleep has started once the backend reports it.
      await eventually(async () => {
        const [row] = await killer`select count(*)::int as n from pg_stat_activity where pid = ${pid} and query like '%pg_sleep%'`;
        if (row?.n !== 1) throw new Error('not sleeping yet');
      });
      await terminate(pid);
      await transaction;
      expect(isDatabaseUnavailable(failure)).toBe(true);
      const rows = (await eventually(() => database.db.execute(sql`select 2 as two`))) as unknown as { two: number }[];
      expect([...rows]).toEqual([{ two: 2 }]);
    } finally {
      await database.close();
    }
  });

  it('rejects a query on a reserved connection whose backend died, then the pool reconnects', async () => {
    const client = postgres(url, { max: 1, onnotice: () => undefined });
    try {
      const reserved = await client.reserve();
      const [{ pid }] = await reserved<[{ pid: number }]>`select pg_backend_pid() as pid`;
      await terminate(pid);
      const outcomes = [];
      for (let i = 0; i < 3; i++) {
        outcomes.push(
          await reserved`select 1`.then(
            () => 'ok',
            (err: { code?: string }) => err.code ?? 'error',
          ),
        );
      }
      expect(outcomes.some((o) => o !== 'ok')).toBe(true);
      reserved.release();
      const rows = await eventually(() => client`select 3 as three`);
      expect([...rows]).toEqual([{ three: 3 }]);
    } finally {
      await client.end({ timeout: 5 });
    }
  });
});
