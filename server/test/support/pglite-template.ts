/**
 * Vitest global setup of the server tests: one PGlite database migrated once, whose files every
 * test file's fresh in-memory database starts from (support/databases.ts). Starting PGlite and
 * replaying the migrations costs seconds per file; loading the copy, about one.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite } from '../../src/db/open';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated PGlite template's file (a gzipped tar of its data folder, as Database.dump writes it). */
    pgliteTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const database = await openPglite();
  await database.migrate();
  const dump = await database.dump!();
  await database.close();
  const dir = mkdtempSync(join(tmpdir(), 'pglite-template-'));
  const file = join(dir, 'template.tar.gz');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
