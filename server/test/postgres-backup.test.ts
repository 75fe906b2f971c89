import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../src/db/open';
import { users } from '../src/db/schema';

/**
 * docs/operations.md's PostgreSQL backup and restore, run as written: `pg_dump -Fc` of a migrated database
 * with rows, `pg_restore --no-owner` into a new empty database, and the same rows come back.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const hasTools = spawnSync('pg_dump', ['--version']).status === 0 && spawnSync('pg_restore', ['--version']).status === 0;
const work = mkdtempSync(join(tmpdir(), 'portal-pgdump-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function urlOf(name: string): string {
  const url = new URL(adminUrl ?? '');
  url.pathname = `/${name}`;
  return url.toString();
}

function runTool(tool: string, args: string[]): void {
  const result = spawnSync(tool, args, { encoding: 'utf8' });
  expect(result.status, `${tool} ${args.join(' ')}:\n${result.stderr}`).toBe(0);
}

describe.skipIf(!adminUrl || (!hasTools && !process.env.CI))('PostgreSQL backup with pg_dump and pg_restore', () => {
  it('restores every row into a new database', async () => {
    const admin = postgres(adminUrl ?? '', { max: 1, onnotice: () => undefined });
    const [from, to] = [`portal_dump_${process.pid}`, `portal_restore_${process.pid}`];
    try {
      for (const name of [from, to]) {
        await admin.unsafe(`drop database if exists ${name} with (force)`);
        await admin.unsafe(`create database ${name}`);
      }
      const source = openPostgres(urlOf(from), 2);
      await source.migrate();
      await source.db.insert(users).values([
        { email: 'gp@backup.test', firstName: 'G', lastName: 'P', role: 'GP', passwordHash: 'x' },
        { email: 'lp@backup.test', firstName: 'L', lastName: 'P', role: 'LP', passwordHash: 'y' },
      ]);
      const before = await source.db.select().from(users).orderBy(users.id);
      await source.close();

      const file = join(work, 'portal.dump');
      runTool('pg_dump', ['-Fc', '-d', urlOf(from), '-f', file]);
      runTool('pg_restore', ['--no-owner', '--exit-on-error', '-d', urlOf(to), file]);

      const restored = openPostgres(urlOf(to), 2);
      try {
        expect(await restored.db.select().from(users).orderBy(users.id)).toEqual(before);
        // The migration journal came along: the server starting on it applies nothing new.
        await restored.migrate();
        // Sequences too: a new row does not collide with a restored id.
        const [added] = await restored.db
          .insert(users)
          .values({ email: 'new@backup.test', firstName: 'N', lastName: 'W', role: 'LP', passwordHash: 'z' })
          .returning({ id: users.id });
        expect(added?.id).toBeGreaterThan(Math.max(...before.map((u) => u.id)));
      } finally {
        await restored.close();
      }
    } finally {
      for (const name of [from, to]) await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end({ timeout: 5 });
    }
  }, 120_000);
});
