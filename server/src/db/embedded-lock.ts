import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** PGlite's files belong to one process; this lock file says which, so a second one can refuse plainly. */
export class EmbeddedDatabaseBusyError extends Error {}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function lockEmbeddedDatabase(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'server.pid');
  let holder: number | undefined;
  try {
    holder = Number(readFileSync(file, 'utf8').trim());
  } catch {
    holder = undefined;
  }
  if (holder && holder !== process.pid && isRunning(holder)) {
    throw new EmbeddedDatabaseBusyError(
      `The embedded database in ${resolve(dataDir)} is in use by another process (pid ${holder}). ` +
        'Stop that process first, or set DATABASE_URL to use PostgreSQL. Nothing was changed.',
    );
  }
  writeFileSync(file, String(process.pid));
  return () => rmSync(file, { force: true });
}
