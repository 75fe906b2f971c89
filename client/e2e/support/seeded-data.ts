/**
 * Vitest global setup of the browser tests: the built app started once on a new embedded database,
 * which it seeds with the demo data, and stopped; every test file's app starts on a copy of that
 * DATA_DIR (support/app-server.ts). Seeding takes most of a start; opening a copy, a few seconds.
 *
 * The seeding runs in the background, so the other tests start at once; a browser test file that
 * starts before it is done waits for it (waitForSeededData). Where the browser tests will not run
 * (no Chromium outside CI) nothing is made.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { SEEDED_FAILED, SEEDED_READY, seedDataDir } from './app-server';
import { chromiumAvailable } from './chromium';

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  project.provide('seededDataDir', '');
  if (!chromiumAvailable() && !process.env.CI) return undefined;
  const folder = await mkdtemp(join(tmpdir(), 'portal-e2e-seeded-'));
  const dataDir = join(folder, 'data');
  const seeding = seedDataDir(dataDir).then(
    () => writeFile(join(folder, SEEDED_READY), ''),
    // Each file then starts on a new database of its own, as it would without this setup.
    (error: unknown) => writeFile(join(folder, SEEDED_FAILED), String(error)),
  );
  project.provide('seededDataDir', folder);
  return async () => {
    await seeding;
    await rm(folder, { recursive: true, force: true });
  };
}
