/**
 * Builds bench/server.ts the way production builds the server (server/package.json `build`: esbuild,
 * one ESM bundle for Node 20, packages left external), so the bench measures the code `pnpm start`
 * runs rather than tsx's on-the-fly transform (its `__name` wrappers and loader hooks cost about
 * 2 µs a request). The bundle goes next to server/dist/main.js, so it resolves the server's
 * packages (the same fastify copy for the bare route and the app) and finds the repository's
 * files the same way.
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';

interface EsbuildApi {
  build(options: {
    entryPoints: string[];
    outfile: string;
    bundle: true;
    platform: 'node';
    format: 'esm';
    target: string;
    packages: 'external';
    logLevel: 'warning';
  }): Promise<unknown>;
}

/** esbuild is the server package's build tool; the root package does not depend on it. */
const esbuild = createRequire(join(import.meta.dirname, '../server/package.json'))('esbuild') as EsbuildApi;

/** Writes the bundle and returns its path. */
export async function buildBenchServer(root: string): Promise<string> {
  const outfile = join(root, 'server/dist/bench-server.js');
  await esbuild.build({
    entryPoints: [join(root, 'bench/server.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  });
  return outfile;
}
