import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openPglite, type Database, type Queryable } from '../src/db/open';
import { openTestDatabase } from './support/databases';

async function setting(database: Database, name: string): Promise<unknown> {
  const rows = await database.db.execute(sql`select current_setting(${name}) as value`);
  return (rows as unknown as { rows: { value: unknown }[] }).rows[0]?.value;
}

describe('the embedded database (PGlite)', () => {
  // Two databases are created and migrated from scratch here, one on disk: on a machine whose cores
  // are all taken that took over 30 s (load 19 on 2 cores), so this test gets the database tests' time.
  it(
    'runs with 32MB of shared buffers and WAL segments not zero-filled, stored under a data folder and in memory alike',
    { timeout: 120_000 },
    async () => {
      const folder = mkdtempSync(join(tmpdir(), 'portal-embedded-'));
      const stored = await openPglite(join(folder, 'pglite'));
      const inMemory = await openTestDatabase('pglite');
      try {
        expect(await setting(stored, 'shared_buffers')).toBe('32MB');
        expect(await setting(inMemory, 'shared_buffers')).toBe('32MB');
        expect(await setting(stored, 'wal_init_zero')).toBe('off');
        expect(await setting(inMemory, 'wal_init_zero')).toBe('off');
      } finally {
        await Promise.all([stored.close(), inMemory.close()]);
        rmSync(folder, { recursive: true, force: true });
      }
    },
  );
  it('lets the event loop turn between two statements, in a transaction too (PGlite answers with promises alone)', async () => {
    const database = await openTestDatabase('pglite');
    try {
      for (const run of [
        (work: (db: Queryable) => Promise<void>) => work(database.db),
        (work: (db: Queryable) => Promise<void>) => database.db.transaction((tx) => work(tx)),
      ]) {
        const order: string[] = [];
        await run(async (db) => {
          await db.execute(sql`select 1`);
          setImmediate(() => order.push('the loop turned'));
          order.push('first statement done');
          await db.execute(sql`select 2`);
          order.push('second statement done');
        });
        expect(order).toEqual(['first statement done', 'the loop turned', 'second statement done']);
      }
    } finally {
      await database.close();
    }
  });
});
