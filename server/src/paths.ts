import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Finds a path of the repository by walking up from this file, so the same code works from
 * server/src (tsx, tests) and from the bundle in server/dist.
 */
export function findUp(relative: string, marker = relative): string | undefined {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    if (existsSync(join(dir, marker))) return join(dir, relative);
    dir = resolve(dir, '..');
  }
  return undefined;
}
