import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openPglite, type Database } from '../src/db/open';
import { openTestDatabase } from './support/databases';

async function sharedBuffers(database: Database): Promise<unknown> {
  const rows = await database.db.execute(sql`select current_setting('shared_buffers') as value`);
  return (rows as unknown as { rows: { value: unknown }[] }).rows[0]?.value;
}

describe('the embedded database (PGlite)', () => {
  // Two databases are created and migrated from scratch here, one on disk: on a machine whose cores
  // are all taken that took over 30 s (load 19 on 2 cores), so this test gets the database tests' time.
  it('runs with 32MB of shared buffers, stored under a data folder and in memory alike', { timeout: 120_000 }, async () => {
    const folder = mkdtempSync(join(tmpdir(), 'portal-embedded-'));
    const stored = await openPglite(join(folder, 'pglite'));
    const inMemory = await openTestDatabase('pglite');
    try {
      expect(await sharedBuffers(stored)).toBe('32MB');
      expect(await sharedBuffers(inMemory)).toBe('32MB');
    } finally {
      await Promise.all([stored.close(), inMemory.close()]);
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
