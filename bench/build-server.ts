/**
 * Builds bench/server.ts the way production builds the server (server/scripts/build.ts: esbuild,
 * one ESM bundle for Node 20 with the packages bundled in but for a few), so the bench measures the
 * code `pnpm start` runs rather than tsx's on-the-fly transform (its `__name` wrappers and loader
 * hooks cost about 2 µs a request). The bundle goes next to server/dist/main.js, so it resolves the
 * packages left out from server/node_modules and finds the repository's files the same way; the
 * bare route and the app share the one copy of fastify bundled in.
 */
import { join } from 'node:path';
import { buildServer } from '../server/scripts/build';

/** Writes the bundle and returns its path. */
export async function buildBenchServer(root: string): Promise<string> {
  await buildServer([{ in: join(root, 'bench/server.ts'), out: 'bench-server' }], join(root, 'server/dist'));
  return join(root, 'server/dist/bench-server.js');
}
